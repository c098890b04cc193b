// A server's resources, prompts and completions over MCP: the hosted ones first, then those of each attached remote
// toolkit's upstream in attach order. One uri (or uri template, or prompt name) per server: the first holds it, a later
// one is held back — not listed, not read — and reported in the log, as a tool name is held back
// (docs/decisions/0111-one-name-one-tool.md, docs/decisions/0360-remote-toolkits-bring-all-of-their-upstream.md).
import { UnknownNameError } from '../../../lib/errors'
import type { Logger } from '../../../lib/log'
import type { CompletionBackend, PromptsBackend, ResourcesBackend } from '../../../mcp/backend'
import type { ResourceWatch } from './resource-watch'
import type { ServerParts } from './server-parts'

type Parts = ResourcesBackend & PromptsBackend & CompletionBackend

/** Held-back keys already reported (so a listing repeated every few seconds logs a collision once). */
const MAX_REPORTED = 10_000

export function withUpstreamParts(hosted: Parts, parts: ServerParts, watch: ResourceWatch, log: Logger): Parts {
  const reported = new Set<string>()
  const heldBack = (serverId: string, kind: string, key: string, toolkitId: string) => {
    const id = `${serverId}\u0000${kind}\u0000${key}\u0000${toolkitId}`
    if (reported.has(id)) return
    if (reported.size >= MAX_REPORTED) reported.clear()
    reported.add(id)
    log.warn(`remote toolkit: upstream ${kind} held back (the server already has one by that name)`, {
      server_id: serverId,
      toolkit_id: toolkitId,
      [kind]: key.slice(0, 300),
    })
  }

  /** `first`, then each upstream's items whose key is not taken yet. */
  function merged<T>(
    serverId: string,
    kind: string,
    first: T[],
    upstream: { a: { toolkitId: string }; items: T[] }[],
    keyOf: (item: T) => string,
  ): T[] {
    const seen = new Set(first.map(keyOf))
    const out = [...first]
    for (const { a, items } of upstream)
      for (const item of items) {
        const key = keyOf(item)
        if (seen.has(key)) heldBack(serverId, kind, key, a.toolkitId)
        else {
          seen.add(key)
          out.push(item)
        }
      }
    return out
  }

  return {
    ...hosted,
    async listResources(server) {
      return merged(server.id, 'uri', await hosted.listResources(server), await parts.resources(server), (r) => r.uri)
    },
    async listResourceTemplates(server) {
      const upstream = await parts.templates(server)
      return merged(
        server.id,
        'uriTemplate',
        await hosted.listResourceTemplates(server),
        upstream,
        (t) => t.uriTemplate,
      )
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
    async listPrompts(server) {
      const upstream = (await parts.prompts(server)).map((p) => ({ a: p.a, items: [p.prompt] }))
      return merged(server.id, 'prompt', await hosted.listPrompts(server), upstream, (p) => p.name)
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
