// The real service for tests: in this process on 127.0.0.1:0 (startTestApp), or as the CLI in a child process
// (runCli, startServe), each with a temp data dir.
import { Database } from 'bun:sqlite'
import { afterAll } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfig } from '../../src/config'
import { openPostgres } from '../../src/db/postgres/sql'
import type { DepsOverrides } from '../../src/deps'
import { createLogger } from '../../src/lib/log'
import { type RunningServer, startServer } from '../../src/server'
import { waitFor } from './poll'
import { createTestDatabase } from './postgres'

/**
 * `TOOLYARD_TEST_BACKEND=postgres` (npm run test:pg): every in-process app runs on PostgreSQL, each on a fresh database
 * of the test cluster (test/helpers/postgres.ts: a copy of the migrated template, so its start migrates nothing) dropped
 * when it stops, unless the test names one (TOOLYARD_DATABASE_URL in `env`, e.g. two apps on one database). Otherwise
 * SQLite in the temp data dir.
 */
const testBackend: 'sqlite' | 'postgres' = process.env.TOOLYARD_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite'

export const ROOT = resolve(import.meta.dir, '../..')
/**
 * The program CLI and `serve` children run: the binary `npm test` built at its start from this very source
 * (TOOLYARD_TEST_BINARY, set by scripts/test.sh, or by CI to the binary it ships), else `bun src/main.ts` (a file run
 * alone). A child of the binary starts on about half the CPU, as it parses no source (docs/decisions/0053-test-time-cli-children-on-the-binary.md).
 */
export const CLI_COMMAND = process.env.TOOLYARD_TEST_BINARY
  ? [resolve(ROOT, process.env.TOOLYARD_TEST_BINARY)]
  : [process.execPath, join(ROOT, 'src/main.ts')]

const tempDir = (prefix = 'toolyard-test-') => mkdtempSync(join(tmpdir(), prefix))

/** Returns a maker of temp dirs that are all removed after the calling test file's tests. */
export function tempDirs(prefix?: string): () => string {
  const dirs: string[] = []
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true })
  })
  return () => {
    const d = tempDir(prefix)
    dirs.push(d)
    return d
  }
}

export interface TestApp {
  server: RunningServer
  /** http://127.0.0.1:PORT/mcp */
  base: string
  dataDir: string
  apiKey: string
  projectId: string
  /** fetch relative to base with the API key and JSON headers. */
  api(
    path: string,
    init?: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> },
  ): Promise<Response>
  /**
   * Runs one statement on the app's database through a connection of its own (SQLite file or PostgreSQL, whichever
   * the app runs on), for tests that look at or change rows behind the service's back; `$name` placeholders.
   */
  sql(query: string, params?: Record<string, unknown>): Promise<Record<string, unknown>[]>
  /** Another project with its own key, for isolation tests. */
  newProject(name: string): Promise<{ projectId: string; apiKey: string }>
  stop(): Promise<void>
}

