// Job, PostgreSQL mode: the OAuth refresh of refresh-job.ts when several instances run it (docs/decisions/0045-claimed-work-across-instances.md). Each run claims due credentials from the shared database — one instance per credential,
// leased through the credential's retry-after time — and refreshes only those; the refresh ends the lease (new tokens
// clear it, a failure sets the backoff). A claim whose instance died runs out and the credential is due again.
import type { Vault } from '../build'
import type { RefreshReport } from './refresh-job'

/** Claims up to `limit` credentials due at `now` (expiring `before`), held until `leaseUntil` (ISO times). */
export type ClaimCredentials = (opts: {
  before: string
  now: string
  leaseUntil: string
  limit: number
}) => Promise<{ id: string; project_id: string }[]>

/** How long a claimed batch is this instance's: ten refreshes one after another, each bounded by the egress client's
 *  10 s timeout, fit with room to seal and write. */
const REFRESH_LEASE_MS = 120_000
/** Claimed a batch at a time, so an instance does not hold more than it is about to refresh. */
const BATCH = 10

export async function refreshClaimedTokens(deps: { vault: Vault; claim: ClaimCredentials }): Promise<RefreshReport> {
  const report: RefreshReport = { due: 0, refreshed: 0, failed: 0, skipped: 0 }
  for (;;) {
    const now = Date.now()
    const claimed = await deps.claim({
      before: new Date(now + deps.vault.marginS * 1000).toISOString(),
      now: new Date(now).toISOString(),
      leaseUntil: new Date(now + REFRESH_LEASE_MS).toISOString(),
      limit: BATCH,
    })
    report.due += claimed.length
    // One at a time, as refresh-job.ts: providers rate-limit. Claimed already, so refreshed without a second claim.
    for (const { project_id, id } of claimed) {
      const r = await deps.vault.refresher.refresh(project_id, id)
      if (r.outcome === 'refreshed') report.refreshed++
      else if (r.outcome === 'failed') report.failed++
      else report.skipped++
    }
    if (claimed.length < BATCH) return report
  }
}
