// The one request context (docs/decisions/0029-one-request-context.md, docs/decisions/0310-one-call-context.md): built
// once at admission (the protocol endpoint, or a REST "use" route) and handed whole, as the first argument, through
// dispatch, the feature that serves the call, its toolkit source and the function runner, as the MCP SDK's
// RequestHandlerExtra and Hono's `c` are. What a call adds (a tool's arguments, its credential) travels beside it as
// plain arguments, never as another context object. On the ground floor so every layer may name it.
import type { KeyRole } from './access'
import type { FunctionHost } from './host'
import type { ServerRow } from './server'

/**
 * A server as a request refers to it: its id, its project and its slug, never the stored row (a feature that needs
 * more asks its own service). A row is structurally one, so admission hands over what it resolved without copying.
 */
export type ServerRef = Pick<ServerRow, 'id' | 'project_id' | 'slug'>

/** An MCP session as the context names it; the protocol layer narrows it to its own Session. */
interface SessionRef {
  readonly id: string
  /** What the client declared at initialize (whether it takes URL elicitation, for in-band consent). */
  readonly clientCapabilities?: Readonly<Record<string, unknown>>
}

/**
 * A field added here is set where contexts are built (src/mcp/endpoint.ts, src/mcp/modern/endpoint.ts,
 * src/http/rest-context.ts) and copied by the protocol's MessageContext (src/mcp/exchange.ts, which fails to compile
 * until it does).
 */
export interface RequestContext {
  /** The `x-request-id` answered and logged (the caller's when sane, else a new UUIDv7). */
  readonly requestId: string
  /** Who calls: `key:<id>`, or on a public server without a key `addr:<ip>` (the rate-limit subject). */
  readonly principal: string
  /**
   * The caller's key role, the end user it acts for (a user token or grant: docs/decisions/0330-users.md; absent = no
   * user) and that user's groups, when known: what policies match.
   */
  readonly role?: KeyRole
  readonly userId?: string
  readonly groups?: readonly string[]
  /** The call runs as a 2026-07-28 task: it may wait (an approval) as long as the task's deadline. */
  readonly inTask?: boolean
  /** The project the request acts in (the server's). */
  readonly projectId: string
  /** Always on the protocol endpoint; on REST only when the caller named one (else the tool is found in the project). */
  readonly server?: ServerRef
  /** The protocol version the request is answered in (negotiated, header, or the default); absent on REST. */
  readonly version?: string
  /** Absent on stateless requests, 2026-07-28 and REST. */
  readonly session?: SessionRef
  /**
   * What a running function reaches of its caller (the part of the context that crosses to the sandbox worker, where
   * it is rebuilt over messages); its `signal` is the request's cancellation. Made on first read (a tools/list never
   * builds one): read it, never spread the context (src/mcp/cancellable.ts).
   */
  readonly host: FunctionHost
  /** The OAuth client's name, when the caller's token came from an OAuth grant. */
  readonly clientName?: string
}

/** The context on the protocol endpoint, where a server and a version are always known: the same object, narrowed. */
export type OnServer = RequestContext & { readonly server: ServerRef; readonly version: string }
