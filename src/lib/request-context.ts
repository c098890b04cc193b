// The one request context (docs/decisions/0029-one-request-context.md): built once at admission, extended on the way
// down (the protocol layer adds its backend and session object), and handed whole to the feature that serves the call,
// as the MCP SDK's RequestHandlerExtra and Hono's `c` are. It replaces positional lists (server, name, args, host,
// opts) and the request id travelling beside the context. On the ground floor so every layer may name it.
import type { FunctionHost } from './host'
import type { Logger } from './log'
import type { ServerRow } from './server'

/**
 * A server as a request refers to it: its id, its project and its slug, never the stored row (a feature that needs
 * more asks its own service). A row is structurally one, so admission hands over what it resolved without copying.
 */
export type ServerRef = Pick<ServerRow, 'id' | 'project_id' | 'slug'>

/** An MCP session as the context names it; the protocol layer narrows it to its own Session. */
interface SessionRef {
  readonly id: string
}

export interface RequestContext {
  /** The `x-request-id` answered and logged (the caller's when sane, else a new UUIDv7). */
  readonly requestId: string
  /** Who calls: `key:<id>`, or on a public server without a key `addr:<ip>` (the rate-limit subject). */
  readonly principal: string
  /** The project the request acts in (the server's). */
  readonly projectId: string
  readonly server: ServerRef
  /** The protocol version the request is answered in (negotiated, header, or the default). */
  readonly version: string
  /** Absent on stateless requests and 2026-07-28. */
  readonly session?: SessionRef
  /**
   * What a running function reaches of its caller; its `signal` is the request's cancellation. Made on first read (a
   * tools/list never builds one): read it, never spread the context (src/mcp/cancellable.ts).
   */
  readonly host: FunctionHost
  readonly log: Logger
  /** The project's user the call acts for (a user token or an OAuth grant bound to one), when there is one. */
  readonly userId?: string
  /** The OAuth client's name, when the caller's token came from an OAuth grant. */
  readonly clientName?: string
}

/**
 * A REST call's context (src/modules/tools, REST /tools/call): the same request, answered without the protocol (no
 * version, no session), on a server only when the caller named one (without server_id the tool is found in the project).
 */
export type RestRequestContext = Omit<RequestContext, 'server' | 'version' | 'session'> & {
  readonly server?: ServerRef
}
