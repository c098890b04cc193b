// A server's tool set: attached toolkits + tools added one by one − tools removed, with per-tool settings,
// name uniqueness, and the credential each tool would use (docs/decisions/README.md, Toolkits section).
import type { StoragePort } from '../../../db/store'
import type { CredentialAccess, CredentialStatus } from '../../../lib/credentials-port'
import { badRequest, conflict, notFound } from '../../../lib/errors'
import type { EventBus } from '../../../lib/events'
import { nowIso } from '../../../lib/ids'
import { discoveryOf, RESERVED_TOOL_NAMES } from '../../servers/discovery'
import type { ServerToolsPort, ToolkitAttachment } from '../../servers/service'
import type { ToolRow } from '../repository'
import type { ToolkitSources } from '../sources/registry'
import type { CredentialMode, CredentialModesRepository } from './credential-modes'
import { assertPrefixFits, defaultPrefix, underPrefix } from './prefix'
import type { ServerToolRow, ServerToolsRepository } from './repository'

/** One tool as it stands on one server. */
export interface ServerTool {
  /** The tool as the server lists it: under its attachment's prefix (docs/decisions/0211-attachment-prefix.md). */
  tool: ToolRow
  /** The tool as its toolkit has it, when a prefix renamed it on this server: what its source runs. */
  own?: ToolRow
  enabled: boolean
  source: 'toolkit' | 'added'
  /** The kind of its toolkit: the source that runs it (src/modules/tools/sources). */
  kind: string
  /** The credential id the tool would run with (override → its toolkit's map → another attached toolkit's map). */
  credentialId?: string
  /** Set when the tool's attachment uses the caller's own credential (docs/decisions/0333-credential-mode.md). */
  credentialMode?: Exclude<CredentialMode, 'shared'>
}

/** A tool the server would carry but does not list: another tool came onto the server first with its name. */
export interface HeldBackTool {
  tool: ToolRow
  /** The tool that keeps the name. */
  heldBy: ToolRow
}

/** Every tool the server carries (held-back ones included) by name: what a person's act is compared against. */
type NameSnapshot = Map<string, Set<string>>

export interface ServerToolsDetail {
  toolkits: {
    toolkit_id: string
    name: string
    prefix: string
    credentials: Record<string, string>
    credential_mode: CredentialMode
  }[]
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
  /** Tools not listed because another tool of the server has their name (docs/decisions/0111-one-name-one-tool.md). */
  held_back: { id: string; name: string; toolkit_id: string; held_by: { tool_id: string; toolkit_id: string } }[]
}

const parseMap = (json: string) => JSON.parse(json) as Record<string, string>

/** The later of two ISO stamps. */
const later = (a: string, b: string) => (a > b ? a : b)

/**
 * A pre-built tool that shares its name with another candidate counts from when this installation first carried it
 * too (asked only then: most servers have no such pair).
 */
async function withCatalogTimes(
  candidates: { tool: ToolRow; since: string }[],
  catalogSince: (toolId: string) => Promise<string>,
) {
  const count = new Map<string, number>()
  for (const c of candidates) count.set(c.tool.name, (count.get(c.tool.name) ?? 0) + 1)
  for (const c of candidates)
    if (c.tool.project_id === '' && count.get(c.tool.name)! > 1) c.since = later(c.since, await catalogSince(c.tool.id))
}

