// A server's tool set: attached toolkits + tools added one by one − tools removed, with per-tool settings,
// name uniqueness, and the credential each tool would use (docs/decisions.md, Toolkits section).
import type { StoragePort } from '../../../db/store'
import type { CredentialAccess, CredentialStatus } from '../../../lib/credentials-port'
import { conflict, notFound } from '../../../lib/errors'
import type { EventBus } from '../../../lib/events'
import { nowIso } from '../../../lib/ids'
import { discoveryOf, RESERVED_TOOL_NAMES } from '../../servers/discovery'
import type { ServerToolsPort, ToolkitAttachment } from '../../servers/service'
import type { ToolRow } from '../repository'
import type { ToolkitSources } from '../sources/registry'
import type { ServerToolRow, ServerToolsRepository } from './repository'

/** One tool as it stands on one server. */
export interface ServerTool {
  tool: ToolRow
  enabled: boolean
  source: 'toolkit' | 'added'
  /** The kind of its toolkit: the source that runs it (src/modules/tools/sources). */
  kind: string
  /** The credential id the tool would run with (override → its toolkit's map → another attached toolkit's map). */
  credentialId?: string
}

export interface ServerToolsDetail {
  toolkits: { toolkit_id: string; name: string; credentials: Record<string, string> }[]
  tools: {
    id: string
    name: string
    description?: string
    toolkit_id: string
    credential_provider?: string
    credential_status: CredentialStatus
    enabled: boolean
    source: 'toolkit' | 'added'
  }[]
}

const parseMap = (json: string) => JSON.parse(json) as Record<string, string>

