// JSON-lines logger on stdout, and the level names of both logs: the service's own and the MCP client's.
// Callers pass plain fields; never pass secrets (they would be printed).

/** The service log's levels (TOOLYARD_LOG_LEVEL), least severe first; `silent` prints nothing. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/**
 * The levels of MCP's notifications/message and logging/setLevel (RFC 5424 names), least severe first. A function's
 * `ctx.log(level, message)` speaks them too.
 */
export const MCP_LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const
export type McpLogLevel = (typeof MCP_LOG_LEVELS)[number]

export const isMcpLogLevel = (level: unknown): level is McpLogLevel =>
  (MCP_LOG_LEVELS as readonly unknown[]).includes(level)

/** User code may pass any level name: "warn" is "warning"; unknown ones are sent as "info" rather than breaking the client. */
export const toMcpLogLevel = (level: string): McpLogLevel =>
  level === 'warn' ? 'warning' : isMcpLogLevel(level) ? level : 'info'

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
  /** Whether a line at `level` would be written: hot paths skip building fields nobody will see. */
  enabled?(level: Exclude<LogLevel, 'silent'>): boolean
}

/**
 * One line to stdout. console.log with one argument prints it as is (no format directives) and in order with
 * process.stdout writes; process.stdout's first write loads Bun's Node stream modules, ~10–30 ms of a compiled start
 * (docs/decisions/0036-hot-path-at-the-limit.md: cold start).
 */
export const writeLine = (line: string): void => console.log(line)

export function createLogger(level: LogLevel, write: (line: string) => void = writeLine): Logger {
  const threshold = LOG_LEVELS.indexOf(level)
  const enabled = (lvl: Exclude<LogLevel, 'silent'>) => LOG_LEVELS.indexOf(lvl) >= threshold
  const off = () => {}
  const at = (lvl: Exclude<LogLevel, 'silent'>) =>
    enabled(lvl)
      ? (msg: string, fields?: Record<string, unknown>) =>
          write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }))
      : off
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), enabled }
}
