// Builds the remote MCP toolkit kind from real parts: its rows, the upstream pool, the source the registry serves and
// the service REST, the project file and the interval job use.
import type { Store } from '../../../db/store'
import type { CredentialAccess } from '../../../lib/credentials-port'
import type { EventBus } from '../../../lib/events'
import type { Logger } from '../../../lib/log'
import type { ToolsRepository } from '../repository'
import { remoteSource } from '../sources/remote'
import type { ToolkitsRepository } from '../toolkits/repository'
import { remoteToolCaller } from './call'
import type { StreamingFetch } from './connect'
import { upstreamPool } from './pool'
import { remoteRepository } from './repository'
import { remoteToolkits } from './service'

export interface RemoteKindDeps {
  store: Store
  toolkits: ToolkitsRepository
  tools: ToolsRepository
  credentials: CredentialAccess
  events: EventBus
  log: Logger
  /** The egress guard's streaming fetch (src/egress/client.ts createStreamingFetch). */
  fetch: StreamingFetch
  /** Throws (409) when the toolkit's tools now take a name tool discovery reserves on a server using it. */
  checkNames?: (projectId: string, toolkitId: string) => void
  /** How long an upstream connection may sit unused before it is closed (default 60 s). */
  idleMs?: number
}

export function buildRemoteKind(d: RemoteKindDeps) {
  const repo = remoteRepository(d.store.db)
  const pool = upstreamPool({ idleMs: d.idleMs ?? 60_000, maxIdlePerKey: 8 })
  const service = remoteToolkits({ ...d, repo, pool })
  const callTool = remoteToolCaller({
    repo,
    credentials: d.credentials,
    pool,
    fetch: d.fetch,
    onToolsChanged: service.onToolsChanged,
  })
  return { service, source: remoteSource(d.tools, callTool, service.detail) }
}
