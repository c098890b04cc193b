// The FunctionHost of a 2026-07-28 request: logs only at or above the request's `_meta` logLevel, progress on the
// request's own stream, and sample/elicit/listRoots as MRTR questions (never a request frame), each only when the
// request declares the capability.
import { isMcpLogLevel, MCP_LOG_LEVELS, type McpLogLevel } from '../../lib/log'
import type { FunctionHost, ListName } from '../../runtime/host'
import type { JsonObject } from '../backend'
import { notification } from '../jsonrpc'
import type { InputRound } from './mrtr'
import { META } from './validate'

const declared = (caps: JsonObject, name: string) => caps[name] !== undefined && caps[name] !== null

export function modernHost(o: {
  signal: AbortSignal
  emit: (message: unknown) => boolean
  meta: JsonObject
  capabilities: JsonObject
  /** Absent for methods that cannot ask (lists, discover). */
  round?: InputRound
  notify: (list: ListName) => void
}): FunctionHost {
  const { meta, capabilities: caps, round, emit } = o
  const level = meta[META.logLevel]
  const threshold = isMcpLogLevel(level) ? MCP_LOG_LEVELS.indexOf(level) : -1
  const token =
    typeof meta.progressToken === 'string' || typeof meta.progressToken === 'number' ? meta.progressToken : undefined
  return {
    signal: o.signal,
    log(l: McpLogLevel, data: string) {
      const at = MCP_LOG_LEVELS.indexOf(l)
      if (threshold < 0 || at < threshold) return
      emit(notification('notifications/message', { level: l, data }))
    },
    progress(progress: number, total?: number, message?: string) {
      if (token === undefined) return
      emit(
        notification('notifications/progress', {
          progressToken: token,
          progress,
          ...(total !== undefined && total !== null ? { total } : {}),
          ...(message !== undefined && message !== null ? { message } : {}),
        }),
      )
    },
    ...(round && declared(caps, 'sampling')
      ? { sample: (req: JsonObject, opts) => round.ask('sampling/createMessage', req, opts?.key) }
      : {}),
    ...(round && declared(caps, 'elicitation')
      ? { elicit: (req: JsonObject, opts) => round.ask('elicitation/create', req, opts?.key) }
      : {}),
    ...(round && declared(caps, 'roots') ? { listRoots: (opts) => round.ask('roots/list', {}, opts?.key) } : {}),
    notifyListChanged: o.notify,
  }
}
