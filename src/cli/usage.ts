// The CLI's usage texts: the overview, and one text per command for `toolyard <command> --help`.
import { VERSION } from '../version'

export const OVERVIEW = `toolyard ${VERSION} — hosted MCP tool servers in one binary

Usage:
  toolyard serve [--host H] [--port P] [--data-dir D] [--public-url U] [--log-level L] [--LIMIT N]...
                (every flag: toolyard serve --help)
  toolyard health [--url U]
  toolyard projects create NAME [--json]
  toolyard projects list [--json]
  toolyard keys create --project NAME [--role admin|mcp] [--server SLUG]... [--name LABEL] [--expires-in 30d] [--json]
  toolyard keys list --project NAME [--json]
  toolyard keys revoke KEY_ID [--json]
  toolyard keys rotate-master [--json]
  toolyard apply -f FILE [--project NAME] [--dry-run] [--prune] [--confirm] [--json]
  toolyard audit verify [--project NAME] [--json]
  toolyard export --project NAME [-o FILE]
  toolyard backup FILE
  toolyard restore FILE
  toolyard migrate [--database-url URL]
  toolyard --version | --help

Every command also takes --data-dir D, and --database-url URL (TOOLYARD_DATABASE_URL) to work on a PostgreSQL
database as serve does (backup and restore then point to pg_dump / pg_restore; keys rotate-master is SQLite only).
\`toolyard <command> --help\` explains one command. Configuration comes from TOOLYARD_* environment variables (see
README); flags override them. keys create prints the new key alone on the last line (or one JSON line {project_id,
key_id, api_key, role, server_ids} with --json); it is shown once. An mcp key may use only the protocol endpoint and
the tools/resources/prompts use endpoints; --server (repeatable) limits it to those servers.`

const DATA_DIR = '  --data-dir D     the data dir (TOOLYARD_DATA_DIR, default ./data)'
const DATABASE_URL = `  --database-url URL  a PostgreSQL database instead (TOOLYARD_DATABASE_URL), opened as serve opens it: migrated,
                      and refused unless TOOLYARD_MASTER_KEY (or the data dir's master.key) opens its sealed data`

