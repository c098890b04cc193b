// Builds the toolkits/tools/functions feature from real parts: one call from the composition root (src/deps.ts).

import type { PrebuiltToolkit } from '../../catalog/toolkits'
import type { StoragePort } from '../../db/store'
import type { CallObserver } from '../../lib/call-observer'
import type { CredentialAccess } from '../../lib/credentials-port'
import type { EventBus } from '../../lib/events'
import { settle } from '../../lib/maybe-promise'
import type { OnServer, ServerRef } from '../../lib/request-context'
import type { ToolsBackend } from '../../mcp/backend'
import { MISS, projectOfKey, type ReadModel } from '../../read-model/read-model'
import type { FunctionRunner } from '../../runtime/function-runner'
import { discoveryOf } from '../servers/discovery'
import { type FindFunction, functionLookup, toolCalls, type UserCredentialLookup, validatorCache } from './call'
import type { ToolkitChanges } from './changes/service'
import { functionsByName } from './functions/by-name'
import { functionInvoker } from './functions/invoke'
import type { FunctionsRepository } from './functions/repository'
import { functionsService } from './functions/service'
import { hostedSource } from './kinds/hosted/source'
import { buildLocalKind, type LocalKindDeps } from './kinds/local/build'
import type { LocalRepository } from './kinds/local/repository'
import { PREBUILT_SOURCE } from './kinds/prebuilt/catalog-source'
import { prebuiltSource } from './kinds/prebuilt/source'
import { buildRemoteKind, type RemoteKindDeps } from './kinds/remote/build'
import type { RemoteRepository } from './kinds/remote/repository'
import { type ConsentPort, toolsMcp } from './mcp'
import type { ToolsRepository } from './repository'
import { CATALOG_ALWAYS, CATALOG_NEWEST, syncCatalogSearch } from './search/catalog-sync'
import { CODE_MAX_CALLS_DEFAULT } from './search/code-mode'
import { discoveryBackend } from './search/discovery'
import { type EmbeddingsSettings, embeddingsClient } from './search/embeddings'
import type { ToolSearchRepository } from './search/repository'
import { semanticRanking } from './search/semantic'
import { toolSearch } from './search/service'
import type { CredentialModesRepository } from './server-tools/credential-modes'
import type { ServerToolsRepository } from './server-tools/repository'
import { serverToolsService } from './server-tools/service'
import { toolsService } from './service'
import { sharedSchemas } from './shared-schemas'
import { functionToolCaller } from './sources/function-tool'
import { toolkitSources } from './sources/registry'
import type { ToolkitSource } from './sources/source'
import { toolIndex } from './tool-index'
import type { ToolkitsRepository } from './toolkits/repository'
import { type NameCollision, toolkitsService } from './toolkits/service'

/** Where run_code's nested calls enter, and how each is counted against the caller's rate limit (src/deps.ts). */
interface NestedCallEntry {
  callTool: ToolsBackend['callTool']
  charge: (ctx: OnServer) => Promise<boolean>
}

