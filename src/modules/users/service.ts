// A project's end users (docs/decisions/0330-users.md): create (external_id unique per project), list, show with
// their connections and tokens, delete (which ends their tokens and credentials), and mint user tokens — mcp keys
// bound to one user, shown once.
import { generateApiKey } from '../../crypto/api-key'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { newId, nowIso } from '../../lib/ids'
import { decodeCursor, page } from '../../lib/pagination'
import { UniqueViolation } from '../../lib/storage-errors'
import type { ConnectionView, CreateTokenBody, CreateUserBody, TokenView, UserView } from './model'
import type { UserCredentialRow, UserRow, UsersRepository, UserTokenRow } from './repository'

/** A user token lives a day unless asked otherwise. */
const DEFAULT_TOKEN_SECONDS = 86_400

const userView = (u: UserRow): UserView => ({
  id: u.id,
  external_id: u.external_id,
  ...(u.name !== null ? { name: u.name } : {}),
  ...(u.email !== null ? { email: u.email } : {}),
  created_at: u.created_at,
  updated_at: u.updated_at,
})

const connectionView = (c: UserCredentialRow): ConnectionView => ({
  credential_id: c.id,
  name: c.name,
  provider_id: c.provider_id,
  kind: c.kind,
  status: c.status,
  ...(c.scopes ? { scopes: JSON.parse(c.scopes) as string[] } : {}),
  ...(c.expires_at ? { expires_at: c.expires_at } : {}),
  created_at: c.created_at,
})

const tokenView = (k: UserTokenRow): TokenView => ({
  id: k.id,
  prefix: k.prefix,
  server_ids: k.server_ids ? (JSON.parse(k.server_ids) as string[]) : null,
  created_at: k.created_at,
  ...(k.expires_at ? { expires_at: k.expires_at } : {}),
  ...(k.revoked_at ? { revoked_at: k.revoked_at } : {}),
  ...(k.last_used_at ? { last_used_at: k.last_used_at } : {}),
})

export interface UsersServiceDeps {
  repo: UsersRepository
  /** Whether a server of the project exists (a token's `servers` must name them). */
  serverExists(projectId: string, serverId: string): Promise<boolean>
  /** Told after a user is deleted, so the open MCP streams of its tokens end at once. */
  onTokensEnded?(): void
}

export function usersService(deps: UsersServiceDeps) {
  const { repo } = deps
  /** The user, or 404: another project's user does not exist for the caller. */
  const mustGet = async (projectId: string, id: string): Promise<UserRow> => {
    const user = await repo.byId(projectId, id)
    if (!user) throw notFound('user')
    return user
  }
  const duplicate = (externalId: string) =>
    conflict(`a user with external_id "${externalId}" already exists in this project`)

  return {
    mustGet,
    async create(projectId: string, body: CreateUserBody): Promise<UserView> {
      if (await repo.byExternalId(projectId, body.external_id)) throw duplicate(body.external_id)
      const now = nowIso()
      const row: UserRow = {
        id: newId(),
        project_id: projectId,
        external_id: body.external_id,
        name: body.name ?? null,
        email: body.email ?? null,
        created_at: now,
        updated_at: now,
      }
      try {
        await repo.insert(row)
      } catch (e) {
        // Made by another request between the check and the insert.
        if (e instanceof UniqueViolation) throw duplicate(body.external_id)
        throw e
      }
      return userView(row)
    },
    async list(projectId: string, limit: number, cursor?: string, externalId?: string) {
      const after = decodeCursor(cursor)
      if (externalId !== undefined) {
        const one = after ? null : await repo.byExternalId(projectId, externalId)
        return { users: one ? [userView(one)] : [] }
      }
      const rows = await repo.list(projectId, limit + 1, after)
      const { items, next_cursor } = page(rows, limit)
      return { users: items.map(userView), ...(next_cursor ? { next_cursor } : {}) }
    },
    async detail(projectId: string, id: string) {
      const user = await mustGet(projectId, id)
      const [credentials, tokens] = await Promise.all([repo.credentialsOf(projectId, id), repo.tokensOf(projectId, id)])
      return { ...userView(user), connections: credentials.map(connectionView), tokens: tokens.map(tokenView) }
    },
    async remove(projectId: string, id: string) {
      // Its keys, credentials and connect links are deleted with it (foreign keys): a token of a deleted user is
      // unknown from the next request on.
      if (!(await repo.remove(projectId, id))) throw notFound('user')
      deps.onTokensEnded?.()
      return { id, deleted: true as const }
    },
    async createToken(projectId: string, userId: string, body: CreateTokenBody) {
      await mustGet(projectId, userId)
      const servers = body.servers ? [...new Set(body.servers)] : undefined
      for (const [i, serverId] of (servers ?? []).entries())
        if (!(await deps.serverExists(projectId, serverId)))
          throw badRequest(`servers[${i}]: no server with id "${serverId}" in this project`, [
            { field: `body.servers.${i}`, message: 'unknown server' },
          ])
      const { key, prefix, hash } = generateApiKey()
      const created_at = nowIso()
      const seconds = body.expires_in ?? DEFAULT_TOKEN_SECONDS
      const row = {
        id: newId(),
        project_id: projectId,
        user_id: userId,
        name: `user token`,
        prefix,
        hash,
        created_at,
        expires_at: new Date(Date.now() + seconds * 1000).toISOString(),
        server_ids: servers ? JSON.stringify(servers) : null,
      }
      await repo.insertToken(row)
      return { ...tokenView({ ...row, revoked_at: null, last_used_at: null }), user_id: userId, token: key }
    },
  }
}
export type UsersService = ReturnType<typeof usersService>