export function serverToolsService(
  store: StoragePort,
  repo: ServerToolsRepository,
  sources: ToolkitSources,
  credentials: CredentialAccess,
  events: EventBus,
) {
  const toolkitName = async (projectId: string, toolkitId: string) =>
    (await sources.find(projectId, toolkitId))?.toolkit.name

  /** Every tool on the server (disabled ones included), ordered by name: the order tools/list shows. */
  async function effective(projectId: string, serverId: string): Promise<ServerTool[]> {
    const attached = (await repo.toolkits(serverId)).map((k) => ({
      id: k.toolkit_id,
      credentials: parseMap(k.credentials),
    }))
    const rows = new Map((await repo.tools(serverId)).map((r) => [r.tool_id, r] as const))
    const picked = new Map<string, { tool: ToolRow; source: 'toolkit' | 'added'; kind: string }>()
    for (const k of attached) {
      const { kind, tools } = await sources.tools(projectId, k.id)
      if (kind) for (const tool of tools) picked.set(tool.id, { tool, source: 'toolkit', kind })
    }
    for (const row of rows.values()) {
      if (row.source !== 'added' || picked.has(row.tool_id)) continue
      const found = await sources.tool(projectId, row.tool_id)
      if (found) picked.set(found.tool.id, { tool: found.tool, source: 'added', kind: found.source.kind })
    }
    const out: ServerTool[] = []
    for (const { tool, source, kind } of picked.values()) {
      const row = rows.get(tool.id)
      if (row?.source === 'removed') continue
      const provider = tool.credential_provider
      let credentialId: string | undefined
      if (provider) {
        const own = attached.find((k) => k.id === tool.toolkit_id)?.credentials[provider]
        const any = attached.find((k) => k.credentials[provider])?.credentials[provider]
        credentialId = row?.credential_id ?? own ?? any
      }
      const enabled = row ? row.enabled === 1 : true
      out.push({ tool, enabled, source, kind, ...(credentialId ? { credentialId } : {}) })
    }
    return out.sort((a, b) =>
      a.tool.name < b.tool.name ? -1 : a.tool.name > b.tool.name ? 1 : a.tool.id < b.tool.id ? -1 : 1,
    )
  }

  /**
   * Tool names on one server must be unique (409), and a server with discovery on (auto or always) carries no tool named
   * like its search tools (409); call inside the transaction that changed the set or the settings.
   */
  async function assertUniqueNames(projectId: string, serverId: string): Promise<void> {
    const seen = new Set<string>()
    const reserved = discoveryOf(await repo.discovery(serverId)).mode !== 'off'
    for (const { tool } of await effective(projectId, serverId)) {
      if (reserved && (RESERVED_TOOL_NAMES as readonly string[]).includes(tool.name))
        throw conflict(
          `the tool name "${tool.name}" is reserved on a server with tool_discovery on (${RESERVED_TOOL_NAMES.join(', ')}); rename the tool or set tool_discovery.mode to "off"`,
        )
      if (seen.has(tool.name))
        throw conflict(`a tool named "${tool.name}" is already on this server; tool names on one server must be unique`)
      seen.add(tool.name)
    }
  }

  /**
   * A toolkit's tools changed from outside (a remote sync, an OpenAPI re-import): none of them may take a name tool
   * discovery reserves on a server it is attached to (docs/decisions.md, "Tool search"). Run inside the writing
   * transaction, so a refusal leaves the tools as they were.
   */
  async function assertNoReservedNames(projectId: string, toolkitId: string): Promise<void> {
    for (const serverId of await repo.serversUsing(projectId, toolkitId)) {
      if (discoveryOf(await repo.discovery(serverId)).mode === 'off') continue
      for (const { tool } of await effective(projectId, serverId))
        if (tool.toolkit_id === toolkitId && (RESERVED_TOOL_NAMES as readonly string[]).includes(tool.name))
          throw conflict(
            `the tool name "${tool.name}" is reserved on server ${serverId} (its tool_discovery is on): the toolkit's tools were left as they were. Give the tools a prefix (remote), exclude the operation (OpenAPI), take the toolkit off that server, or set its tool_discovery.mode to "off"`,
          )
    }
  }

  const credentialStatus = async (projectId: string, st: ServerTool): Promise<CredentialStatus> => {
    if (!st.tool.credential_provider) return 'not_required'
    return st.credentialId ? credentials.status(projectId, st.credentialId) : 'missing'
  }

  const assertCredential = async (projectId: string, id: string) => {
    if ((await credentials.status(projectId, id)) === 'missing') throw notFound(`credential ${id}`)
  }

  const mustHaveServer = async (projectId: string, serverId: string) => {
    if (!(await repo.serverExists(projectId, serverId))) throw notFound('server')
  }

  const mustBeOnServer = async (projectId: string, serverId: string, toolId: string): Promise<ServerTool> => {
    const st = (await effective(projectId, serverId)).find((s) => s.tool.id === toolId)
    if (!st) throw notFound(`tool ${toolId} on this server`)
    return st
  }

  const changed = (projectId: string, serverId: string) =>
    events.publish({ type: 'list_changed', list: 'tools', projectId, serverId })

  const row = (
    serverId: string,
    toolId: string,
    source: ServerToolRow['source'],
    credentialId: string | null,
    enabled: boolean,
  ): ServerToolRow => ({
    server_id: serverId,
    tool_id: toolId,
    source,
    credential_id: credentialId,
    enabled: enabled ? 1 : 0,
    created_at: nowIso(),
  })

  const port: ServerToolsPort = {
    async attachToolkits(
      projectId: string,
      serverId: string,
      list: ToolkitAttachment[],
      mode: 'add' | 'replace',
    ): Promise<void> {
      for (const k of list) {
        if (!(await toolkitName(projectId, k.toolkit_id))) throw notFound(`toolkit ${k.toolkit_id}`)
        for (const id of Object.values(k.credentials ?? {})) await assertCredential(projectId, id)
      }
      if (mode === 'replace') await repo.clearToolkits(serverId)
      const at = nowIso()
      for (const k of list)
        await repo.upsertToolkit({
          server_id: serverId,
          toolkit_id: k.toolkit_id,
          credentials: JSON.stringify(k.credentials ?? {}),
          created_at: at,
        })
      await assertUniqueNames(projectId, serverId)
      changed(projectId, serverId)
    },
    async discoveryChanged(projectId: string, serverId: string): Promise<void> {
      await assertUniqueNames(projectId, serverId)
      changed(projectId, serverId)
    },
    async describe(projectId: string, serverId: string): Promise<ServerToolsDetail> {
      const tools = await effective(projectId, serverId)
      const statuses = await Promise.all(tools.map((st) => credentialStatus(projectId, st)))
      const toolkits = []
      for (const k of await repo.toolkits(serverId))
        toolkits.push({
          toolkit_id: k.toolkit_id,
          name: (await toolkitName(projectId, k.toolkit_id)) ?? k.toolkit_id,
          credentials: parseMap(k.credentials),
        })
      return {
        toolkits,
        tools: tools.map((st, i) => ({
          id: st.tool.id,
          name: st.tool.name,
          ...(st.tool.description !== null ? { description: st.tool.description } : {}),
          toolkit_id: st.tool.toolkit_id,
          ...(st.tool.credential_provider ? { credential_provider: st.tool.credential_provider } : {}),
          credential_status: statuses[i]!,
          enabled: st.enabled,
          source: st.source,
        })),
      }
    },
  }

  return {
    ...port,
    effective,
    assertUniqueNames,
    credentialStatus,
    projectServers: (projectId: string) => repo.projectServers(projectId),
    assertNoReservedNames,
    serversUsing: (projectId: string, toolkitId: string, toolId?: string) =>
      repo.serversUsing(projectId, toolkitId, toolId),

    /**
     * Attaches one toolkit and keeps the others (PATCH /servers/{id} with `toolkits` replaces the whole list); attached
     * again, its credential map is replaced. 404 for an unknown toolkit or credential, 409 for a tool name taken.
     */
    async attachToolkit(projectId: string, serverId: string, attachment: ToolkitAttachment): Promise<void> {
      await mustHaveServer(projectId, serverId)
      await store.tx(() => port.attachToolkits(projectId, serverId, [attachment], 'add'))
    },

    /** Takes one toolkit off the server; its tools leave the server's list at once. 404 when it is not attached. */
    async detachToolkit(projectId: string, serverId: string, toolkitId: string): Promise<void> {
      await mustHaveServer(projectId, serverId)
      await store.tx(async () => {
        if (!(await repo.removeToolkit(serverId, toolkitId))) throw notFound(`toolkit ${toolkitId} on this server`)
      })
      changed(projectId, serverId)
    },

    async addTools(projectId: string, serverId: string, toolIds: string[]): Promise<void> {
      await mustHaveServer(projectId, serverId)
      for (const id of toolIds) if (!(await sources.tool(projectId, id))) throw notFound(`tool ${id}`)
      await store.tx(async () => {
        for (const id of toolIds) {
          const existing = await repo.tool(serverId, id)
          // A tool taken off earlier comes back with default settings; an override keeps its settings.
          const keep = existing && existing.source !== 'removed'
          await repo.upsertTool(
            row(serverId, id, 'added', keep ? existing.credential_id : null, keep ? existing.enabled === 1 : true),
          )
        }
        await assertUniqueNames(projectId, serverId)
      })
      changed(projectId, serverId)
    },

    async removeTools(projectId: string, serverId: string, toolIds: string[]): Promise<void> {
      await mustHaveServer(projectId, serverId)
      await store.tx(async () => {
        for (const id of toolIds) {
          await mustBeOnServer(projectId, serverId, id)
          await repo.upsertTool(row(serverId, id, 'removed', null, true))
        }
      })
      changed(projectId, serverId)
    },

    async patchTool(
      projectId: string,
      serverId: string,
      toolId: string,
      input: { credential_id?: string | null; enabled?: boolean },
    ): Promise<void> {
      await mustHaveServer(projectId, serverId)
      if (input.credential_id) await assertCredential(projectId, input.credential_id)
      await store.tx(async () => {
        const st = await mustBeOnServer(projectId, serverId, toolId)
        const existing = await repo.tool(serverId, toolId)
        const credentialId = input.credential_id !== undefined ? input.credential_id : (existing?.credential_id ?? null)
        const enabled = input.enabled ?? st.enabled
        await repo.upsertTool(
          row(serverId, toolId, existing?.source === 'added' ? 'added' : 'override', credentialId, enabled),
        )
      })
      if (input.enabled !== undefined) changed(projectId, serverId)
    },
  }
}
export type ServerToolsService = ReturnType<typeof serverToolsService>
