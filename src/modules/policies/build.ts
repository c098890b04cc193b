// Builds policies and approvals for the composition root (src/deps.ts): the REST services, and the gate around the
// tools' MCP backend.
import type { StoragePort } from '../../db/store'
import type { CallObserver } from '../../lib/call-observer'
import type { MaybePromise } from '../../lib/maybe-promise'
import type { ServerRef } from '../../lib/request-context'
import type { ToolsBackend } from '../../mcp/backend'
import type { ReadModel } from '../../read-model/read-model'
import { type ApprovalsDeps, approvalsService } from './approvals'
import type { PolicyAudit } from './audit'
import { policedBackend, policedRestCall, policedRestList } from './mcp'
import { policyIndex } from './policy-index'
import type { PoliciesRepository } from './repository'
import { policiesService } from './service'

export interface PoliciesFeatureDeps {
  store: StoragePort
  repo: PoliciesRepository
  readModel: ReadModel
  publish: ApprovalsDeps['publish']
  publicUrl: () => string
  approvalTtlS: number
  toolkitOf: (server: ServerRef) => MaybePromise<(name: string) => string | undefined>
  /** The servers carrying a tool of that name: a REST call without server_id is matched against each. */
  serversFor: (projectId: string, name: string) => Promise<ServerRef[]>
  observer?: CallObserver
  /** The audit trail: policy decisions and approvals decided. */
  audit?: PolicyAudit
}

export function buildPolicies(deps: PoliciesFeatureDeps) {
  const index = policyIndex(deps.readModel, deps.repo)
  const approvals = approvalsService({
    store: deps.store,
    repo: deps.repo,
    publish: deps.publish,
    publicUrl: deps.publicUrl,
    ttlMs: deps.approvalTtlS * 1000,
    ...(deps.audit ? { audit: deps.audit } : {}),
  })
  const gate = {
    index,
    approvals,
    toolkitOf: deps.toolkitOf,
    ...(deps.observer ? { observer: deps.observer } : {}),
    ...(deps.audit ? { audit: deps.audit } : {}),
  }
  return {
    policies: policiesService(deps.store, deps.repo),
    approvals,
    index,
    /** The tools' backend with the policy gate around it. */
    police: (inner: ToolsBackend) => policedBackend(inner, gate),
    /** REST POST /tools/call with the same gate (no wait for an approval). */
    policeRest: (restCall: Parameters<typeof policedRestCall>[0]) =>
      policedRestCall(restCall, { ...gate, serversFor: deps.serversFor }),
    /** REST POST /tools/list with the same filter as the protocol's tools/list. */
    policeRestList: (restList: Parameters<typeof policedRestList>[0]) =>
      policedRestList(restList, { ...gate, serversFor: deps.serversFor }),
  }
}
