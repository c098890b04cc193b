// The operator's local (stdio) MCP servers: TOOLYARD_LOCAL_SERVERS names a JSON or YAML file
// `{servers: [{name, command, args?, env?, allow_network?, memory_mb?, cpu_s?}]}`, read once at start. Only the
// operator writes commands: a tenant attaches a server by its name (docs/decisions/0365-local-servers.md).
import { readFileSync } from 'node:fs'

export interface LocalServer {
  name: string
  command: string
  args: string[]
  /** Extra variables the operator gives the child (never the service's own environment). */
  env: Record<string, string>
  /** Under the sandbox: may the child reach the network (default false). */
  allow_network: boolean
  /** Address space the child may take (RLIMIT_AS), in MiB. */
  memory_mb: number
  /** CPU seconds one child may use in its life (RLIMIT_CPU); it is restarted on the next call after. */
  cpu_s: number
  /**
   * The MCP Registry package this server runs, as `registryType:identifier` (`npm:@modelcontextprotocol/server-memory`):
   * the operator's leave for a registry import naming that package to attach this server (docs/decisions/0368-registry-packages-as-local-servers.md).
   */
  package?: string
}

const MEMORY_DEFAULT_MB = 2048
const CPU_DEFAULT_S = 3600

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/
const KEYS = new Set(['name', 'command', 'args', 'env', 'allow_network', 'memory_mb', 'cpu_s', 'package'])
const PACKAGE = /^[a-z0-9-]{1,20}:\S{1,300}$/

/** A refusal naming the field of the file (`servers[1].command`), for the start's error line. */
export class LocalServersError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function positive(v: unknown, field: string, fallback: number, max: number): number {
  if (v === undefined) return fallback
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max)
    throw new LocalServersError(`${field} must be an integer from 1 to ${max}`)
  return v
}

function serverOf(v: unknown, at: string): LocalServer {
  if (!isObject(v)) throw new LocalServersError(`${at} must be an object {name, command, args?, env?, allow_network?}`)
  const unknown = Object.keys(v).find((k) => !KEYS.has(k))
  if (unknown) throw new LocalServersError(`${at}.${unknown} is not a known field (known: ${[...KEYS].join(', ')})`)
  if (typeof v.name !== 'string' || !NAME.test(v.name))
    throw new LocalServersError(`${at}.name must be 1-100 letters, digits, "_", "-" or "."`)
  if (typeof v.command !== 'string' || v.command.trim() === '')
    throw new LocalServersError(`${at}.command must be a non-empty string (the program to run)`)
  if (v.args !== undefined && (!Array.isArray(v.args) || v.args.some((a) => typeof a !== 'string')))
    throw new LocalServersError(`${at}.args must be a list of strings`)
  if (v.env !== undefined) {
    if (!isObject(v.env)) throw new LocalServersError(`${at}.env must be an object of strings`)
    for (const [k, val] of Object.entries(v.env)) {
      if (!ENV_NAME.test(k)) throw new LocalServersError(`${at}.env.${k} is not a valid variable name`)
      if (typeof val !== 'string') throw new LocalServersError(`${at}.env.${k} must be a string`)
    }
  }
  if (v.allow_network !== undefined && typeof v.allow_network !== 'boolean')
    throw new LocalServersError(`${at}.allow_network must be true or false`)
  if (v.package !== undefined && (typeof v.package !== 'string' || !PACKAGE.test(v.package)))
    throw new LocalServersError(
      `${at}.package must be "registryType:identifier", e.g. "npm:@modelcontextprotocol/server-memory"`,
    )
  return {
    ...(v.package !== undefined ? { package: v.package as string } : {}),
    name: v.name,
    command: v.command,
    args: (v.args as string[] | undefined) ?? [],
    env: (v.env as Record<string, string> | undefined) ?? {},
    allow_network: v.allow_network === true,
    memory_mb: positive(v.memory_mb, `${at}.memory_mb`, MEMORY_DEFAULT_MB, 1_048_576),
    cpu_s: positive(v.cpu_s, `${at}.cpu_s`, CPU_DEFAULT_S, 31_536_000),
  }
}

/** The servers of a file's text (JSON when it starts with `{`, else YAML); throws LocalServersError naming the field. */
export function parseLocalServers(text: string): LocalServer[] {
  let doc: unknown
  try {
    doc = text.trimStart().startsWith('{') ? JSON.parse(text) : Bun.YAML.parse(text)
  } catch (error) {
    throw new LocalServersError(`is neither JSON nor YAML: ${String((error as Error).message).slice(0, 200)}`)
  }
  if (!isObject(doc) || !Array.isArray(doc.servers))
    throw new LocalServersError('servers must be a list: {servers: [{name, command, ...}]}')
  const servers = doc.servers.map((s, i) => serverOf(s, `servers[${i}]`))
  const seen = new Set<string>()
  for (const [i, s] of servers.entries()) {
    if (seen.has(s.name)) throw new LocalServersError(`servers[${i}].name "${s.name}" is declared twice`)
    seen.add(s.name)
    if (s.package && servers.findIndex((o) => o.package === s.package) !== i)
      throw new LocalServersError(`servers[${i}].package "${s.package}" is declared by two servers`)
  }
  return servers
}

/** Reads and parses the file; throws LocalServersError (the file missing or unreadable is said so). */
export function readLocalServers(path: string): LocalServer[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new LocalServersError(`cannot be read: ${(error as NodeJS.ErrnoException).code ?? 'error'}`)
  }
  return parseLocalServers(text)
}
