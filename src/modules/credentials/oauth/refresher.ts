// Refreshing an OAuth credential's access token: one refresh at a time per credential (concurrent callers share it),
// a cooldown after a failure so a broken provider is not hammered, auth_required when the provider refuses the grant.
import type { Sealer } from '../../../crypto/seal'
import type { Egress } from '../../../egress/client'
import { AppError } from '../../../lib/errors'
import { nowIso } from '../../../lib/ids'
import type { Logger } from '../../../lib/log'
import type { ProvidersService } from '../providers/service'
import type { CredentialRow, CredentialsRepository } from '../repository'
import { credentialDataContext, type OAuthSecret } from '../service'
import { expiryFrom, grantedScopes, requestToken, TokenEndpointError } from './token-client'

const REFRESH_COOLDOWN_MS = 5 * 60_000

export type RefreshOutcome =
  | { outcome: 'refreshed'; row: CredentialRow }
  | { outcome: 'missing' }
  | { outcome: 'not_oauth' | 'no_refresh_token' | 'cooldown'; row: CredentialRow }
  | { outcome: 'failed'; row: CredentialRow; kind: 'rejected' | 'unavailable'; message: string }

export interface RefresherDeps {
  credentials: CredentialsRepository
  providers: ProvidersService
  sealer: Sealer
  egress: Egress
  log: Logger
  /** Told how each refresh attempt ended (metrics). */
  onRefresh?: (outcome: 'refreshed' | 'rejected' | 'unavailable') => void
}

export function createRefresher(deps: RefresherDeps) {
  const inflight = new Map<string, Promise<RefreshOutcome>>()

  async function run(projectId: string, id: string, force: boolean): Promise<RefreshOutcome> {
    const row = await deps.credentials.byId(projectId, id)
    if (!row) return { outcome: 'missing' }
    if (row.kind !== 'oauth') return { outcome: 'not_oauth', row }
    if (!row.has_refresh_token) return { outcome: 'no_refresh_token', row }
    if (!force && row.refresh_retry_after !== null && Date.parse(row.refresh_retry_after) > Date.now())
      return { outcome: 'cooldown', row }

    const secret = JSON.parse(
      await deps.sealer.open(projectId, credentialDataContext(id), row.data_sealed),
    ) as OAuthSecret
    const fail = async (kind: 'rejected' | 'unavailable', message: string): Promise<RefreshOutcome> => {
      deps.onRefresh?.(kind)
      const at = Date.now()
      await deps.credentials.markFailure({
        id,
        project_id: projectId,
        // Refused grant → the user must authorize again; a passing outage keeps the status and waits out the cooldown.
        status: kind === 'rejected' ? 'auth_required' : row.status,
        refresh_retry_after: new Date(at + REFRESH_COOLDOWN_MS).toISOString(),
        last_error: message,
        updated_at: new Date(at).toISOString(),
      })
      deps.log.warn('oauth refresh failed', { credential_id: id, provider_id: row.provider_id, kind, error: message })
      return { outcome: 'failed', row: (await deps.credentials.byId(projectId, id)) ?? row, kind, message }
    }

    let client: Awaited<ReturnType<typeof deps.providers.oauthClient>>
    try {
      client = await deps.providers.oauthClient(projectId, row.provider_id)
    } catch (err) {
      if (err instanceof AppError) return fail('rejected', err.message)
      throw err
    }
    try {
      const tokens = await requestToken(deps.egress, client, {
        grant_type: 'refresh_token',
        refresh_token: secret.refresh_token!,
      })
      // Providers that rotate refresh tokens send a new one; the others keep the old one valid.
      const next: OAuthSecret = {
        access_token: tokens.access_token,
        token_type: tokens.token_type,
        refresh_token: tokens.refresh_token ?? secret.refresh_token,
        ...(tokens.id_token ? { id_token: tokens.id_token } : secret.id_token ? { id_token: secret.id_token } : {}),
      }
      const at = nowIso()
      const previousScopes = row.scopes ? (JSON.parse(row.scopes) as string[]) : []
      const updated = await deps.credentials.updateTokens({
        id,
        project_id: projectId,
        data_sealed: await deps.sealer.seal(projectId, credentialDataContext(id), JSON.stringify(next)),
        scopes: JSON.stringify(grantedScopes(tokens, previousScopes)),
        expires_at: expiryFrom(tokens),
        has_refresh_token: next.refresh_token ? 1 : 0,
        refreshed_at: at,
        updated_at: at,
      })
      // Deleted while the provider answered: the new tokens are dropped with it.
      if (!updated) return { outcome: 'missing' }
      deps.log.info('oauth token refreshed', { credential_id: id, provider_id: row.provider_id })
      deps.onRefresh?.('refreshed')
      return { outcome: 'refreshed', row: (await deps.credentials.byId(projectId, id))! }
    } catch (err) {
      if (err instanceof TokenEndpointError) return fail(err.kind, err.message)
      return fail('unavailable', `refresh failed: ${(err as Error).message}`)
    }
  }

  return {
    /** `force` (an explicit refresh-token call) ignores the failure cooldown. */
    refresh(projectId: string, id: string, opts: { force?: boolean } = {}): Promise<RefreshOutcome> {
      const key = `${projectId}:${id}`
      const running = inflight.get(key)
      if (running) return running
      const p = run(projectId, id, opts.force ?? false).finally(() => inflight.delete(key))
      inflight.set(key, p)
      return p
    },
  }
}
export type Refresher = ReturnType<typeof createRefresher>
