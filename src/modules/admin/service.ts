// Admin operations behind TOOLYARD_ADMIN_TOKEN: the token check, then projects and keys through the projects service.

import { AppError, notFound } from '../../lib/errors'
import { createHash, timingSafeEqual } from '../../lib/node-crypto'
import { type ProjectsService, parseDuration } from '../projects/service'

const digest = (s: string) => createHash('sha256').update(s).digest()

export function adminService(projects: ProjectsService, adminToken: string) {
  const expected = digest(adminToken)
  return {
    /** Throws 401 unless the Authorization header is `Bearer <admin token>`. */
    checkToken(header: string | null): void {
      const m = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null
      // Compare digests so the comparison takes the same time whatever the presented length.
      if (!m || !timingSafeEqual(digest(m[1]!.trim()), expected))
        throw new AppError('unauthorized', 'admin token required (Authorization: Bearer <TOOLYARD_ADMIN_TOKEN>)')
    },
    createProject: (name: string) => projects.createProject(name),
    listProjects: () => projects.listProjects(),
    /** The new key with the key itself (shown once); `expires_in` like 30d, 12h, 15m, 3600s. */
    async createKey(projectId: string, input: { name?: string; expires_in?: string }) {
      const expiresInMs = input.expires_in ? parseDuration(input.expires_in) : undefined
      const { apiKey, key } = await projects.createKey(projectId, { name: input.name, expiresInMs })
      return { ...key, api_key: apiKey }
    },
    async listKeys(projectId: string) {
      if (!(await projects.projectById(projectId))) throw notFound('project')
      return projects.listKeys(projectId)
    },
    revokeKey: (keyId: string) => projects.revokeKey(keyId),
  }
}
export type AdminService = ReturnType<typeof adminService>
