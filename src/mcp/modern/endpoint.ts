// A 2026-07-28 POST, after admission: validate (HTTP 400 on a bad header or `_meta`), then answer statelessly: no
// session is read or minted, subscriptions/listen opens its own stream, everything else runs through exchange().
import type { Server } from 'bun'
import type { Keyring } from '../../crypto/master-key'
import { requestIdOf } from '../../http/errors-plugin'
import type { EventBus } from '../../lib/events'
import type { Logger } from '../../lib/log'
import type { OnServer } from '../../lib/request-context'
import type { ServerRow } from '../../lib/server'
import type { ListName } from '../../runtime/host'
import { callerOf, type Principal } from '../admission'
import type { McpBackend } from '../backend'
import { RPC } from '../errors'
import { exchange, jsonResponse } from '../exchange'
import { failure, failureFrom, isObject } from '../jsonrpc'
import type { SessionStore } from '../sessions'
import { MODERN_VERSION } from '../versions'
import { dispatchModern } from './dispatch'
import { modernHost } from './host'
import type { ListenRegistry } from './listen'
import type { TaskAsk, TaskStore } from './tasks'
import { ModernRejection, validateModern } from './validate'

export interface ModernDeps {
  mcpBackend: McpBackend
  mcpSessions: SessionStore
  events: EventBus
  keyring: Keyring
  listeners: ListenRegistry
  tasks: TaskStore
  taskMaxMs: number
  version: string
  onInternal: (err: unknown) => void
  log: Logger
}

/** Method not found is 404 in 2026-07-28; header, version and capability errors are 400; the rest ride on 200. */
function statusOf(outcome: unknown): number {
  const code = isObject(outcome) && isObject(outcome.error) ? outcome.error.code : undefined
  if (code === RPC.METHOD_NOT_FOUND) return 404
  if (code === RPC.HEADER_MISMATCH || code === RPC.MISSING_CAPABILITY || code === RPC.UNSUPPORTED_VERSION) return 400
  return 200
}

/** ctx.notifyListChanged: list_changed for the calling server, to its sessions' and listeners' streams. */
export const listChanged = (events: EventBus, server: ServerRow) => (list: ListName) =>
  events.publish({ type: 'list_changed', list, projectId: server.project_id, serverId: server.id })

export function handleModern(
  deps: ModernDeps,
  p: {
    request: Request
    server: Server<unknown> | null
    who: Principal
    body: unknown
    headers: Record<string, string>
  },
): Promise<Response> | Response {
  const { request, who, headers: h } = p
  let v: ReturnType<typeof validateModern>
  try {
    v = validateModern(request.headers, p.body)
  } catch (e) {
    if (!(e instanceof ModernRejection)) throw e
    return jsonResponse(failure(e.id, e.code, e.message, e.data), e.status, h)
  }
  if (v.kind === 'accepted') return new Response(null, { status: 202, headers: h })
  const { req, capabilities, meta } = v
  if (req.method === 'subscriptions/listen')
    return deps.listeners.listen({ req, who, headers: h, keepOpen: () => p.server?.timeout(request, 0), request })
  const notify = listChanged(deps.events, who.server)
  // The one request context (docs/decisions/0029-one-request-context.md); each dispatch adds its host.
  const context: Omit<OnServer, 'host'> = {
    requestId: requestIdOf(request),
    principal: who.principal,
    ...callerOf(who),
    projectId: who.server.project_id,
    ...(who.userId ? { userId: who.userId } : {}),
    server: who.server,
    version: MODERN_VERSION,
  }
  const ctx = {
    context,
    backend: deps.mcpBackend,
    server: who.server,
    keyring: deps.keyring,
    capabilities,
    headers: request.headers,
    serverVersion: deps.version,
    tasks: deps.tasks,
    // A task has no response stream: it cannot log or report progress; its questions park it until tasks/update.
    taskHost: (t: { signal: AbortSignal; ask: TaskAsk }) =>
      modernHost({
        signal: t.signal,
        emit: () => false,
        meta,
        capabilities,
        notify,
        ask: t.ask,
        deadlineMs: deps.taskMaxMs,
      }),
  }
  return exchange({
    req,
    ctx: context,
    backend: deps.mcpBackend,
    sessions: deps.mcpSessions,
    scope: `${who.principal}|${who.server.id}`,
    acceptsSse: (request.headers.get('accept') ?? '').includes('text/event-stream'),
    headers: h,
    keepOpen: () => p.server?.timeout(request, 0),
    onInternal: deps.onInternal,
    modern: {
      run: (signal, emit) =>
        dispatchModern(ctx, req, (round) =>
          modernHost({ signal, emit, meta, capabilities, notify, ...(round ? { ask: round.ask.bind(round) } : {}) }),
        ),
      statusOf,
      signal: request.signal,
    },
  }).catch((err) => jsonResponse(failureFrom(req.id, err, deps.onInternal), 200, h))
}