export const COMMAND_USAGE: Record<string, string> = {
  serve: `Usage: toolyard serve [--host H] [--port P] [--data-dir D] [--public-url U] [--log-level L] [--LIMIT N]...

Serves the REST API, the MCP endpoints, the dashboard (/mcp/ui) and the metrics (/mcp/metrics).
Every flag sets the TOOLYARD_* variable named beside it (README, "Settings", says more); a flag wins over its variable.
  --host H                         bind address (TOOLYARD_HOST, default 127.0.0.1)
  --port P                         0-65535; 0 picks a free port (TOOLYARD_PORT, default 8080)
${DATA_DIR}
  --public-url U                   origin clients use (TOOLYARD_PUBLIC_URL)
  --log-level L                    debug, info, warn, error or silent (TOOLYARD_LOG_LEVEL, default info)
  --database-url U                 PostgreSQL instead of the data dir's SQLite file (TOOLYARD_DATABASE_URL): any number
                                   of instances on one database, migrated at start; every instance needs the same
                                   TOOLYARD_MASTER_KEY (docs/scale-out.md)
  --database-pool-size N           PostgreSQL connections per instance, 1-100 (TOOLYARD_DATABASE_POOL_SIZE, default 10)
  --database-timeout-ms N          a statement, or the wait for a connection or lock, before 503 database_unavailable
                                   (TOOLYARD_DATABASE_TIMEOUT_MS, default 5000)
  --shutdown-grace-s N             after SIGTERM, how long in-flight requests may finish (TOOLYARD_SHUTDOWN_GRACE_S,
                                   default 8)
Requests and results:
  --max-body-bytes N               largest request body (TOOLYARD_MAX_BODY_BYTES, default 4 MiB)
  --max-json-depth N               deepest JSON body nesting (TOOLYARD_MAX_JSON_DEPTH, default 64)
  --max-batch-size N               messages in one JSON-RPC batch (TOOLYARD_MAX_BATCH_SIZE, default 50)
  --batch-concurrency N            messages of one batch run at once (TOOLYARD_BATCH_CONCURRENCY, default 4)
  --max-result-bytes N             largest tool result, resource or prompt (TOOLYARD_MAX_RESULT_BYTES, default 4 MiB)
  --resource-cache-bytes N         resource read cache, 0 for none (TOOLYARD_RESOURCE_CACHE_BYTES, default 64 MiB)
  --max-spec-bytes N               largest OpenAPI document, fetched, inline or in a project file
                                   (TOOLYARD_MAX_SPEC_BYTES, default 32 MiB)
MCP sessions and streams:
  --max-sessions N                 MCP sessions in memory (TOOLYARD_MAX_SESSIONS, default 10000)
  --max-sessions-per-key N         sessions one key holds (TOOLYARD_MAX_SESSIONS_PER_KEY, default 100)
  --code-max-calls N               nested tool calls one run_code may make (TOOLYARD_CODE_MAX_CALLS, default 50)
  --max-session-subscriptions N    resources/subscribe per session (TOOLYARD_MAX_SESSION_SUBSCRIPTIONS, default 1000)
  --stream-buffer-bytes N          what one SSE stream may queue (TOOLYARD_STREAM_BUFFER_BYTES, default 16 MiB)
  --stream-recheck-s N             how often open streams re-check their key (TOOLYARD_STREAM_RECHECK_S, default 30)
  --task-results-bytes N           finished tasks' results held (TOOLYARD_TASK_RESULTS_BYTES, default 64 MiB)
Functions and remote toolkits:
  --sandbox-workers N              sandbox worker threads, 1-64 (TOOLYARD_SANDBOX_WORKERS, default twice the cores, 4-8)
  --sandbox-warm-per-worker N      warm contexts per worker, 0-256 (TOOLYARD_SANDBOX_WARM_PER_WORKER, default 16)
  --sandbox-queue-per-project N    calls waiting for a worker (TOOLYARD_SANDBOX_QUEUE_PER_PROJECT, default 32)
  --max-remote-tools N             tools one remote toolkit may list (TOOLYARD_MAX_REMOTE_TOOLS, default 1000)
  --max-remote-tool-bytes N        largest remote tool definition (TOOLYARD_MAX_REMOTE_TOOL_BYTES, default 64 KiB)
  --max-remote-calls-per-project N remote tool calls at once per project (TOOLYARD_MAX_REMOTE_CALLS_PER_PROJECT,
                                   default 64)
  --max-remote-watchers-per-project N  list_changed connections per project
                                   (TOOLYARD_MAX_REMOTE_WATCHERS_PER_PROJECT, default 50)
Webhooks:
  --max-subscriptions-per-project N  subscriptions per project (TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT, default 100)
  --webhook-concurrency N          deliveries sent at once, all projects (TOOLYARD_WEBHOOK_CONCURRENCY, default 8)
  --webhook-pending-per-project N  pending deliveries per project (TOOLYARD_WEBHOOK_PENDING_PER_PROJECT, default 10000)
Dashboard and OAuth:
  --dashboard-signin-per-minute N  sign-in attempts per address (TOOLYARD_DASHBOARD_SIGNIN_PER_MINUTE, default 10)
  --dashboard-sessions N           dashboard sessions kept (TOOLYARD_DASHBOARD_SESSIONS, default 1000)
  --oauth-flow-ttl-s N             unfinished OAuth flows kept (TOOLYARD_OAUTH_FLOW_TTL_S, default 86400)
  --oauth-max-clients N            registered OAuth clients in all (TOOLYARD_OAUTH_MAX_CLIENTS, default 10000)
  --oauth-max-clients-per-address N  never-used clients per address (TOOLYARD_OAUTH_MAX_CLIENTS_PER_ADDRESS, default 20)
  --oauth-client-unused-ttl-s N    never-used clients kept (TOOLYARD_OAUTH_CLIENT_UNUSED_TTL_S, default 86400)
One server per data dir: a second serve on the same data dir exits 2; so does a port already in use, and (SQLite) a
database that is empty, malformed, fails PRAGMA quick_check, or holds sealed credentials no master key at hand opens.`,
  health: `Usage: toolyard health [--url U]

Asks a running server whether it is healthy (GET /mcp/health): exit 0 when it answers 200, 1 otherwise (not
listening, 503 while its database does not answer, no answer within 5 s). The container image's HEALTHCHECK.
  --url U          the health URL (default http://HOST:PORT/mcp/health from TOOLYARD_HOST and TOOLYARD_PORT,
                   a wildcard host such as 0.0.0.0 asked over loopback)`,
  projects: `Usage: toolyard projects create NAME [--json]
       toolyard projects list [--json]

Creates or lists projects in the data dir's database (safe next to a running server).
${DATA_DIR}
${DATABASE_URL}`,
  keys: `Usage: toolyard keys create --project NAME [--role admin|mcp] [--server SLUG]... [--name LABEL] [--expires-in 30d] [--json]
       toolyard keys list --project NAME [--json]
       toolyard keys revoke KEY_ID [--json]
       toolyard keys rotate-master [--json]

create makes an API key (creating the project if needed) and prints it once, alone on the last line;
--expires-in is above zero and at most 3650d (s, m, h, d, w).
list shows each key's id, prefix, name, role, state and when it was last used.
rotate-master re-wraps every data key with a new master key (SQLite only: on PostgreSQL every instance holds the
master key, so it refuses).
list, revoke and rotate-master need an existing database; only create makes one.
${DATA_DIR}
${DATABASE_URL}`,
  apply: `Usage: toolyard apply -f FILE [--project NAME] [--dry-run] [--prune] [--confirm] [--json]

Makes a project match a YAML or JSON project file (docs/functions.md, examples/toolyard.yaml): one line per record
(created|updated|unchanged|deleted KIND NAME) and a summary. Nothing is written when any record is invalid.
  -f FILE          the project file; functions may name code files relative to it
  --project NAME   the project (default: the file's \`project\`)
  --dry-run        print the plan, write nothing
  --prune          delete the project's records the file does not name
  --confirm        accept OpenAPI toolkits whose credentials would go to a new host or use a changed security scheme
  --json           one JSON object instead of lines
A running server on the same data dir (or PostgreSQL database) sees the result at once.
${DATA_DIR}
${DATABASE_URL}`,
  audit: `Usage: toolyard audit verify [--project NAME] [--json]

Checks each project's audit trail (or one project's): every entry carries the hash of the one before it, so an entry
removed or altered in the database is found. Prints one line per project, "ok" or the first entry that is missing or
altered (its sequence number and id); exits 1 when any chain is broken.
${DATA_DIR}
${DATABASE_URL}`,
  export: `Usage: toolyard export --project NAME [-o FILE]

Writes the project in the format apply reads (function code inline), to FILE or stdout.
${DATA_DIR}
${DATABASE_URL}`,
  backup: `Usage: toolyard backup FILE

Writes a consistent copy of the database to FILE (a new file, owner-only 0600) while the server keeps running
(SQLite VACUUM INTO).
The master key is NOT in the backup: keep DATA_DIR/master.key (or TOOLYARD_MASTER_KEY) safe separately.
On PostgreSQL (TOOLYARD_DATABASE_URL) it refuses: back up with pg_dump.
${DATA_DIR}`,
  restore: `Usage: toolyard restore FILE

Replaces the data dir's database with the backup FILE. Refused while a server runs on the data dir: stop it first.
Also refused, leaving the data dir as it was, when FILE is not a Toolyard database or has a newer schema than this
binary.
The restored secrets open only with the master key that was in use when the backup was taken.
On PostgreSQL (TOOLYARD_DATABASE_URL) it refuses: restore with pg_restore.
${DATA_DIR}`,
  migrate: `Usage: toolyard migrate [--database-url URL]

Brings the database schema up to date (serve does this on start too).
${DATA_DIR}
  --database-url URL  a PostgreSQL database (TOOLYARD_DATABASE_URL) to bring up to date instead, under an advisory
                      lock (safe while other instances migrate it too); the other commands take it too
                      (docs/scale-out.md).`,
}