export function serverToolsService(
  store: StoragePort,
  repo: ServerToolsRepository,
  sources: ToolkitSources,
  credentials: CredentialAccess,
  events: EventBus,
  /**
   * When this installation first carried a pre-built tool (the catalog has no time of its own): a release whose
   * catalog adds a tool named like one already on a server does not take the name from it.
   */
  catalogSince?: (toolId: string) => Promise<string>,
  /** Writes an attachment's credential_mode (absent: every attachment is shared). */
  credentialModes?: CredentialModesRepository,
) {
  const toolkitName = async (projectId: string, toolkitId: string) =>
    (await sources.find(projectId, toolkitId))?.toolkit.name

  /**
   * The server's tools, one per name. A tool is on the server since the later of when it got there (its toolkit
   * attached, or it was added by itself) and when the tool itself was made; of two tools with one name, the one there
   * first keeps it and the other is held back: not listed, not searched, not called (a call of the name reaches the
   * first), until the first goes away (docs/decisions/0111-one-name-one-tool.md). A person's act never makes such a
   * pair (409); a change from outside (a re-list, a re-import) can, and cannot be refused.
   * A disabled tool still holds its name: the server's owner chose it for that name.
   */
  async function resolve(
    projectId: string,
    serverId: string,
  ): Promise<{ listed: ServerTool[]; heldBack: HeldBackTool[] }> {
    const attached = (await repo.toolkits(serverId)).map((k) => ({
      id: k.toolkit_id,
      credentials: parseMap(k.credentials),
      prefix: k.prefix,
      since: k.created_at,
      mode: k.credential_mode ?? 'shared',
    }))
    const rows = new Map((await repo.tools(serverId)).map((r) => [r.tool_id, r] as const))
    type Picked = { tool: ToolRow; own?: ToolRow; source: 'toolkit' | 'added'; kind: string; since: string }
    const picked = new Map<string, Picked>()
    for (const k of attached) {
      const { kind, tools } = await sources.tools(projectId, k.id)
      if (kind)
        for (const own of tools)
          picked.set(own.id, {
            tool: underPrefix(k.prefix, own),
            ...(k.prefix ? { own } : {}),
            source: 'toolkit',
            kind,
            since: later(k.since, own.created_at),
          })
    }
    for (const row of rows.values()) {
      if (row.source !== 'added' || picked.has(row.tool_id)) continue
      const found = await sources.tool(projectId, row.tool_id)
      if (found)
        picked.set(found.tool.id, {
          tool: found.tool,
          source: 'added',
          kind: found.source.kind,
          since: later(row.created_at, found.tool.created_at),
        })
    }
    const byName = new Map<string, Picked>()
    const heldBack: HeldBackTool[] = []
    const first = (a: Picked, b: Picked) => a.since < b.since || (a.since === b.since && a.tool.id < b.tool.id)
    const candidates = [...picked.values()].filter((p) => rows.get(p.tool.id)?.source !== 'removed')
    if (catalogSince) await withCatalogTimes(candidates, catalogSince)
    for (const p of candidates) {
      const holder = byName.get(p.tool.name)
      if (!holder || first(p, holder)) byName.set(p.tool.name, p)
    }
    const out: ServerTool[] = []
    for (const { tool, own, source, kind } of candidates) {
      const holder = byName.get(tool.name)!
      if (holder.tool.id !== tool.id) {
        heldBack.push({ tool, heldBy: holder.tool })
        continue
      }
      const row = rows.get(tool.id)
      const provider = tool.credential_provider
      let credentialId: string | undefined
      let credentialMode: ServerTool['credentialMode']
      if (provider) {
        const attachment = attached.find((k) => k.id === tool.toolkit_id)
        const mapped = attachment?.credentials[provider]
        const any = attached.find((k) => k.credentials[provider])?.credentials[provider]
        credentialId = row?.credential_id ?? mapped ?? any
        if (attachment && attachment.mode !== 'shared') credentialMode = attachment.mode
      }
      const enabled = row ? row.enabled === 1 : true
      out.push({
        tool,
        ...(own ? { own } : {}),
        enabled,
        source,
        kind,
        ...(credentialId ? { credentialId } : {}),
        ...(credentialMode ? { credentialMode } : {}),
      })
    }
    const byNameThenId = (a: ToolRow, b: ToolRow) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)
    heldBack.sort((a, b) => byNameThenId(a.tool, b.tool))
    return { listed: out.sort((a, b) => byNameThenId(a.tool, b.tool)), heldBack }
  }

  /** Every tool on the server (disabled ones included, held-back ones not), ordered by name: the order tools/list shows. */
  const effective = async (projectId: string, serverId: string): Promise<ServerTool[]> =>
    (await resolve(projectId, serverId)).listed

  /** Each name on the server with every tool that has it (held-back ones included). */
  async function names(projectId: string, serverId: string): Promise<NameSnapshot> {
    const { listed, heldBack } = await resolve(projectId, serverId)
    const out: NameSnapshot = new Map()
    for (const tool of [...listed.map((s) => s.tool), ...heldBack.map((h) => h.tool)]) {
      const ids = out.get(tool.name)
      if (ids) ids.add(tool.id)
      else out.set(tool.name, new Set([tool.id]))
    }
    return out
  }

  /**
   * A person's act (attaching a toolkit, adding or registering a tool, renaming one) may not put a second tool of one
   * name on a server: 409 naming the toolkit already there and the incoming one. `before` is the server's names before
   * the act; a pair a change from outside made earlier is not the act's doing and is left as it is. A server with
   * discovery on (auto or always) carries no tool named like its search tools (409). Call inside the transaction that
   * changed the set or the settings.
   */
  async function assertNamesAllowed(projectId: string, serverId: string, before?: NameSnapshot): Promise<void> {
    const reserved = discoveryOf(await repo.discovery(serverId)).mode !== 'off'
    const now = await resolve(projectId, serverId)
    for (const { tool } of [...now.listed, ...now.heldBack])
      if (reserved && (RESERVED_TOOL_NAMES as readonly string[]).includes(tool.name))
        throw conflict(
          `the tool name "${tool.name}" is reserved on a server with tool_discovery on (${RESERVED_TOOL_NAMES.join(', ')}); rename the tool, attach its toolkit with a "prefix", or set tool_discovery.mode to "off"`,
        )
    if (!before) return
    for (const held of now.heldBack) {
      const had = before.get(held.tool.name) ?? new Set<string>()
      const pair = [held.tool, held.heldBy]
      const incoming = pair.find((t) => !had.has(t.id))
      if (!incoming) continue
      const existing = pair.find((t) => t !== incoming)!
      const kit = async (t: ToolRow) => JSON.stringify((await toolkitName(projectId, t.toolkit_id)) ?? t.toolkit_id)
      throw conflict(
        `a tool named "${held.tool.name}" from toolkit ${await kit(existing)} is already on server ${serverId}; toolkit ${await kit(incoming)} brings another tool of that name. Tool names on one server must be unique: attach one of the two toolkits with a "prefix" (its tools are then listed as <prefix>_<name>), take one of the two off the server, or rename one`,
      )
    }
  }

  /**
   * Runs `write`, a person's change of a toolkit's tools (registering or renaming a tool, pointing a remote toolkit
   * at another upstream or prefix), and refuses (409 naming both toolkits) a second tool of a name it brings onto a
   * server carrying the toolkit (or, given `toolId`, carrying that tool by itself). Inside the caller's transaction.
   */
  async function refusingNameClashes<T>(
    projectId: string,
    toolkitId: string,
    write: () => Promise<T>,
    toolId?: string,
  ): Promise<T> {
    const servers = await repo.serversUsing(projectId, toolkitId, toolId)
    const before = new Map<string, NameSnapshot>()
    for (const serverId of servers) before.set(serverId, await names(projectId, serverId))
    const out = await write()
    for (const serverId of servers) await assertNamesAllowed(projectId, serverId, before.get(serverId))
    return out
  }

  /**
   * A toolkit's tools changed from outside (a remote sync, an OpenAPI re-import): none of them may take a name tool
   * discovery reserves on a server it is attached to (docs/decisions/0034-tool-search.md). Run inside the writing
   * transaction, so a refusal leaves the tools as they were.
   */
  async function assertNoReservedNames(projectId: string, toolkitId: string): Promise<void> {
    for (const serverId of await repo.serversUsing(projectId, toolkitId)) {
      if (discoveryOf(await repo.discovery(serverId)).mode === 'off') continue
      const { listed, heldBack } = await resolve(projectId, serverId)
      for (const { tool } of [...listed, ...heldBack])
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

  /**
   * A credential a mapping names: of the project, and not a user's own — a user's credential is used only for that
   * user's calls (credential_mode), so as a shared mapping it is as unknown as another project's (404).
   */
  const assertCredential = async (projectId: string, id: string) => {
    if ((await credentials.status(projectId, id)) === 'missing') throw notFound(`credential ${id}`)
    if (await credentials.ownerOf?.(projectId, id)) throw notFound(`credential ${id}`)
  }

  const mustHaveServer = async (projectId: string, serverId: string) => {
    if (!(await repo.serverExists(projectId, serverId))) throw notFound('server')
  }

  const mustBeOnServer = async (projectId: string, serverId: string, toolId: string): Promise<ServerTool> => {
    const st = (await effective(projectId, serverId)).find((s) => s.tool.id === toolId)
    if (!st) throw notFound(`tool ${toolId} on this server`)
    return st
  }

  /** A listed or held-back tool of the server (a held-back one can be taken off too). */
  const mustBeCarried = async (projectId: string, serverId: string, toolId: string): Promise<void> => {
    const { listed, heldBack } = await resolve(projectId, serverId)
    if (!listed.some((s) => s.tool.id === toolId) && !heldBack.some((h) => h.tool.id === toolId))
      throw notFound(`tool ${toolId} on this server`)
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

  /**
   * A toolkit's credential map naming a provider none of its tools uses would be silently ignored: 400 naming the entry
   * (an OpenAPI document without security schemes gets one through `auth` on import, docs/openapi.md "Auth"). A toolkit
   * with no tools yet (a remote one before its first listing) cannot tell, and is not checked.
   */
  /**
   * A credential mapped for a provider no tool of the toolkit uses is refused — only where the mapping is new or
   * changed: a kept mapping whose provider the toolkit's tools stopped using (a re-import, a re-list) must not block
   * every later change of the server's toolkits.
   */
  const assertProvidersUsed = async (
    projectId: string,
    k: ToolkitAttachment,
    field: string,
    kept: Record<string, string> = {},
  ) => {
    const entries = Object.entries(k.credentials ?? {})
      .filter(([provider, id]) => kept[provider] !== id)
      .map(([provider]) => provider)
    if (!entries.length) return
    const { tools } = await sources.tools(projectId, k.toolkit_id)
    if (!tools.length) return
    const used = new Set(tools.map((t) => t.credential_provider).filter(Boolean))
    for (const provider of entries)
      if (!used.has(provider))
        throw badRequest(
          `no tool of toolkit ${k.toolkit_id} uses credential provider "${provider}"${used.size ? ` (they use: ${[...used].join(', ')})` : ' (its tools need no credential)'}: the credential would never be sent`,
          [{ field: `${field}.${provider}`, message: 'no tool of the toolkit uses this provider' }],
        )
  }

  const port: ServerToolsPort = {
    async attachToolkits(
      projectId: string,
      serverId: string,
      list: ToolkitAttachment[],
      mode: 'add' | 'replace',
    ): Promise<void> {
      const stored = new Map((await repo.toolkits(serverId)).map((k) => [k.toolkit_id, k] as const))
      const prefixes: string[] = []
      for (const [i, k] of list.entries()) {
        const found = await sources.find(projectId, k.toolkit_id)
        if (!found) throw notFound(`toolkit ${k.toolkit_id}`)
        for (const id of Object.values(k.credentials ?? {})) await assertCredential(projectId, id)
        const keptMap = stored.get(k.toolkit_id)?.credentials
        await assertProvidersUsed(projectId, k, `body.toolkits.${i}.credentials`, keptMap ? parseMap(keptMap) : {})
        // Given, or kept from the attachment (a replace that names the toolkit again changes no tool's name), or the
        // toolkit's default for a new attachment (docs/decisions/0211-attachment-prefix.md).
        const prefix = k.prefix ?? stored.get(k.toolkit_id)?.prefix ?? defaultPrefix(found.toolkit)
        if (k.prefix) assertPrefixFits(prefix, await found.source.listTools(k.toolkit_id), `body.toolkits.${i}.prefix`)
        prefixes.push(prefix)
      }
      const before = await names(projectId, serverId)
      if (mode === 'replace') await repo.clearToolkits(serverId)
      const at = nowIso()
      for (const [i, k] of list.entries())
        await repo.upsertToolkit({
          server_id: serverId,
          toolkit_id: k.toolkit_id,
          credentials: JSON.stringify(k.credentials ?? {}),
          prefix: prefixes[i]!,
          // A toolkit kept by a replace keeps the time it came onto the server: which tool was there first depends on it.
          created_at: stored.get(k.toolkit_id)?.created_at ?? at,
        })
      // Given, or kept from the attachment, or shared (today's behaviour).
      if (credentialModes)
        for (const k of list)
          await credentialModes.set(
            serverId,
            k.toolkit_id,
            k.credential_mode ?? stored.get(k.toolkit_id)?.credential_mode ?? 'shared',
          )
      await assertNamesAllowed(projectId, serverId, before)
      changed(projectId, serverId)
    },
    async discoveryChanged(projectId: string, serverId: string): Promise<void> {
      await assertNamesAllowed(projectId, serverId)
      changed(projectId, serverId)
    },
    async describe(projectId: string, serverId: string): Promise<ServerToolsDetail> {
      const { listed: tools, heldBack } = await resolve(projectId, serverId)
      const statuses = await Promise.all(tools.map((st) => credentialStatus(projectId, st)))
      const toolkits = []
      for (const k of await repo.toolkits(serverId))
        toolkits.push({
          toolkit_id: k.toolkit_id,
          name: (await toolkitName(projectId, k.toolkit_id)) ?? k.toolkit_id,
          prefix: k.prefix,
          credentials: parseMap(k.credentials),
          credential_mode: k.credential_mode ?? 'shared',
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
        held_back: heldBack.map((h) => ({
          id: h.tool.id,
          name: h.tool.name,
          toolkit_id: h.tool.toolkit_id,
          held_by: { tool_id: h.heldBy.id, toolkit_id: h.heldBy.toolkit_id },
        })),
      }
    },
  }

  return {
    ...port,
    effective,
    resolve,
    refusingNameClashes,
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
        const before = await names(projectId, serverId)
        for (const id of toolIds) {
          const existing = await repo.tool(serverId, id)
          // A tool taken off earlier comes back with default settings; an override keeps its settings.
          const keep = existing && existing.source !== 'removed'
          await repo.upsertTool(
            row(serverId, id, 'added', keep ? existing.credential_id : null, keep ? existing.enabled === 1 : true),
          )
        }
        await assertNamesAllowed(projectId, serverId, before)
      })
      changed(projectId, serverId)
    },

    async removeTools(projectId: string, serverId: string, toolIds: string[]): Promise<void> {
      await mustHaveServer(projectId, serverId)
      await store.tx(async () => {
        for (const id of toolIds) {
          await mustBeCarried(projectId, serverId, id)
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
        // A credential given to a tool that sends none would be silently ignored: refused instead.
        if (input.credential_id && !st.tool.credential_provider)
          throw badRequest(`tool ${st.tool.name} needs no credential (it names no credential provider)`, [
            { field: 'body.credential_id', message: 'the tool uses no credential provider' },
          ])
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