export interface ToolsFeatureDeps {
  store: StoragePort
  /** The feature's repositories, either backend's (src/storage.ts). */
  repos: {
    tools: ToolsRepository
    toolkits: ToolkitsRepository
    functions: FunctionsRepository
    serverTools: ServerToolsRepository
    toolSearch: ToolSearchRepository
    remote: RemoteRepository
    /** Attachments' credential_mode (docs/decisions/0333-credential-mode.md). */
    credentialModes?: CredentialModesRepository
    local: LocalRepository
  }
  /** Users' own credentials, for the attachments whose credential_mode uses them. */
  userCredential?: UserCredentialLookup
  /** In-band consent when a user's credential is missing (src/modules/users/connect.ts). */
  consent?: ConsentPort
  events: EventBus
  credentials: CredentialAccess
  /** The app's one function runner (src/runtime/function-runner.ts): tool calls, /invoke and the code check at save. */
  runner: FunctionRunner
  /** Told about every tool call (log line, call log, metrics). */
  calls?: CallObserver
  /** Request-path reads come from memory until a write (src/read-model). */
  readModel: ReadModel
  /** TOOLYARD_MAX_RESULT_BYTES: a larger tool result becomes an isError result. */
  maxResultBytes: number
  /** TOOLYARD_CODE_MAX_CALLS: nested tool calls per run_code (code mode). */
  codeMaxCalls?: number
  /** TOOLYARD_EMBEDDINGS_URL and its model: semantic ranking fused with BM25F; absent, BM25F alone. */
  embeddings?: EmbeddingsSettings
  /** More toolkit kinds beside `prebuilt` and `hosted`, each stored as rows of its `toolkit_type` (sources/source.ts). */
  extraSources?: readonly ToolkitSource[]
  /** The `remote` kind's upstream connections: the egress guard's streaming fetch, and where its warnings go. */
  remote: Pick<RemoteKindDeps, 'fetch' | 'log' | 'idleMs' | 'limits'>
  /** Pinned definitions (./changes): what reviewing remote toolkits' upstreams change is held here. */
  changes?: ToolkitChanges
  /** The `local` kind: the operator's stdio servers (TOOLYARD_LOCAL_SERVERS) and how their children run. */
  local?: Pick<LocalKindDeps, 'servers' | 'idleS' | 'maxChildrenPerProject' | 'path' | 'dataDir'>
  /** The pre-built toolkits of functions (src/catalog/toolkits.ts); a test gives another release's catalog. */
  prebuilt?: readonly PrebuiltToolkit[]
  /** Pre-built toolkits that run through their own caller (the OpenAPI catalog); one with a catalog id replaces it. */
  catalog?: {
    ids: ReadonlySet<string>
    toolkits: () => readonly PrebuiltToolkit[]
    callTool: ToolkitSource['callTool']
  }
}

