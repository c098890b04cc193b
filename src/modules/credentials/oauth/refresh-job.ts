// Job: refresh OAuth access tokens that expire within the margin (scheduled every 30 s; also callable directly).
import type { Vault } from '../build'

export interface RefreshReport {
  due: number
  refreshed: number
  failed: number
  skipped: number
}

export async function refreshOAuthTokens(deps: { vault: Vault }): Promise<RefreshReport> {
  const report: RefreshReport = { due: 0, refreshed: 0, failed: 0, skipped: 0 }
  const due = await deps.vault.dueForRefresh()
  report.due = due.length
  // One at a time: tokens are few and providers rate-limit. The refresher claims each one first, so a tool call that
  // refreshed it meanwhile is not followed by a second refresh.
  for (const { project_id, id } of due) {
    const r = await deps.vault.refresher.refreshIfDue(project_id, id)
    if (r.outcome === 'refreshed') report.refreshed++
    else if (r.outcome === 'failed') report.failed++
    else report.skipped++
  }
  return report
}
