// Machine clients (docs/decisions/0339-machine-clients.md): confidential OAuth clients an admin key registers for the
// client_credentials grant (the MCP client-credentials extension), bound to a user or to the project and limited to
// servers. The secret is shown once and kept only as its SHA-256; a wrong secret and an unknown client answer alike.
import { badRequest, notFound } from '../../lib/errors'
import { nowIso } from '../../lib/ids'
import { createHash, randomBytes, timingSafeEqual } from '../../lib/node-crypto'
import type { UsersRepository } from '../users/repository'
import type { CreateMachineClientBody, MachineClientView } from './model'
import type { IdentityRepository, MachineClientRow } from './repository'

const sha256 = (s: string) => createHash('sha256').update(s).digest()

const view = (r: MachineClientRow): MachineClientView => ({
  client_id: r.client_id,
  name: r.name,
  user_id: r.user_id,
  servers: r.server_ids ? (JSON.parse(r.server_ids) as string[]) : null,
  created_at: r.created_at,
  ...(r.last_used_at ? { last_used_at: r.last_used_at } : {}),
})

/** What the token endpoint and the access-token check need of a machine client. */
export interface MachineClientPrincipal {
  client_id: string
  /** Its name as registered: the audit trail and call log name the client by it. */
  name: string
  project_id: string
  user_id: string | null
  /** undefined = every server of the project */
  serverIds?: string[]
}

const principal = (r: MachineClientRow): MachineClientPrincipal => ({
  client_id: r.client_id,
  name: r.name,
  project_id: r.project_id,
  user_id: r.user_id,
  ...(r.server_ids ? { serverIds: JSON.parse(r.server_ids) as string[] } : {}),
})

export function machineClients(deps: {
  repo: IdentityRepository
  users: Pick<UsersRepository, 'byId'>
  serverExists(projectId: string, serverId: string): Promise<boolean>
  tokenEndpoint(): string
}) {
  const { repo } = deps
  return {
    async create(projectId: string, body: CreateMachineClientBody) {
      if (body.user_id && !(await deps.users.byId(projectId, body.user_id)))
        throw badRequest(`user_id: no user with id "${body.user_id}" in this project`, [
          { field: 'body.user_id', message: 'unknown user' },
        ])
      const servers = body.servers ? [...new Set(body.servers)] : undefined
      for (const [i, id] of (servers ?? []).entries())
        if (!(await deps.serverExists(projectId, id)))
          throw badRequest(`servers[${i}]: no server with id "${id}" in this project`, [
            { field: `body.servers.${i}`, message: 'unknown server' },
          ])
      const secret = `tys_${randomBytes(32).toString('base64url')}`
      const row: MachineClientRow = {
        client_id: `tym_${randomBytes(18).toString('base64url')}`,
        project_id: projectId,
        name: body.name,
        secret_hash: sha256(secret).toString('hex'),
        user_id: body.user_id ?? null,
        server_ids: servers ? JSON.stringify(servers) : null,
        created_at: nowIso(),
        last_used_at: null,
      }
      await repo.insertMachineClient(row)
      return { ...view(row), client_secret: secret, token_endpoint: deps.tokenEndpoint() }
    },
    list: async (projectId: string) => (await repo.machineClientsOfProject(projectId)).map(view),
    async remove(projectId: string, clientId: string) {
      if (!(await repo.deleteMachineClient(projectId, clientId))) throw notFound('machine client')
      return { client_id: clientId, deleted: true as const }
    },
    /** Whether `id` names a machine client of the project (DELETE /oauth/clients/{id} serves grants and clients). */
    removeIfOwn: async (projectId: string, clientId: string) => repo.deleteMachineClient(projectId, clientId),
    /** The client if the secret is its own; null for an unknown client or a wrong secret alike. */
    async verify(clientId: string, secret: string): Promise<MachineClientPrincipal | null> {
      if (!clientId.startsWith('tym_')) return null
      const row = await repo.machineClient(clientId)
      if (!row) return null
      const presented = sha256(secret)
      const stored = Buffer.from(row.secret_hash, 'hex')
      if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return null
      await repo.touchMachineClient(clientId, nowIso())
      return principal(row)
    },
    /** The client while it exists (deleting it, or its user, ends its tokens at the next request). */
    async live(clientId: string): Promise<MachineClientPrincipal | null> {
      const row = await repo.machineClient(clientId)
      return row ? principal(row) : null
    },
  }
}
export type MachineClients = ReturnType<typeof machineClients>