/** Starts the service in this process with a temp SQLite file (or PostgreSQL database) and one project + API key. */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    dataDir?: string
    keepData?: boolean
    /** Receives every log line (all levels), e.g. to scan for secrets. */
    onLogLine?: (line: string) => void
    /** Parts the composition root takes from outside, e.g. an extra toolkit kind. */
    overrides?: DepsOverrides
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? tempDir()
  const database =
    testBackend === 'postgres' && !env.TOOLYARD_DATABASE_URL ? await createTestDatabase({ migrated: true }) : null
  const config = loadConfig({
    TOOLYARD_PORT: '0',
    TOOLYARD_HOST: '127.0.0.1',
    TOOLYARD_DATA_DIR: dataDir,
    TOOLYARD_LOG_LEVEL: 'silent',
    TOOLYARD_RATE_LIMITS: 'off',
    TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
    // A pool of 4, not the default 10: Bun's client opens its whole pool at the first query, and each backend costs
    // the test cluster ~50 ms of CPU; 4 still runs a test's requests side by side (docs/decisions/0051-test-databases-on-postgresql.md).
    ...(database ? { TOOLYARD_DATABASE_URL: database.url, TOOLYARD_DATABASE_POOL_SIZE: '4' } : {}),
    ...env,
  })
  const server = await startServer(config, {
    ...opts.overrides,
    ...(opts.onLogLine ? { log: createLogger('debug', opts.onLogLine) } : {}),
  })
  const base = `${server.origin}/mcp`
  const newProject = async (name: string) => {
    const p = await server.deps.projects.projectOrCreate(name)
    const { apiKey } = await server.deps.projects.createKey(p.id, { name: 'test' })
    return { projectId: p.id, apiKey }
  }
  const main = await newProject('test')
  const api: TestApp['api'] = (path, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) }
    const key = init.key === undefined ? main.apiKey : init.key
    if (key) headers['X-API-Key'] = key
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    return fetch(base + path, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    })
  }
  // One connection for all of this app's `sql` calls, opened at the first, closed when the app stops: each new one
  // costs the server a backend's start.
  let pg: ReturnType<typeof openPostgres> | null = null
  const sql: TestApp['sql'] = async (query, params = {}) => {
    if (config.databaseUrl) {
      pg ??= openPostgres(config.databaseUrl, { max: 1 })
      try {
        return await pg.all(query, params)
      } finally {
        // A write of the app's own (an empty transaction) returns once its change feed heard everything before it.
        await server.deps.store.tx(async () => {})
      }
    }
    const db = new Database(join(dataDir, 'toolyard.sqlite'))
    try {
      // The app's own connections (the call log's writer thread, a job) may hold the write lock for a moment.
      db.run('PRAGMA busy_timeout = 5000')
      const named = Object.fromEntries(Object.entries(params).map(([k, v]) => [`$${k}`, v]))
      return db.query(query).all(named as never) as Record<string, unknown>[]
    } finally {
      db.close()
    }
  }
  return {
    server,
    base,
    dataDir,
    sql,
    apiKey: main.apiKey,
    projectId: main.projectId,
    api,
    newProject,
    async stop() {
      await pg?.close()
      await server.stop()
      await database?.drop()
      if (!opts.keepData && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The environment every child gets: no inherited TOOLYARD_* settings, quiet logs unless asked. A variable given as
 * undefined is left out (e.g. SHIPPED_ALLOCATOR).
 */
function childEnv(dataDir: string, env: ChildEnv): Record<string, string> {
  const merged: Record<string, string | undefined> = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('TOOLYARD_')) merged[k] = v
  Object.assign(merged, { TOOLYARD_DATA_DIR: dataDir }, env)
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(merged)) if (v !== undefined) out[k] = v
  return out
}

/** A child's environment on top of the test process's; undefined unsets a variable. */
type ChildEnv = Record<string, string | undefined>

/**
 * The allocator as a binary started by hand gets it: scripts/test.sh sets MIMALLOC_PURGE_DELAY=-1 (freed pages are
 * kept, which saves the kernel time of returning and faulting them again); a test that measures what memory a child
 * gives back spreads this into the child's env to measure mimalloc's default behaviour instead (docs/decisions/README.md,
 * "Test time: kernel time and workers of the SQLite pass").
 */
export const SHIPPED_ALLOCATOR: ChildEnv = { MIMALLOC_PURGE_DELAY: undefined }

/** Which program runs the CLI: CLI_COMMAND by default, or e.g. a given binary from another cwd. */
export interface CliProgram {
  command?: string[]
  cwd?: string
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** Runs one CLI command to its end against `dataDir`. */
export async function runCli(
  args: string[],
  dataDir: string,
  env: ChildEnv = {},
  program: CliProgram = {},
): Promise<CliResult> {
  const proc = Bun.spawn([...(program.command ?? CLI_COMMAND), ...args], {
    cwd: program.cwd ?? ROOT,
    env: childEnv(dataDir, env),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stdout, stderr }
}

export interface ServeProcess {
  proc: ReturnType<typeof Bun.spawn>
  port: number
  base: string
  /** Everything written to stdout so far. */
  output(): string
  /** SIGTERM, then the exit code. */
  stop(): Promise<number>
}

/** Starts `serve` on 127.0.0.1:0 (plus `serveArgs`) and waits for the "listening … (port N)" line. */
export async function startServe(
  dataDir: string,
  env: ChildEnv = {},
  program: CliProgram & { serveArgs?: string[] } = {},
): Promise<ServeProcess> {
  const started = await serveOrRefusal(dataDir, env, program)
  if (started.refused) throw new Error(`serve exited early (${started.code}):\n${started.stdout}\n${started.stderr}`)
  return started.server
}

/**
 * Starts `serve` as startServe does, for a start that may be refused: the running server once it listens, or its exit
 * code and output when it exits first.
 */
export async function serveOrRefusal(
  dataDir: string,
  env: ChildEnv = {},
  program: CliProgram & { serveArgs?: string[] } = {},
): Promise<{ refused: false; server: ServeProcess } | ({ refused: true } & CliResult)> {
  const proc = Bun.spawn([...(program.command ?? CLI_COMMAND), 'serve', ...(program.serveArgs ?? [])], {
    cwd: program.cwd ?? ROOT,
    env: childEnv(dataDir, { TOOLYARD_PORT: '0', TOOLYARD_HOST: '127.0.0.1', TOOLYARD_LOG_LEVEL: 'warn', ...env }),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let out = ''
  const read = (async () => {
    const decoder = new TextDecoder()
    for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) out += decoder.decode(chunk, { stream: true })
  })()
  let exited = false
  void proc.exited.then(() => (exited = true))
  const port = await waitFor(
    'the listening line',
    () => {
      if (exited) return -1
      const m = /listening on \S+ \(port (\d+)\)/.exec(out)
      return m ? Number(m[1]) : undefined
    },
    { timeoutMs: 20_000 },
  )
  if (port === -1) {
    await read
    const stderr = await new Response(proc.stderr as ReadableStream).text()
    return { refused: true, code: await proc.exited, stdout: out, stderr }
  }
  return {
    refused: false,
    server: {
      proc,
      port,
      base: `http://127.0.0.1:${port}/mcp`,
      output: () => out,
      async stop() {
        if (!exited) proc.kill('SIGTERM')
        return proc.exited
      },
    },
  }
}
