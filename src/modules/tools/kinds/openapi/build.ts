// Builds the OpenAPI feature from real parts: the `openapi` toolkit source (given to the tools feature) and the import
// service (given to the routes). One call from the composition root (src/deps.ts).

import { openApiCatalog } from '../../../../catalog/openapi-catalog'
import type { StoragePort } from '../../../../db/store'
import { createEgress, type Egress } from '../../../../egress/client'
import type { CredentialAccess } from '../../../../lib/credentials-port'
import type { EventBus } from '../../../../lib/events'
import { projectOfKey, type ReadModel } from '../../../../read-model/read-model'
import type { ProvidersRepository } from '../../../credentials/providers/repository'
import type { ToolkitChanges } from '../../changes/service'
import type { ToolsRepository } from '../../repository'
import type { ToolkitsRepository } from '../../toolkits/repository'
import { openApiCaller } from './call'
import { buildCatalog } from './catalog'
import type { OpenApiRepository } from './repository'
import { openApiService } from './service'
import { openApiSource } from './source'

export function buildOpenApi(deps: {
  store: StoragePort
  /** Either backend's (src/storage.ts). */
  repos: {
    openApi: OpenApiRepository
    tools: ToolsRepository
    toolkits: ToolkitsRepository
    providers: ProvidersRepository
  }
  events: EventBus
  egress: Egress
  credentials: CredentialAccess
  allowPrivateEgress: boolean
  /** TOOLYARD_MAX_SPEC_BYTES: the largest document fetched, given inline or read by apply. */
  maxSpecBytes: number
  /** Throws (409) when a re-import gives a tool a name tool discovery reserves on a server using the toolkit. */
  checkNames?: (projectId: string, toolkitId: string) => Promise<void>
  /** Pinned definitions: what a re-import of a reviewing toolkit changes is held here. */
  changes?: ToolkitChanges
  /**
   * The request path's read model: a call's plan and settings are answered from memory until a commit touches the
   * project's tools area. Every write of a plan or of a toolkit's settings writes a tool or toolkit row in the same
   * transaction (docs/decisions/0401-openapi-call-reads.md), so that commit drops them.
   */
  readModel?: ReadModel
}) {
  const openapi = deps.repos.openApi
  const tools = deps.repos.tools
  const caller = openApiCaller({ egress: deps.egress, credentials: deps.credentials })
  return {
    caller,
    /** The catalog of common services, as pre-built toolkits run by the same caller. */
    catalog: buildCatalog(openApiCatalog, caller),
    source: openApiSource(
      { tools, openapi: deps.readModel ? cachedCallPlans(deps.readModel, openapi) : openapi },
      caller,
    ),
    service: openApiService({
      store: deps.store,
      events: deps.events,
      toolkits: deps.repos.toolkits,
      tools,
      openapi,
      providers: deps.repos.providers,
      // spec_url: through the same guard as every outbound call, with room for a document of TOOLYARD_MAX_SPEC_BYTES.
      egress: createEgress({
        allowPrivate: deps.allowPrivateEgress,
        maxBodyBytes: deps.maxSpecBytes,
        timeoutMs: 30_000,
      }),
      maxSpecBytes: deps.maxSpecBytes,
      ...(deps.checkNames ? { checkNames: deps.checkNames } : {}),
      ...(deps.changes ? { changes: deps.changes } : {}),
    }),
  }
}

/** The repository with `callPlan` answered by the read model (keyed by project first: a project's commits drop its own). */
function cachedCallPlans(rm: ReadModel, repo: OpenApiRepository): OpenApiRepository {
  const view = rm.view(
    repo.callPlan,
    (projectId, toolkitId, toolId) => `${projectId}\u0000${toolkitId}\u0000${toolId}`,
    {
      maxEntries: 20_000,
      areas: ['tools'],
      projectOf: projectOfKey,
    },
  )
  return { ...repo, callPlan: view.get }
}
