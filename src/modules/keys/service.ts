// A project's keys through its own admin key: create with a role and server list, list, revoke.
import { badRequest, notFound } from '../../lib/errors'
import type { PublicKey } from '../projects/model'
import type { ProjectsService } from '../projects/service'
import type { ServersService } from '../servers/service'
import type { CreateKeyBody } from './model'

const DAY_MS = 86_400_000

const view = ({ project_id: _, ...k }: PublicKey) => k

export function keysService(deps: { projects: ProjectsService; servers: Pick<ServersService, 'mustGet'> }) {
  /** A key of this project, or 404: another project's key does not exist for the caller. */
  const ownKey = async (projectId: string, id: string) => {
    const key = (await deps.projects.listKeys(projectId)).find((k) => k.id === id)
    if (!key) throw notFound('API key')
    return key
  }
  return {
    async create(projectId: string, body: CreateKeyBody) {
      const role = body.role ?? 'admin'
      if (body.server_ids && role !== 'mcp')
        throw badRequest('server_ids limit mcp keys only; an admin key reaches the whole project', [
          { field: 'body.server_ids', message: 'only with role mcp' },
        ])
      for (const [i, id] of (body.server_ids ?? []).entries()) {
        try {
          await deps.servers.mustGet(projectId, id)
        } catch {
          throw badRequest(`server_ids[${i}]: no server with id "${id}" in this project`, [
            { field: `body.server_ids.${i}`, message: 'unknown server' },
          ])
        }
      }
      const { apiKey, key } = await deps.projects.createKey(projectId, {
        name: body.name,
        role,
        serverIds: body.server_ids ? [...new Set(body.server_ids)] : undefined,
        expiresInMs: body.expires_in_days ? body.expires_in_days * DAY_MS : undefined,
      })
      return { ...view(key), api_key: apiKey }
    },
    list: async (projectId: string) => (await deps.projects.listKeys(projectId)).map(view),
    async revoke(projectId: string, id: string) {
      await ownKey(projectId, id)
      return view(await deps.projects.revokeKey(id))
    },
  }
}
