// Job: delete OAuth flow rows older than TOOLYARD_OAUTH_FLOW_TTL_S (24 h by default), so abandoned flows cannot pile
// up (scheduled hourly through src/jobs/scheduler.ts; also callable directly).
import type { OAuthFlowsRepository } from './repository'

export function pruneOAuthFlows(
  deps: { flows: Pick<OAuthFlowsRepository, 'deleteCreatedBefore'>; ttlS: number },
  now: () => number = Date.now,
): Promise<number> {
  return deps.flows.deleteCreatedBefore(new Date(now() - deps.ttlS * 1000).toISOString())
}
