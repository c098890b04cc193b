// Projects and API keys: creation, listing, revocation, and resolving a presented key to its project.

import { API_KEY_PATTERN, generateApiKey, hashApiKey } from '../../crypto/api-key'
import type { AuthContext, KeyRole } from '../../lib/access'
import { AppError, conflict, notFound } from '../../lib/errors'
import { newId, nowIso } from '../../lib/ids'
import { UniqueViolation } from '../../lib/storage-errors'
import { MISS } from '../../read-model/read-model'
import type { Project, PublicKey } from './model'
import type { ApiKeyRow, ProjectsRepository } from './repository'

/** The port, plus the read model's synchronous hit when the server has one (src/read-model/cached-repositories.ts). */
type KeysRepository = ProjectsRepository & { peekKeyByHash?(hash: string): ApiKeyRow | null | typeof MISS }

const serverIdsOf = (k: ApiKeyRow): string[] | null => (k.server_ids ? (JSON.parse(k.server_ids) as string[]) : null)

const publicKey = (k: ApiKeyRow): PublicKey => ({
  id: k.id,
  project_id: k.project_id,
  name: k.name,
  prefix: k.prefix,
  role: k.role,
  server_ids: serverIdsOf(k),
  created_at: k.created_at,
  ...(k.expires_at ? { expires_at: k.expires_at } : {}),
  ...(k.revoked_at ? { revoked_at: k.revoked_at } : {}),
  ...(k.last_used_at ? { last_used_at: k.last_used_at } : {}),
})

/** The longest a key may be made to live: the REST API's `expires_in_days` allows as much. */
const MAX_KEY_LIFETIME_MS = 3650 * 8.64e7
/** `last_used_at` is written at most this often per key, so using a key costs no write on almost every request. */
const LAST_USED_EVERY_MS = 60_000

/**
 * "30d", "12h", "15m", "3600s" → milliseconds. Zero is refused: a key made to expire in `0d` would otherwise never
 * expire (no expiry is how "never" is stored); past ten years is refused too (no date that far is needed).
 */
export function parseDuration(text: string): number {
  const m = /^(\d+)\s*([smhdw])$/.exec(text.trim())
  const unit = m ? { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7, w: 6.048e8 }[m[2] as 's'] : 0
  const ms = m ? Number(m[1]) * unit : Number.NaN
  if (!(ms > 0 && ms <= MAX_KEY_LIFETIME_MS))
    throw new AppError(
      'bad_request',
      `expires_in must be a duration above zero and at most 3650d, like 30d, 12h, 15m or 3600s (got "${text}")`,
      [{ field: 'expires_in', message: m ? 'must be above zero and at most 3650d' : 'invalid duration' }],
    )
  return ms
}

/** `onKeyRevoked`: told after a revocation, so the key's open MCP streams end at once. */
export function projectsService(repo: KeysRepository, opts: { onKeyRevoked?: () => void } = {}) {
  const createProject = async (name: string): Promise<Project> => {
    if (await repo.projectByName(name)) throw conflict(`project "${name}" already exists`)
    const row = { id: newId(), name, created_at: nowIso() }
    try {
      await repo.insertProject(row)
    } catch (e) {
      // Another request (or, on PostgreSQL, another instance) created it between the check and the insert.
      if (e instanceof UniqueViolation) throw conflict(`project "${name}" already exists`)
      throw e
    }
    return row
  }
  const projectOrCreate = async (name: string): Promise<Project> =>
    (await repo.projectByName(name)) ??
    createProject(name).catch(async (e: unknown) => {
      // Created meanwhile by someone else: theirs is the one.
      const now = e instanceof AppError && e.code === 'conflict' ? await repo.projectByName(name) : null
      if (now) return now
      throw e
    })

  const createKey = async (
    projectId: string,
    opts: { name?: string; expiresInMs?: number; role?: KeyRole; serverIds?: string[] } = {},
  ) => {
    if (!(await repo.projectById(projectId))) throw notFound('project')
    const { key, prefix, hash } = generateApiKey()
    const created_at = nowIso()
    const row = {
      id: newId(),
      project_id: projectId,
      name: opts.name ?? 'default',
      prefix,
      hash,
      created_at,
      expires_at: opts.expiresInMs ? new Date(Date.now() + opts.expiresInMs).toISOString() : null,
      role: opts.role ?? 'admin',
      // Only an mcp key is limited to servers; an admin key reaches the whole project.
      server_ids: opts.role === 'mcp' && opts.serverIds?.length ? JSON.stringify(opts.serverIds) : null,
    }
    await repo.insertKey(row)
    return { apiKey: key, key: publicKey({ ...row, revoked_at: null, last_used_at: null }) }
  }

  /**
   * The project behind a presented key, or null when it is unknown, revoked or expired. Synchronous when the read
   * model holds the key (the request path makes no promise); a promise when it must be loaded.
   */
  const authenticate = (presented: string | undefined): AuthContext | null | Promise<AuthContext | null> => {
    if (!presented || !API_KEY_PATTERN.test(presented)) return null
    const hash = hashApiKey(presented)
    const hit = repo.peekKeyByHash ? repo.peekKeyByHash(hash) : MISS
    return hit === MISS ? repo.keyByHash(hash).then(admitKey) : admitKey(hit)
  }
  /** When this process last wrote each key's `last_used_at`. */
  const touched = new Map<string, number>()
  const admitKey = (row: ApiKeyRow | null): AuthContext | null => {
    if (!row || row.revoked_at) return null
    const now = Date.now()
    if (row.expires_at && Date.parse(row.expires_at) <= now) return null
    if (
      (!row.last_used_at || now - Date.parse(row.last_used_at) >= LAST_USED_EVERY_MS) &&
      now - (touched.get(row.id) ?? 0) >= LAST_USED_EVERY_MS
    ) {
      // Requests that shared one load of the row (a burst on a cold cache) write "last used" once, not each.
      if (touched.size >= 100_000) touched.clear()
      touched.set(row.id, now)
      // A busy database must not refuse a valid key: "last used" is information, not access control.
      repo.touchKey(row.id, new Date(now).toISOString()).catch(() => {})
    }
    const serverIds = serverIdsOf(row)
    return {
      projectId: row.project_id,
      keyId: row.id,
      role: row.role,
      ...(serverIds ? { serverIds } : {}),
      ...(row.user_id ? { userId: row.user_id } : {}),
    }
  }

  return {
    createProject,
    projectOrCreate,
    listProjects: () => repo.allProjects(),
    projectById: (id: string) => repo.projectById(id),
    projectByName: (name: string) => repo.projectByName(name),
    isEmpty: async () => (await repo.countProjects()) === 0,
    createKey,
    listKeys: async (projectId: string) => (await repo.keysOfProject(projectId)).map(publicKey),
    revokeKey: async (keyId: string) => {
      if (!(await repo.keyById(keyId))) throw notFound('API key')
      await repo.revokeKey(keyId, nowIso())
      opts.onKeyRevoked?.()
      return publicKey((await repo.keyById(keyId))!)
    },
    /** Whether a key (by id) still authenticates: known, not revoked, not expired. For re-checking open streams. */
    async keyLive(keyId: string): Promise<boolean> {
      const row = await repo.keyById(keyId)
      return !!row && !row.revoked_at && !(row.expires_at && Date.parse(row.expires_at) <= Date.now())
    },
    authenticate,
  }
}
export type ProjectsService = ReturnType<typeof projectsService>