export function createToolsFeature(deps: ToolsFeatureDeps) {
  const { store, events, credentials, runner, readModel, maxResultBytes } = deps
  const toolkitRows = deps.repos.toolkits
  const toolRows = deps.repos.tools
  const functions = functionsService(deps.repos.functions, runner)
  // A function's spec per (project, name), parsed once: no SQLite read per call while nothing changed.
  const functionSpecs = readModel.view(functionLookup(functions), (projectId, name) => `${projectId}\u0000${name}`, {
    maxEntries: 10_000,
    areas: ['functions'],
    projectOf: projectOfKey,
  })
  // A hit answers with no promise made (the builtin call's hit path); a miss loads through the port.
  const findFunction: FindFunction = (projectId, name) => {
    const hit = functionSpecs.peek(projectId, name)
    return hit === MISS ? functionSpecs.get(projectId, name) : hit
  }
  const runsFunction = functionToolCaller({ findFunction, runner })
  const catalog = deps.catalog
  const catalogIds = catalog?.ids ?? new Set<string>()
  // The catalog is planned on first use (kinds/prebuilt/source.ts takes it lazily), not at start.
  const functionKits = (deps.prebuilt ?? PREBUILT_SOURCE).filter((k) => !catalogIds.has(k.id))
  const prebuilt = {
    ids: new Set([...functionKits.map((k) => k.id), ...catalogIds]),
    load: () => [...functionKits, ...(catalog?.toolkits() ?? [])],
  }
  const runsPrebuilt: ToolkitSource['callTool'] = (ctx, tool, args, credentialId) =>
    catalog && catalogIds.has(tool.toolkit_id)
      ? catalog.callTool(ctx, tool, args, credentialId)
      : runsFunction(ctx, tool, args, credentialId)
  const remote = buildRemoteKind({
    store,
    repo: deps.repos.remote,
    readModel,
    toolkits: toolkitRows,
    tools: toolRows,
    credentials,
    events,
    ...deps.remote,
    ...(deps.changes ? { changes: deps.changes } : {}),
    serverToolkits: (serverId) => deps.repos.serverTools.toolkits(serverId),
    // serverTools is built below from the sources this kind joins; a sync only runs once both exist.
    checkNames: (projectId, toolkitId) => serverTools.assertNoReservedNames(projectId, toolkitId),
    refusingNameClashes: (projectId, toolkitId, write) => serverTools.refusingNameClashes(projectId, toolkitId, write),
  })
  const local = buildLocalKind({
    store,
    repo: deps.repos.local,
    toolkits: toolkitRows,
    tools: toolRows,
    credentials,
    events,
    log: deps.remote.log,
    syncCredential: deps.repos.remote.syncCredential,
    checkNames: (projectId, toolkitId) => serverTools.assertNoReservedNames(projectId, toolkitId),
    servers: deps.local?.servers ?? [],
    idleS: deps.local?.idleS ?? 300,
    maxChildrenPerProject: deps.local?.maxChildrenPerProject ?? 8,
    path: deps.local?.path ?? '/usr/local/bin:/usr/bin:/bin',
    dataDir: deps.local?.dataDir ?? '.',
    limits: { maxTools: deps.remote.limits?.maxTools ?? 1000, maxToolBytes: deps.remote.limits?.maxToolBytes ?? 65536 },
  })
  const sources = toolkitSources(
    [
      prebuiltSource(prebuilt, runsPrebuilt),
      hostedSource(toolRows, runsFunction),
      remote.source,
      local.source,
      ...(deps.extraSources ?? []),
    ],
    { toolkits: toolkitRows, tools: toolRows },
  )
  const serverToolRows = deps.repos.serverTools
  // The catalog copy: when this installation first carried each pre-built tool (docs/decisions/0111-one-name-one-tool.md).
  const searchRows = deps.repos.toolSearch
  // Planning the catalog's OpenAPI documents costs ~0.15 s, which a start must not pay: the copy is brought up to date
  // before the first search, or by the scheduled job soon after start, whichever comes first.
  // One sync shared by every caller that comes while it runs (each waits for it); tried again after a failure.
  let catalogSynced: Promise<void> | undefined
  /** When this installation first carried each pre-built tool: read once the catalog's copy is current. */
  let catalogTimes: Map<string, string> | undefined
  let catalogCurrent = false
  const syncCatalog = (): Promise<void> => {
    catalogSynced ??= syncCatalogSearch(store, searchRows, sources).then(
      () => {
        catalogCurrent = true
      },
      (error: unknown) => {
        catalogSynced = undefined
        throw error
      },
    )
    return catalogSynced
  }
  // Read, never synced, here: this runs inside other transactions (a refused attach would roll the copy back). A tool
  // the copy does not have yet is new in this release and counts as newest, as its coming stamp will; a copy never
  // made counts every tool as always there, as its first copy will (src/modules/tools/search/catalog-sync.ts).
  const catalogSince = async (toolId: string): Promise<string> => {
    const times = catalogTimes ?? new Map((await searchRows.catalog()).map((r) => [r.id, r.first_seen_at] as const))
    if (catalogCurrent) catalogTimes = times
    if (!times.size) return CATALOG_ALWAYS
    return times.get(toolId) ?? CATALOG_NEWEST
  }
  const serverTools = serverToolsService(
    store,
    serverToolRows,
    sources,
    credentials,
    events,
    catalogSince,
    deps.repos.credentialModes,
  )
  // Input schemas shared by text among the cached tool sets, each freed with the last set holding it.
  const schemas = sharedSchemas()
  const index = toolIndex(readModel, serverTools, toolRows, sources, schemas)
  const search = toolSearch(
    index,
    syncCatalog,
    async (projectId, toolkitId) => {
      const kit = (await sources.find(projectId, toolkitId))?.toolkit
      return kit ? `${kit.name} ${kit.display_name ?? ''}` : ''
    },
    deps.embeddings ? semanticRanking(embeddingsClient(deps.embeddings)) : undefined,
  )
  const discoverySettings = readModel.view(
    async (_projectId: string, serverId: string) => discoveryOf(await serverToolRows.discovery(serverId)),
    (projectId, serverId) => `${projectId}\u0000${serverId}`,
    { maxEntries: 10_000, areas: ['servers'], projectOf: projectOfKey },
  )
  const calls = toolsMcp(
    toolCalls({
      index,
      sources,
      validatorFor: validatorCache(schemas),
      ...(deps.userCredential ? { userCredential: deps.userCredential } : {}),
    }),
    deps.calls,
    maxResultBytes,
    deps.consent,
  )
  // Where run_code's nested calls enter: the app's composed backend once src/deps.ts has built it.
  let nestedCallEntry: NestedCallEntry | undefined
  return {
    sources,
    functions,
    findFunction,
    invokeFunction: functionInvoker({ functions, findFunction, runner, observer: deps.calls }),
    /** How resources and prompts run a function by name (same lookup, same runner). */
    functionsByName: functionsByName(findFunction, runner, functionLookup(functions)),
    serverTools,
    toolkits: toolkitsService(
      toolkitRows,
      sources,
      events,
      remote.service,
      local.service,
      async (projectId, toolkitId, limit) => {
        const out: NameCollision[] = []
        for (const serverId of await serverTools.serversUsing(projectId, toolkitId))
          for (const h of (await index.server(projectId, serverId)).heldBack)
            if (h.tool.toolkit_id === toolkitId && out.length < limit)
              out.push({
                server_id: serverId,
                name: h.tool.name,
                tool_id: h.tool.id,
                held_by: {
                  tool_id: h.heldBy.id,
                  toolkit_id: h.heldBy.toolkit_id,
                  toolkit_name:
                    (await sources.find(projectId, h.heldBy.toolkit_id))?.toolkit.name ?? h.heldBy.toolkit_id,
                },
              })
        return out
      },
      deps.changes,
    ),
    /** The toolkit of each tool a server lists, by its name there (policies match toolkits: src/modules/policies). */
    toolkitOf: (server: ServerRef) =>
      settle(index.server(server.project_id, server.id), (set) => (name: string) => set.named(name)?.tool.toolkit_id),
    /** The servers of the project carrying a tool of that name (a REST call without server_id may run on any). */
    serversOfTool: async (projectId: string, name: string) =>
      (await index.named(projectId, name)).flatMap((c) => (c.serverId ? [c.serverId] : [])),
    /** Remote MCP toolkits: refresh job, project file, shutdown. */
    remoteToolkits: remote.service,
    /** Local (stdio) toolkits: their children, stopped at shutdown. */
    localToolkits: local.service,
    /** What remote toolkits bring to a server besides tools (resources, prompts, completions, subscriptions). */
    remoteParts: { parts: remote.parts, watch: remote.watch },
    tools: toolsService(store, toolRows, sources, serverTools, events, functionLookup(functions)),
    toolSearch: search,
    /** Brings the catalog copy up to date (once; a search does it first if it comes first). */
    syncCatalogSearch: syncCatalog,
    /** The tools' MCP part; its backend lists find_tools/call_tool on servers in discovery mode (./search/discovery.ts). */
    toolCalls: {
      ...calls,
      /** The input schemas the cached tool sets share now, and how many have a compiled validator. */
      heldSchemas: () => schemas.counts(),
      /**
       * Nested calls of run_code (code mode) go in through `callTool`, the protocol's entry for tools/call, each
       * counted by `charge` against the caller's protocol rate limit.
       */
      routeNestedCalls(entry: NestedCallEntry) {
        nestedCallEntry = entry
      },
      backend: discoveryBackend(calls.backend, {
        // From memory with no promise made on a hit, as the tool set (listing a server asks for both).
        settings: (server) => {
          const hit = discoverySettings.peek(server.project_id, server.id)
          return hit === MISS ? discoverySettings.get(server.project_id, server.id) : hit
        },
        search,
        observer: deps.calls,
        code: {
          runner,
          maxCalls: deps.codeMaxCalls ?? CODE_MAX_CALLS_DEFAULT,
          maxResultBytes,
          entry: () => nestedCallEntry,
        },
      }),
    },
  }
}
