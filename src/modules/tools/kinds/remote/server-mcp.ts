// A server's resources, prompts and completions over MCP: the hosted ones first, then those of each attached remote
// toolkit's upstream in attach order. One uri (or uri template, or prompt name) per server: the first holds it, a later
// one is held back — not listed, not read — and reported in the log, as a tool name is held back
// (docs/decisions/0111-one-name-one-tool.md, docs/decisions/0360-remote-toolkits-bring-all-of-their-upstream.md).
import { UnknownNameError } from '../../../../lib/errors'
import type { Logger } from '../../../../lib/log'
import type { ServerRef } from '../../../../lib/request-context'
import type { CompletionBackend, PromptsBackend, ResourcesBackend } from '../../../../mcp/backend'
import type { ResourceWatch } from './resource-watch'
import type { ServerParts } from './server-parts'

type Parts = ResourcesBackend & PromptsBackend & CompletionBackend

/** Held-back keys already reported (so a listing repeated every few seconds logs a collision once). */
const MAX_REPORTED = 10_000
/** Held-back parts GET /servers/{id}/held-back shows at most (as `name_collisions`). */
const MAX_SHOWN = 100

/** One uri, uri template or prompt name a server does not serve from this toolkit: another source holds it. */
interface HeldBackPart {
  kind: 'uri' | 'uriTemplate' | 'prompt'
  key: string
  toolkit_id: string
  /** The hosted resource or prompt, or the toolkit attached earlier, that keeps it. */
  held_by: { source: 'hosted' } | { source: 'toolkit'; toolkit_id: string }
}

/** The whole server's parts, and what `GET /servers/{id}/held-back` answers. */
export type WholeServer = Parts & { heldBack(server: ServerRef): Promise<HeldBackPart[]> }

export function withUpstreamParts(hosted: Parts, parts: ServerParts, watch: ResourceWatch, log: Logger): WholeServer {
  const reported = new Set<string>()
  const report = (serverId: string, h: HeldBackPart) => {
    const id = `${serverId}\u0000${h.kind}\u0000${h.key}\u0000${h.toolkit_id}`
    if (reported.has(id)) return
    if (reported.size >= MAX_REPORTED) reported.clear()
    reported.add(id)
    log.warn(`remote toolkit: upstream ${h.kind} held back (the server already has one by that name)`, {
      server_id: serverId,
      toolkit_id: h.toolkit_id,
      [h.kind]: h.key.slice(0, 300),
    })
  }

  /** `first`, then each upstream's items whose key is not taken yet; what was left out goes to `held`. */
  function merged<T>(
    kind: HeldBackPart['kind'],
    first: T[],
    upstream: { a: { toolkitId: string }; items: T[] }[],
    keyOf: (item: T) => string,
    held: HeldBackPart[],
  ): T[] {
    const owner = new Map<string, string | undefined>(first.map((i) => [keyOf(i), undefined]))
    const out = [...first]
    for (const { a, items } of upstream)
      for (const item of items) {
        const key = keyOf(item)
        if (owner.has(key)) {
          const by = owner.get(key)
          held.push({
            kind,
            key,
            toolkit_id: a.toolkitId,
            held_by: by ? { source: 'toolkit', toolkit_id: by } : { source: 'hosted' },
          })
        } else {
          owner.set(key, a.toolkitId)
          out.push(item)
        }
      }
    return out
  }

  const listResources = async (server: ServerRef, held: HeldBackPart[]) =>
    merged('uri', await hosted.listResources(server), await parts.resources(server), (r) => r.uri, held)
  const listTemplates = async (server: ServerRef, held: HeldBackPart[]) => {
    const upstream = await parts.templates(server)
    return merged('uriTemplate', await hosted.listResourceTemplates(server), upstream, (t) => t.uriTemplate, held)
  }
  const listPrompts = async (server: ServerRef, held: HeldBackPart[]) => {
    const upstream = (await parts.prompts(server)).map((p) => ({ a: p.a, items: [p.prompt] }))
    return merged('prompt', await hosted.listPrompts(server), upstream, (p) => p.name, held)
  }
  /** Lists, and reports what it held back once per server in a warn line. */
  const reporting =
    <T>(list: (server: ServerRef, held: HeldBackPart[]) => Promise<T>) =>
    async (server: ServerRef) => {
      const held: HeldBackPart[] = []
      const out = await list(server, held)
      for (const h of held) report(server.id, h)
      return out
    }

  return {
    ...hosted,
    listResources: reporting(listResources),
    listResourceTemplates: reporting(listTemplates),
    listPrompts: reporting(listPrompts),
    async heldBack(server) {
      const held: HeldBackPart[] = []
      await listResources(server, held)
      await listTemplates(server, held)
      await listPrompts(server, held)
      return held.slice(0, MAX_SHOWN)
    },
    async readResource(ctx, uri) {
      try {
        return await hosted.readResource(ctx, uri)
      } catch (error) {
        if (!(error instanceof UnknownNameError)) throw error
        // Not a hosted resource: an upstream of the server may have it (the one whose tool linked it first).
        const r = await parts.read(ctx, uri)
        if (!r) throw error
        return r
      }
    },
    async subscribeResource(server, uri) {
      await hosted.subscribeResource?.(server, uri)
      const upstream = await parts.owner(server, uri)
      if (upstream) await watch.subscribe(server.project_id, server.id, upstream, uri)
    },
    async getPrompt(ctx, name, args) {
      try {
        return await hosted.getPrompt(ctx, name, args)
      } catch (error) {
        if (!(error instanceof UnknownNameError)) throw error
        const r = await parts.getPrompt(ctx, name, args)
        if (!r) throw error
        return r
      }
    },
    async complete(ctx, ref, argument, context) {
      if (ref.type === 'ref/prompt') {
        try {
          return await hosted.complete(ctx, ref, argument, context)
        } catch (error) {
          if (!(error instanceof UnknownNameError)) throw error
          const r = await parts.complete(ctx, ref, argument, context)
          if (!r) throw error
          return r
        }
      }
      // A hosted template answers (even with nothing to offer); an upstream's otherwise.
      const own = await hosted.complete(ctx, ref, argument, context)
      if (own.values.length) return own
      return (await parts.complete(ctx, ref, argument, context)) ?? own
    },
  }
}
