// Refreshing an OAuth credential's access token: one refresh at a time per credential (concurrent callers share it; a
// claim in the database keeps other instances out), a backoff after a failure so an unreachable provider is retried
// soon but not hammered (5 s, doubling, at most 60 s), auth_required when the provider refuses the grant
// (docs/reliability.md, "OAuth providers that go away").
import type { Sealer } from '../../../crypto/seal'
import type { Egress } from '../../../egress/client'
import { AppError } from '../../../lib/errors'
import { nowIso } from '../../../lib/ids'
import type { Logger } from '../../../lib/log'
import type { ProvidersService } from '../providers/service'
import type { CredentialRow, CredentialsRepository } from '../repository'
import { credentialDataContext, isPastExpiry, type OAuthSecret } from '../service'
import { isRefreshDue, isRefreshLeased } from './due'
import { expiryFrom, grantedScopes, requestToken, TokenEndpointError } from './token-client'

/** The wait after the first failed refresh in a row; each further failure doubles it, up to the cap. */
const BACKOFF_BASE_MS = 5_000
const BACKOFF_CAP_MS = 60_000
/** How long a claim holds the credential — a call's, the PostgreSQL job's: one token request (bounded by the egress
 *  client's 10 s timeout), sealing and a write, with room. A claimer that dies leaves it to run out. */
export const CLAIM_LEASE_MS = 30_000
/** How often a caller whose token has expired looks whether another instance's refresh has ended, and for how long at
 *  most: one token request's timeout, with room (a claimer that died leaves a lease no one should wait out). */
const LEASE_POLL_MS = 100
const LEASE_WAIT_MS = 15_000

/** The wait before the next attempt after `failures` failed refreshes in a row (the one just failed included). */
const backoffMs = (failures: number) =>
  Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(Math.max(failures - 1, 0), 30))

export type RefreshOutcome =
  | { outcome: 'refreshed'; row: CredentialRow }
  | { outcome: 'missing' }
  /** `not_due`: refreshIfDue found nothing to do (fresh enough, backing off, or refreshed by another caller). */
  | { outcome: 'not_oauth' | 'no_refresh_token' | 'not_due'; row: CredentialRow }
  | { outcome: 'failed'; row: CredentialRow; kind: 'rejected' | 'unavailable'; message: string }

export interface RefresherDeps {
  credentials: CredentialsRepository
  providers: ProvidersService
  sealer: Sealer
  egress: Egress
  log: Logger
  /** Told how each refresh attempt ended (metrics). */
  onRefresh?: (outcome: 'refreshed' | 'rejected' | 'unavailable') => void
  /** The refresh margin (TOOLYARD_OAUTH_REFRESH_MARGIN_S): refreshIfDue's, the job's. */
  marginS: number
}

export function createRefresher(deps: RefresherDeps) {
  const inflight = new Map<string, Promise<RefreshOutcome>>()
  const waiting = new Map<string, Promise<RefreshOutcome>>()

  async function run(projectId: string, id: string): Promise<RefreshOutcome> {
    const row = await deps.credentials.byId(projectId, id)
    if (!row) return { outcome: 'missing' }
    if (row.kind !== 'oauth') return { outcome: 'not_oauth', row }
    if (!row.has_refresh_token) return { outcome: 'no_refresh_token', row }

    const secret = JSON.parse(
      await deps.sealer.open(projectId, credentialDataContext(id), row.data_sealed),
    ) as OAuthSecret
    const fail = async (kind: 'rejected' | 'unavailable', message: string): Promise<RefreshOutcome> => {
      deps.onRefresh?.(kind)
      const at = Date.now()
      await deps.credentials.markFailure({
        id,
        project_id: projectId,
        // Refused grant → the user must authorize again (retrying cannot help); a passing outage keeps the status and
        // waits out the backoff, which grows with the failures in a row (refresh_failures counts the earlier ones).
        status: kind === 'rejected' ? 'auth_required' : row.status,
        refresh_retry_after: new Date(at + backoffMs(row.refresh_failures + 1)).toISOString(),
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

  /**
   * The one token request for a credential in this process: a second caller shares the first one's. Only a refresh
   * that asks the provider is kept here — never a caller waiting for a lease — so the job that holds a claim always
   * runs its refresh (joining a caller that waits for that very claim would leave both waiting for the lease).
   */
  function singleFlight(projectId: string, id: string): Promise<RefreshOutcome> {
    const key = `${projectId}:${id}`
    const running = inflight.get(key)
    if (running) return running
    const p = run(projectId, id).finally(() => inflight.delete(key))
    inflight.set(key, p)
    return p
  }

  /** Concurrent callers of refreshIfDue in this process share one claim attempt and one wait. */
  function sharedWait(projectId: string, id: string): Promise<RefreshOutcome> {
    const key = `${projectId}:${id}`
    const pending = waiting.get(key)
    if (pending) return pending
    const p = claimAndRun(projectId, id).finally(() => waiting.delete(key))
    waiting.set(key, p)
    return p
  }

  /** Claims the credential if it is due and refreshes it; otherwise answers it as it is, once another caller's
   *  refresh of an expired token has ended (a bounded wait). */
  async function claimAndRun(projectId: string, id: string): Promise<RefreshOutcome> {
    const deadline = Date.now() + LEASE_WAIT_MS
    for (;;) {
      const now = Date.now()
      const claimed = await deps.credentials.claim({
        id,
        project_id: projectId,
        before: new Date(now + deps.marginS * 1000).toISOString(),
        now: new Date(now).toISOString(),
        lease_until: new Date(now + CLAIM_LEASE_MS).toISOString(),
      })
      if (claimed) return singleFlight(projectId, id)
      const row = await deps.credentials.byId(projectId, id)
      if (!row) return { outcome: 'missing' }
      // A token still valid is used while another instance refreshes it. An expired one waits for that refresh, and
      // claims the credential itself if the other's lease runs out with nothing done (its instance died).
      const waitFor = isPastExpiry(row) && (isRefreshLeased(row) || isRefreshDue(row, deps.marginS))
      if (!waitFor || Date.now() > deadline) return { outcome: 'not_due', row }
      await Bun.sleep(LEASE_POLL_MS)
    }
  }

  return {
    /** Refreshes now, whether due or not: an explicit refresh-token call, or a job that claimed the credential. */
    refresh(projectId: string, id: string): Promise<RefreshOutcome> {
      return singleFlight(projectId, id)
    },
    /**
     * Refreshes when the refresh job would (oauth/due.ts: the claim checks it in the database), else answers the
     * credential as it is: the single-instance job and a tool call come through here.
     */
    refreshIfDue(projectId: string, id: string): Promise<RefreshOutcome> {
      return sharedWait(projectId, id)
    },
  }
}
export type Refresher = ReturnType<typeof createRefresher>
