// The FunctionHost of a 2026-07-28 request: logs only at or above the request's `_meta` logLevel, progress on the
// request's own stream, and sample/elicit/listRoots as MRTR questions (never a request frame), each only when the
// request declares the capability.
import { isMcpLogLevel, MCP_LOG_LEVELS, type McpLogLevel } from '../../lib/log'
import type { FunctionHost, ListName } from '../../runtime/host'
import type { JsonObject } from '../backend'
import { notification, progressNotification } from '../jsonrpc'
import { META } from './validate'

const declared = (caps: JsonObject, name: string) => caps[name] !== undefined && caps[name] !== null
/** `elicitation: {url: {}}`: the client can be asked to open a URL (a remote upstream may ask it through us). */
export const declaresUrlElicitation = (caps: JsonObject) => {
  const e = caps.elicitation
  return !!e && typeof e === 'object' && !Array.isArray(e) && declared(e as JsonObject, 'url')
}

export function modernHost(o: {
  signal: AbortSignal
  emit: (message: unknown) => boolean
  meta: JsonObject
  capabilities: JsonObject
  /** Where questions go: an MRTR round, or a task that parks; absent for methods that cannot ask. */
  ask?: (method: string, params: JsonObject, key?: string) => Promise<JsonObject>
  notify: (list: ListName) => void
  /** A task's deadline (TOOLYARD_TASK_MAX_MS). */
  deadlineMs?: number
}): FunctionHost {
  const { meta, capabilities: caps, ask, emit } = o
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
      emit(progressNotification(token, progress, total, message))
    },
    ...(ask && declared(caps, 'sampling')
      ? { sample: (req: JsonObject, opts) => ask('sampling/createMessage', req, opts?.key) }
      : {}),
    ...(ask && declared(caps, 'elicitation')
      ? { elicit: (req: JsonObject, opts) => ask('elicitation/create', req, opts?.key) }
      : {}),
    ...(ask && declared(caps, 'roots') ? { listRoots: (opts) => ask('roots/list', {}, opts?.key) } : {}),
    ...(ask && declaresUrlElicitation(caps) ? { elicitUrl: true } : {}),
    notifyListChanged: o.notify,
    ...(o.deadlineMs !== undefined ? { deadlineMs: o.deadlineMs } : {}),
  }
}
