// Job, PostgreSQL mode: the OAuth refresh of refresh-job.ts when several instances run it (docs/decisions/0045-claimed-work-across-instances.md). Each run claims due credentials from the shared database one at a time — one instance per
// credential, leased through the credential's retry-after time — and refreshes each right after its claim; the refresh
// ends the lease (new tokens clear it, a failure sets the backoff). A claim whose instance died runs out and the
// credential is due again. One at a time, so a lease is always a refresh under way and as short as a call's: a caller
// waiting for it is never told of a retry minutes away (docs/decisions/0143-oauth-job-claims-one-at-a-time.md).
import type { Vault } from '../build'
import type { RefreshReport } from './refresh-job'
import { CLAIM_LEASE_MS } from './refresher'

/** Claims up to `limit` credentials due at `now` (expiring `before`), held until `leaseUntil` (ISO times). */
export type ClaimCredentials = (opts: {
  before: string
  now: string
  leaseUntil: string
  limit: number
}) => Promise<{ id: string; project_id: string }[]>

export async function refreshClaimedTokens(deps: { vault: Vault; claim: ClaimCredentials }): Promise<RefreshReport> {
  const report: RefreshReport = { due: 0, refreshed: 0, failed: 0, skipped: 0 }
  const seen = new Set<string>()
  for (;;) {
    const now = Date.now()
    const [claimed] = await deps.claim({
      before: new Date(now + deps.vault.marginS * 1000).toISOString(),
      now: new Date(now).toISOString(),
      leaseUntil: new Date(now + CLAIM_LEASE_MS).toISOString(),
      limit: 1,
    })
    if (!claimed) return report
    report.due++
    // One at a time, as refresh-job.ts: providers rate-limit. Claimed already, so refreshed without a second claim.
    const r = await deps.vault.refresher.refresh(claimed.project_id, claimed.id)
    if (r.outcome === 'refreshed') report.refreshed++
    else if (r.outcome === 'failed') report.failed++
    else report.skipped++
    // Due again at once (a provider issuing tokens that have already expired): the next run tries it, not this one.
    const key = `${claimed.project_id}:${claimed.id}`
    if (seen.has(key)) return report
    seen.add(key)
  }
}
