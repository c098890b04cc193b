// Credentials: create (sealed), list (never secrets), delete; OAuth-produced credentials carry status, scopes, expiry.
import type { Sealer } from '../../crypto/seal'
import { badRequest, notFound } from '../../lib/errors'
import { newId, nowIso } from '../../lib/ids'
import { decodeCursor, page } from '../../lib/pagination'
import type { CreateCredentialBody, CredentialView } from './model'
import { assertUser, type CredentialOwners } from './owners'
import type { ProvidersService } from './providers/service'
import type { CredentialRow, CredentialsRepository } from './repository'

const MAX_DATA_BYTES = 64 * 1024

/** The associated data of a credential's sealed data: binds the ciphertext to this credential id. */
export const credentialDataContext = (id: string) => `credential:${id}:data`

/** What an OAuth credential stores sealed. The refresh token never leaves the vault (not given to tools). */
export interface OAuthSecret {
  access_token: string
  token_type: string
  refresh_token?: string
  id_token?: string
}

export function isPastExpiry(row: Pick<CredentialRow, 'expires_at'>, now = Date.now()): boolean {
  return row.expires_at !== null && Date.parse(row.expires_at) <= now
}

/** Status shown for an OAuth credential: auth_required as stored; expired when past expiry and no refresh is possible now. */
export function oauthStatus(row: CredentialRow, now = Date.now()): 'active' | 'expired' | 'auth_required' {
  if (row.status === 'auth_required') return 'auth_required'
  const waiting = row.refresh_retry_after !== null && Date.parse(row.refresh_retry_after) > now
  if (isPastExpiry(row, now) && (!row.has_refresh_token || waiting)) return 'expired'
  return 'active'
}

export function credentialsService(
  repo: CredentialsRepository,
  sealer: Sealer,
  providers: ProvidersService,
  /** Users' own credentials (src/modules/users); absent: every credential is the project's. */
  owners?: CredentialOwners,
) {
  const view = (row: CredentialRow): CredentialView => ({
    id: row.id,
    name: row.name,
    provider_id: row.provider_id,
    created_at: row.created_at,
    ...(row.user_id ? { user_id: row.user_id } : {}),
    ...(row.kind === 'oauth'
      ? {
          status: oauthStatus(row),
          scopes: row.scopes ? (JSON.parse(row.scopes) as string[]) : [],
          ...(row.expires_at ? { expires_at: row.expires_at } : {}),
        }
      : {}),
  })

  /** The one place a credential row is born: the data sealed and bound to the new id. */
  async function insertNew(
    projectId: string,
    f: Pick<CredentialRow, 'name' | 'provider_id' | 'kind'> & { plain: string } & Partial<
        Pick<CredentialRow, 'scopes' | 'expires_at' | 'has_refresh_token'>
      > & { userId?: string | null },
  ): Promise<CredentialRow> {
    const at = nowIso()
    const id = newId()
    const row: CredentialRow = {
      id,
      project_id: projectId,
      name: f.name,
      provider_id: f.provider_id,
      kind: f.kind,
      data_sealed: await sealer.seal(projectId, credentialDataContext(id), f.plain),
      status: 'active',
      scopes: f.scopes ?? null,
      expires_at: f.expires_at ?? null,
      has_refresh_token: f.has_refresh_token ?? 0,
      refresh_failures: 0,
      refresh_retry_after: null,
      last_error: null,
      refreshed_at: null,
      created_at: at,
      updated_at: at,
    }
    if (!f.userId || !owners) {
      await repo.insert(row)
      return row
    }
    const { userId } = f
    // Inserted and marked as the user's in one transaction: never, even briefly, a credential of the whole project.
    await owners.tx(async (tx) => {
      await repo.insert(row)
      await owners.ownCredential(id, userId)
      tx.afterCommit(() => owners.connected(projectId, userId, f.provider_id))
    })
    return { ...row, user_id: userId }
  }

  return {
    view,
    async create(projectId: string, body: CreateCredentialBody) {
      if (!(await providers.exists(projectId, body.provider_id))) {
        throw badRequest(`unknown provider "${body.provider_id}" (GET /providers lists them)`, [
          { field: 'body.provider_id', message: 'no such provider' },
        ])
      }
      const plain = JSON.stringify(body.credential_data)
      if (Buffer.byteLength(plain) > MAX_DATA_BYTES)
        throw badRequest('credential_data is larger than 64 KB', [
          { field: 'body.credential_data', message: 'too large' },
        ])
      if (body.user_id) await assertUser(owners, projectId, body.user_id)
      const row = await insertNew(projectId, {
        name: body.name,
        provider_id: body.provider_id,
        kind: 'static',
        plain,
        userId: body.user_id ?? null,
      })
      return {
        id: row.id,
        name: row.name,
        provider_id: row.provider_id,
        created_at: row.created_at,
        ...(body.user_id ? { user_id: body.user_id } : {}),
      }
    },
    /** Stores the tokens of a finished OAuth flow as a credential. */
    createOAuth(
      projectId: string,
      input: {
        name: string
        providerId: string
        secret: OAuthSecret
        scopes: string[]
        expiresAt: string | null
        /** The user the flow was started for: the credential is theirs. */
        userId?: string | null
      },
    ): Promise<CredentialRow> {
      return insertNew(projectId, {
        name: input.name,
        provider_id: input.providerId,
        kind: 'oauth',
        plain: JSON.stringify(input.secret),
        scopes: JSON.stringify(input.scopes),
        expires_at: input.expiresAt,
        has_refresh_token: input.secret.refresh_token ? 1 : 0,
        userId: input.userId ?? null,
      })
    },
    async list(projectId: string, limit: number, cursor?: string) {
      const { items, next_cursor } = page(await repo.list(projectId, decodeCursor(cursor), limit + 1), limit)
      return { credentials: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    async remove(projectId: string, id: string): Promise<void> {
      if (!(await repo.remove(projectId, id))) throw notFound('credential')
    },
  }
}
export type CredentialsService = ReturnType<typeof credentialsService>
