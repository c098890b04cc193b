// Builds the remote MCP toolkit kind from real parts: its rows, the upstream pool, the source the registry serves and
// the service REST, the project file and the interval job use.
import type { StoragePort } from '../../../../db/store'
import type { CredentialAccess } from '../../../../lib/credentials-port'
import type { EventBus } from '../../../../lib/events'
import { nowIso } from '../../../../lib/ids'
import type { Logger } from '../../../../lib/log'
import type { ReadModel } from '../../../../read-model/read-model'
import type { ToolkitChanges } from '../../changes/service'
import type { ToolsRepository } from '../../repository'
import type { ToolkitsRepository } from '../../toolkits/repository'
import { remoteToolCaller } from './call'
import type { StreamingFetch } from './connect'
import { upstreamPool } from './pool'
import type { RemoteRepository } from './repository'
import { resourceWatch } from './resource-watch'
import { type ServerPartsDeps, serverParts } from './server-parts'
import { remoteToolkits } from './service'
import { remoteSource } from './source'
import type { UpstreamListLimits } from './sync'

export interface RemoteKindDeps {
  store: StoragePort
  /** Either backend's (src/storage.ts). */
  repo: RemoteRepository
  toolkits: ToolkitsRepository
  tools: ToolsRepository
  credentials: CredentialAccess
  events: EventBus
  log: Logger
  /** The egress guard's streaming fetch (src/egress/client.ts createStreamingFetch). */
  fetch: StreamingFetch
  /** Throws (409) when the toolkit's tools now take a name tool discovery reserves on a server using it. */
  checkNames?: (projectId: string, toolkitId: string) => Promise<void>
  /** Runs a person's change of the toolkit's tools, refused (409) when it brings a second tool of a name to a server. */
  refusingNameClashes?: <T>(projectId: string, toolkitId: string, write: () => Promise<T>) => Promise<T>
  /** Pinned definitions: holds what a reviewing toolkit's upstream changes. */
  changes?: ToolkitChanges
  /** A server's toolkits in attach order (their resources, prompts and completions come through it: ./server-parts.ts). */
  serverToolkits?: ServerPartsDeps['serverToolkits']
  /** Keeps each toolkit's upstream in memory for its calls until a commit touches the toolkit (./upstream-cache.ts). */
  readModel?: ReadModel
  /** How long an upstream connection may sit unused before it is closed (default 60 s). */
  idleMs?: number
  /** TOOLYARD_MAX_REMOTE_TOOLS, TOOLYARD_MAX_REMOTE_TOOL_BYTES, TOOLYARD_MAX_REMOTE_WATCHERS_PER_PROJECT,
   *  TOOLYARD_MAX_REMOTE_CALLS_PER_PROJECT, and one call's log budget (TOOLYARD_MAX_RESULT_BYTES). */
  limits?: Partial<UpstreamListLimits & { logBytes: number; maxWatchersPerProject: number; maxCallsPerProject: number }>
}

const DEFAULT_LIMITS = {
  maxTools: 1000,
  maxToolBytes: 64 * 1024,
  logBytes: 4 * 1024 * 1024,
  maxWatchersPerProject: 50,
  maxCallsPerProject: 64,
}

/** Uris one toolkit's held connection subscribes at most upstream. */
const MAX_UPSTREAM_SUBSCRIPTIONS = 1000

export function buildRemoteKind(d: RemoteKindDeps) {
  const { repo } = d
  const pool = upstreamPool({ idleMs: d.idleMs ?? 60_000, maxIdlePerKey: 8 })
  const limits = { ...DEFAULT_LIMITS, ...d.limits }
  const built = remoteToolkits({ ...d, repo, pool, limits })
  const parts = serverParts({
    repo,
    serverToolkits: d.serverToolkits ?? (async () => []),
    credentials: d.credentials,
    pool,
    fetch: d.fetch,
    log: d.log,
    maxResultBytes: limits.logBytes,
    maxItems: limits.maxTools,
  })
  const watch = resourceWatch({
    credentials: d.credentials,
    fetch: d.fetch,
    log: d.log,
    maxUris: MAX_UPSTREAM_SUBSCRIPTIONS,
    publish: (projectId, serverId, uri) =>
      d.store.tx(() =>
        d.events.publishResource({ type: 'resource.updated', projectId, serverId, uri, name: uri, at: nowIso() }),
      ),
  })
  // A toolkit gone or closing takes its held subscriptions with it.
  const service: typeof built = {
    ...built,
    forget(toolkitId) {
      built.forget(toolkitId)
      watch.forget(toolkitId)
    },
    close() {
      built.close()
      watch.close()
    },
  }
  const callTool = remoteToolCaller({
    linked: parts.linked,
    repo,
    ...(d.readModel ? { readModel: d.readModel } : {}),
    logBytes: limits.logBytes,
    maxCallsPerProject: limits.maxCallsPerProject,
    credentials: d.credentials,
    pool,
    fetch: d.fetch,
    onToolsChanged: service.onToolsChanged,
  })
  return { service, parts, watch, source: remoteSource(d.tools, callTool, service.detail) }
}
