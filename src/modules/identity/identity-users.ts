// The user a provider account signs in as (docs/decisions/0337-identity-provider.md): found by the provider's `iss` +
// `sub`; the first time, the project's user whose external_id is the `sub` is taken (the app's backend, signing the
// same people in at the same provider, names them so), else one is made with that external_id.
import type { SqlStore } from '../../db/queries'
import { newId, nowIso } from '../../lib/ids'
import { UniqueViolation } from '../../lib/storage-errors'
import type { UserRow, UsersRepository } from '../users/repository'
import type { IdentityRepository } from './repository'

const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null)

export function identityUsers(deps: {
  store: Pick<SqlStore, 'tx'>
  repo: IdentityRepository
  users: Pick<UsersRepository, 'byId' | 'byExternalId' | 'insert'>
}) {
  const { repo } = deps
  const once = async (projectId: string, claims: Record<string, unknown> & { iss: string; sub: string }) =>
    deps.store.tx(async (): Promise<UserRow> => {
      const known = await repo.userOfIdentity(projectId, claims.iss, claims.sub)
      const user = known ? await deps.users.byId(projectId, known) : null
      if (user) return user
      const at = nowIso()
      let row = await deps.users.byExternalId(projectId, claims.sub)
      if (!row) {
        row = {
          id: newId(),
          project_id: projectId,
          external_id: claims.sub,
          name: text(claims.name, 200) ?? text(claims.preferred_username, 200),
          email: text(claims.email, 320),
          created_at: at,
          updated_at: at,
        }
        await deps.users.insert(row)
      }
      await repo.insertIdentity({
        project_id: projectId,
        issuer: claims.iss,
        subject: claims.sub,
        user_id: row.id,
        created_at: at,
      })
      return row
    })
  return {
    /** The user for these ID token claims, made on first sign-in. */
    async userFor(projectId: string, claims: Record<string, unknown> & { iss: string; sub: string }): Promise<UserRow> {
      try {
        return await once(projectId, claims)
      } catch (err) {
        // Two first sign-ins of one person at once: the other made the user; read it.
        if (err instanceof UniqueViolation) return once(projectId, claims)
        throw err
      }
    },
  }
}
export type IdentityUsers = ReturnType<typeof identityUsers>
