// The CredentialAccess port for tools and resources: a status without decryption, and the opened data for a run
// (refreshing an OAuth token first when the refresh job would: expired, or inside the margin capped at half its
// lifetime). The only place credential data is opened.
import type { Sealer } from '../../crypto/seal'
import type { CredentialAccess } from '../../lib/credentials-port'
import { backoffUntil, isRefreshDue, isRefreshLeased } from './oauth/due'
import type { Refresher } from './oauth/refresher'
import type { ProvidersService } from './providers/service'
import type { CredentialRow, CredentialsRepository } from './repository'
import { credentialDataContext, isPastExpiry, type OAuthSecret, oauthStatus } from './service'

export function createCredentialAccess(deps: {
  credentials: CredentialsRepository
  providers: ProvidersService
  sealer: Sealer
  refresher: Refresher
  /** The refresh margin: only used to tell whether the refresh job would refresh now (oauth/due.ts). */
  marginS: number
  /** Told when a stored credential cannot be decrypted (never given the data). */
  onUnreadable?: (projectId: string, credentialId: string, err: unknown) => void
}): CredentialAccess {
  const toStatus = (row: CredentialRow) => {
    if (row.kind !== 'oauth') return 'configured' as const
    const s = oauthStatus(row)
    return s === 'active' ? ('configured' as const) : s
  }

  /** The provider's base URL (a project can point a built-in at a test double) unless the credential names its own. */
  const withBaseUrl = async (projectId: string, row: CredentialRow, data: Record<string, unknown>) => {
    if (typeof data.base_url === 'string') return data
    const base = (await deps.providers.get(projectId, row.provider_id))?.base_url
    return base ? { ...data, base_url: base } : data
  }

  return {
    async status(projectId, id) {
      const row = await deps.credentials.byId(projectId, id)
      return row ? toStatus(row) : 'missing'
    },
    ownerOf: async (projectId, id) => (await deps.credentials.byId(projectId, id))?.user_id ?? null,
    async open(projectId, id) {
      try {
        return await openRow(projectId, id)
      } catch (err) {
        // A sealed value that no longer opens (master key lost or replaced without rotation) must not turn a
        // tool call into a 500: the credential is unusable until the user stores it again.
        deps.onUnreadable?.(projectId, id, err)
        return { status: 'auth_required' }
      }
    },
  }

  async function openRow(projectId: string, id: string): ReturnType<CredentialAccess['open']> {
    let row = await deps.credentials.byId(projectId, id)
    if (!row) return { status: 'missing' }
    if (row.kind === 'static') {
      const data = JSON.parse(await deps.sealer.open(projectId, credentialDataContext(id), row.data_sealed)) as Record<
        string,
        unknown
      >
      return { status: 'configured', data: await withBaseUrl(projectId, row, data) }
    }
    if (row.status === 'auth_required') return { status: 'auth_required' }
    // Refreshed only when the job would refresh it (once per half-lifetime, not on every call), or waiting for another
    // caller's refresh of a token that has expired; the refresher keeps it to one refresh per credential.
    if (isRefreshDue(row, deps.marginS) || (isRefreshLeased(row) && isPastExpiry(row))) {
      const r = await deps.refresher.refreshIfDue(projectId, id)
      if (r.outcome === 'missing') return { status: 'missing' }
      row = r.row
      if (row.status === 'auth_required') return { status: 'auth_required' }
    }
    // A token still valid inside the margin is used even when its early refresh failed; a dead one is not. While the
    // provider cannot be reached the caller is told so, and when the next attempt is (never a secret: the provider
    // and credential ids only).
    if (isPastExpiry(row) && row.has_refresh_token) {
      const retryAt = backoffUntil(row)
      if (retryAt) return { status: 'unreachable', message: unreachableMessage(row, retryAt) }
      // Another instance's refresh did not end within the wait (a slow provider, or a claimer that died).
      if (isRefreshLeased(row)) return { status: 'unreachable', message: stillRefreshingMessage(row) }
    }
    if (isPastExpiry(row)) return { status: 'expired' }
    const secret = JSON.parse(
      await deps.sealer.open(projectId, credentialDataContext(id), row.data_sealed),
    ) as OAuthSecret
    const data: Record<string, unknown> = {
      access_token: secret.access_token,
      token_type: secret.token_type,
      scopes: row.scopes ? (JSON.parse(row.scopes) as string[]) : [],
      ...(row.expires_at ? { expires_at: row.expires_at } : {}),
    }
    return { status: 'configured', data: await withBaseUrl(projectId, row, data) }
  }
}

const secondsUntil = (at: string, now = Date.now()) => Math.max(1, Math.ceil((Date.parse(at) - now) / 1000))

/** What a caller sees while a credential's provider cannot be reached: which provider and credential, and when the next
 *  refresh attempt is (rounded up to whole seconds). */
const unreachableMessage = (row: CredentialRow, retryAt: string) =>
  `OAuth provider "${row.provider_id}" for credential ${row.id} is unreachable; next retry in ${secondsUntil(retryAt)} s`

const stillRefreshingMessage = (row: CredentialRow) =>
  `OAuth provider "${row.provider_id}" for credential ${row.id} has not answered a refresh yet; ` +
  `next retry in ${secondsUntil(row.refresh_retry_after!)} s`
