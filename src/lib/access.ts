// Who is calling and what a key's role allows: an `mcp` key reaches only the protocol endpoint and the REST "use"
// endpoints, and, when limited to servers, only those (docs/decisions/0014-keys-and-mcp-authorization.md). On the ground
// floor because http (the guard), mcp (admission) and features all ask it (docs/architecture.md, "Layers").
import { AppError, notFound } from './errors'

export type KeyRole = 'admin' | 'mcp'

export interface AuthContext {
  projectId: string
  keyId: string
  /** `mcp`: only the protocol endpoint and the REST "use" endpoints (assertRouteAllowed below). */
  role: KeyRole
  /** The end user this key acts for (a user token: docs/decisions/0330-users.md) and that user's groups; undefined = no user. */
  userId?: string
  groups?: string[]
  /** The OAuth client's name, when the caller presented an access token of an OAuth grant or a machine client. */
  clientName?: string
  /** The only servers this caller may use; undefined = every server of the project. */
  serverIds?: string[]
}

/** The port the guard authenticates an API key through (the projects feature implements it). */
export interface KeyAuthenticator {
  /** A promise only when the key must be loaded (a read-model miss): the request path's hit stays synchronous. */
  authenticate(presented: string | undefined): AuthContext | null | Promise<AuthContext | null>
}

/** The REST endpoints an `mcp` key may call (paths under /mcp). */
const MCP_USE_ROUTES = new Set([
  'POST /tools/list',
  'POST /tools/call',
  'POST /resources/list',
  'POST /resources/read',
  'POST /prompts/list',
  'POST /prompts/get',
])

const FORBIDDEN_FOR_MCP_KEY =
  'this key has the mcp role: it may use the protocol endpoint and POST /tools/list, /tools/call, /resources/list, ' +
  '/resources/read, /prompts/list, /prompts/get only (use an admin key)'

/** Throws 403 `forbidden` when an `mcp` key calls any other REST endpoint. `path` is relative to /mcp. */
export function assertRouteAllowed(auth: AuthContext, method: string, path: string) {
  if (auth.role === 'mcp' && !MCP_USE_ROUTES.has(`${method.toUpperCase()} ${path}`))
    throw new AppError('forbidden', FORBIDDEN_FOR_MCP_KEY)
}

/** Whether the caller may use this server at all (a server outside its list is treated as unknown). */
export const mayUseServer = (auth: AuthContext, serverId: string): boolean =>
  !auth.serverIds || auth.serverIds.includes(serverId)

/**
 * For a key limited to servers, a REST "use" call must name one of them: another server is 404 (as if unknown), and
 * no server_id at all (the whole project) is 403.
 */
export function assertServerAllowed(auth: AuthContext, serverId: string | undefined) {
  if (!auth.serverIds) return
  if (serverId === undefined)
    throw new AppError('forbidden', 'this key is limited to some servers: name one of them in server_id')
  if (!auth.serverIds.includes(serverId)) throw notFound('server')
}
