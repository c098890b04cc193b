// Builds the local (stdio) toolkit kind from real parts: the operator's servers, the children they run as, the source
// the registry serves and the service REST uses. Says once at start whether children run sandboxed.
import type { StoragePort } from '../../../../db/store'
import type { CredentialAccess } from '../../../../lib/credentials-port'
import type { EventBus } from '../../../../lib/events'
import type { Logger } from '../../../../lib/log'
import type { ToolsRepository } from '../../repository'
import type { ToolkitsRepository } from '../../toolkits/repository'
import type { UpstreamListLimits } from '../remote/sync'
import { localToolCaller } from './call'
import { localChildren } from './children'
import type { LocalRepository } from './repository'
import { findConfiners } from './sandbox'
import type { LocalServer } from './servers'
import { localToolkits } from './service'
import { localSource } from './source'

export interface LocalKindDeps {
  store: StoragePort
  repo: LocalRepository
  toolkits: ToolkitsRepository
  tools: ToolsRepository
  credentials: CredentialAccess
  events: EventBus
  log: Logger
  syncCredential: (projectId: string, toolkitId: string, provider: string) => Promise<string | undefined>
  checkNames?: (projectId: string, toolkitId: string) => Promise<void>
  /** TOOLYARD_LOCAL_SERVERS, TOOLYARD_LOCAL_IDLE_S, TOOLYARD_MAX_LOCAL_CHILDREN_PER_PROJECT, the PATH children get, and the data directory. */
  servers: readonly LocalServer[]
  idleS: number
  maxChildrenPerProject: number
  path: string
  dataDir: string
  limits: UpstreamListLimits
}

export function buildLocalKind(d: LocalKindDeps) {
  const confiners = findConfiners(d.path)
  if (d.servers.length) {
    if (confiners.bwrap) d.log.info('local servers run sandboxed (bubblewrap)', { servers: d.servers.length })
    else
      d.log.warn('local servers run WITHOUT a sandbox: bubblewrap (bwrap) is not installed', {
        servers: d.servers.length,
      })
  }
  const children = localChildren({ idleMs: d.idleS * 1000, maxPerProject: d.maxChildrenPerProject })
  const service = localToolkits({
    ...d,
    children,
    confiners,
    servers: new Map(d.servers.map((s) => [s.name, s])),
  })
  const callTool = localToolCaller(d.repo, service, children.release)
  return { service, children, source: localSource(d.tools, callTool, service.detail) }
}
