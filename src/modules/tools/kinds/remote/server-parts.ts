// What a remote toolkit brings to a server besides its tools: its upstream's resources, resource templates, prompts and
// completions, listed and served live through the pooled connections tool calls use (one request upstream per
// listing, nothing stored), prompt names under the toolkit's prefix (docs/decisions/0360-remote-toolkits-bring-all-of-their-upstream.md).
import type { CredentialAccess } from '../../../../lib/credentials-port'
import { AppError } from '../../../../lib/errors'
import type { Logger } from '../../../../lib/log'
import { redactDeep } from '../../../../lib/redact'
import type { OnServer, ServerRef } from '../../../../lib/request-context'
import { resultBytes, resultTooLarge } from '../../../../limits'
import type {
  CompletionRef,
  CompletionResult,
  GetPromptResult,
  JsonObject,
  McpPrompt,
  McpResource,
  McpResourceTemplate,
  ResourceContents,
} from '../../../../mcp/backend'
import { compileTemplate, matchTemplate } from '../../../resources/uri-template'
import { authHeaders, credentialProblem } from './auth'
import { connectUpstream, type StreamingFetch, type UpstreamConnection } from './connect'
import type { RemoteSpec } from './model'
import type { UpstreamPool } from './pool'
import { type RemoteRepository, specOf } from './repository'
import { loadSdk } from './sdk'
import { shownUrl, upstreamWords } from './words'

/** A remote toolkit as one server carries it. */
export interface AttachedUpstream {
  toolkitId: string
  spec: RemoteSpec
  /** The attachment's prefix ('' for none): prompt names are `<prefix>_<toolkit prefix><name>`, as tool names. */
  attachPrefix: string
  credentialId?: string
}

export interface ServerPartsDeps {
  repo: Pick<RemoteRepository, 'byToolkit' | 'syncCredential'>
  /** The server's toolkits in attach order, with their credential maps (JSON) and prefixes. */
  serverToolkits: (serverId: string) => Promise<{ toolkit_id: string; credentials: string; prefix: string }[]>
  credentials: CredentialAccess
  pool: UpstreamPool
  fetch: StreamingFetch
  log: Logger
  /** TOOLYARD_MAX_RESULT_BYTES: a bigger resource or prompt from upstream is refused, never passed on. */
  maxResultBytes: number
  /** Items one upstream may list of each kind (TOOLYARD_MAX_REMOTE_TOOLS). */
  maxItems: number
}

/** Upstream pages read at most per listing (as for tools: ./sync.ts). */
const MAX_PAGES = 100
/** Resource links remembered (uri → the toolkit whose tool returned it), oldest forgotten first. */
const MAX_LINKS = 10_000

/** An upstream answered that it has no such resource or prompt: the next candidate may have it. */
const notThere = (error: unknown, sdk: Awaited<ReturnType<typeof loadSdk>>) =>
  error instanceof sdk.McpError && (error.code === -32002 || error.code === sdk.ErrorCode.InvalidParams)

const shownPromptName = (a: AttachedUpstream, name: string) => {
  const own = a.spec.prefix + name
  return a.attachPrefix ? `${a.attachPrefix}_${own}` : own
}

export function serverParts(d: ServerPartsDeps) {
  /** Resource links returned by upstream tools: which toolkit answers a read of that uri. */
  const links = new Map<string, string>()

  async function attached(server: ServerRef): Promise<AttachedUpstream[]> {
    const rows = await d.serverToolkits(server.id)
    const maps = rows.map((k) => JSON.parse(k.credentials) as Record<string, string>)
    const out: AttachedUpstream[] = []
    for (const [i, k] of rows.entries()) {
      const row = await d.repo.byToolkit(k.toolkit_id)
      if (!row || row.project_id !== server.project_id) continue
      const spec = specOf(row)
      let credentialId: string | undefined
      if (spec.auth.type !== 'none') {
        const provider = spec.auth.credential_provider
        // As a tool of the toolkit would run: its own map, another attached toolkit's, else the one a sync uses.
        credentialId =
          maps[i]?.[provider] ??
          maps.find((m) => m[provider])?.[provider] ??
          (await d.repo.syncCredential(server.project_id, k.toolkit_id, provider))
      }
      out.push({ toolkitId: k.toolkit_id, spec, attachPrefix: k.prefix, ...(credentialId ? { credentialId } : {}) })
    }
    return out
  }

  /** Runs `work` on a pooled connection to the upstream; its failures in words without secrets (502). */
  async function using<T>(
    projectId: string,
    a: AttachedUpstream,
    work: (c: UpstreamConnection) => Promise<T>,
    /** A read tries the next upstream when this one has no such resource: its answer is passed on as it is. */
    notThereAsIs = false,
  ) {
    const { spec } = a
    const auth = await authHeaders(d.credentials, projectId, spec.auth, a.credentialId)
    if (!auth.ok)
      throw new AppError(
        'upstream_error',
        credentialProblem(spec.auth.type === 'none' ? '' : spec.auth.credential_provider, auth),
      )
    const secrets = auth.secret ? [auth.secret] : []
    const key = `${a.toolkitId}\u0000${a.credentialId ?? ''}\u0000parts\u0000${Bun.hash(JSON.stringify([spec, auth.secret ?? ''])).toString(36)}`
    const sdk = await loadSdk()
    let conn: UpstreamConnection
    try {
      conn = await d.pool.acquire(key, () =>
        connectUpstream(spec, { fetch: d.fetch, authHeaders: auth.headers, timeoutMs: spec.timeout_ms }),
      )
    } catch (error) {
      throw new AppError(
        'upstream_error',
        `upstream ${shownUrl(spec.url)} failed: ${upstreamWords(error, { url: spec.url, secrets })}`,
      )
    }
    let keep = true
    try {
      return redactDeep(await work(conn), secrets) as T
    } catch (error) {
      if (error instanceof AppError || (notThereAsIs && notThere(error, sdk))) throw error
      keep = error instanceof sdk.McpError && error.code !== sdk.ErrorCode.ConnectionClosed
      throw new AppError(
        'upstream_error',
        `upstream ${shownUrl(spec.url)} failed: ${upstreamWords(error, { url: spec.url, secrets })}`,
      )
    } finally {
      d.pool.release(key, conn, keep && !conn.closed)
    }
  }

  /** Every page of one listing, within one timeout_ms and at most `maxItems` items. */
  async function allPages<T>(
    a: AttachedUpstream,
    what: string,
    page: (cursor: string | undefined, timeout: number) => Promise<{ items: T[]; nextCursor?: string | undefined }>,
  ): Promise<T[]> {
    const items: T[] = []
    const deadline = Date.now() + a.spec.timeout_ms
    let cursor: string | undefined
    // What one listing may hold, as a tool result may: an upstream cannot grow a listing (and our memory) without end.
    let bytes = 0
    for (let n = 0; n < MAX_PAGES; n++) {
      const left = deadline - Date.now()
      if (left <= 0) break
      const r = await page(cursor, left)
      bytes += resultBytes(r.items)
      if (bytes > d.maxResultBytes) {
        d.log.warn(`remote toolkit: the upstream's ${what} exceed TOOLYARD_MAX_RESULT_BYTES; the rest left out`, {
          toolkit_id: a.toolkitId,
          limit: d.maxResultBytes,
        })
        break
      }
      items.push(...r.items)
      cursor = r.nextCursor
      if (!cursor) break
      if (items.length >= d.maxItems) {
        d.log.warn(`remote toolkit: upstream lists more ${what} than a toolkit may bring`, {
          toolkit_id: a.toolkitId,
          limit: d.maxItems,
        })
        break
      }
    }
    return items.slice(0, d.maxItems)
  }

  /** Each attached upstream that declared `capability`, with what `list` gave (an upstream that fails is left out). */
  async function fromEach<T>(
    server: ServerRef,
    capability: 'resources' | 'prompts' | 'completions',
    list: (c: UpstreamConnection, a: AttachedUpstream) => Promise<T[]>,
  ): Promise<{ a: AttachedUpstream; items: T[] }[]> {
    const out: { a: AttachedUpstream; items: T[] }[] = []
    for (const a of await attached(server)) {
      try {
        const items = await using(server.project_id, a, async (c) =>
          c.client.getServerCapabilities()?.[capability] ? list(c, a) : [],
        )
        out.push({ a, items })
      } catch (error) {
        // One upstream down must not hide the server's other resources or prompts.
        d.log.warn(`remote toolkit: listing the upstream's ${capability} failed`, {
          toolkit_id: a.toolkitId,
          error: error instanceof AppError ? error.message : 'internal error',
        })
      }
    }
    return out
  }

  const resources = (server: ServerRef) =>
    fromEach(server, 'resources', (c, a) =>
      allPages(a, 'resources', async (cursor, timeout) => {
        const r = await c.client.listResources(cursor ? { cursor } : undefined, { timeout })
        return { items: r.resources as unknown as McpResource[], nextCursor: r.nextCursor }
      }),
    )
  const templates = (server: ServerRef) =>
    fromEach(server, 'resources', (c, a) =>
      allPages(a, 'resource templates', async (cursor, timeout) => {
        const r = await c.client.listResourceTemplates(cursor ? { cursor } : undefined, { timeout })
        return { items: r.resourceTemplates as unknown as McpResourceTemplate[], nextCursor: r.nextCursor }
      }),
    )
  /** The server's upstream prompts under their shown names, with the upstream's own name to ask for. */
  const prompts = async (server: ServerRef) =>
    (
      await fromEach(server, 'prompts', (c, a) =>
        allPages(a, 'prompts', async (cursor, timeout) => {
          const r = await c.client.listPrompts(cursor ? { cursor } : undefined, { timeout })
          return { items: r.prompts as unknown as McpPrompt[], nextCursor: r.nextCursor }
        }),
      )
    ).flatMap(({ a, items }) =>
      items.map((p) => ({ a, upstreamName: p.name, prompt: { ...p, name: shownPromptName(a, p.name) } })),
    )

  /** The upstreams that may serve `uri`: the one whose tool linked it first, then every other in attach order. */
  async function candidatesFor(server: ServerRef, uri: string) {
    const all = await attached(server)
    const linked = links.get(`${server.project_id}\u0000${uri}`)
    return linked ? [...all.filter((a) => a.toolkitId === linked), ...all.filter((a) => a.toolkitId !== linked)] : all
  }

  function tooLarge(contents: unknown) {
    const bytes = resultBytes(contents)
    if (bytes > d.maxResultBytes)
      throw new AppError('upstream_error', `the upstream's ${resultTooLarge(bytes, d.maxResultBytes)}`)
  }

  return {
    resources,
    templates,
    prompts,
    attached,

    /** The first upstream of the server that has `uri` answers; undefined when none has it. */
    async read(ctx: OnServer, uri: string): Promise<{ contents: ResourceContents[] } | undefined> {
      const sdk = await loadSdk()
      for (const a of await candidatesFor(ctx.server, uri)) {
        try {
          const r = await using(
            ctx.projectId,
            a,
            async (c) =>
              c.client.getServerCapabilities()?.resources
                ? c.client.readResource({ uri }, { timeout: a.spec.timeout_ms })
                : undefined,
            true,
          )
          if (!r) continue
          tooLarge(r.contents)
          return r as unknown as { contents: ResourceContents[] }
        } catch (error) {
          if (notThere(error, sdk)) continue
          throw error
        }
      }
      return undefined
    },

    /** prompts/get of an upstream prompt by its shown name; undefined when no upstream of the server lists it. */
    async getPrompt(ctx: OnServer, name: string, args: Record<string, string>): Promise<GetPromptResult | undefined> {
      const found = (await prompts(ctx.server)).find((p) => p.prompt.name === name)
      if (!found) return undefined
      const r = await using(ctx.projectId, found.a, (c) =>
        c.client.getPrompt({ name: found.upstreamName, arguments: args }, { timeout: found.a.spec.timeout_ms }),
      )
      tooLarge(r)
      return r as unknown as GetPromptResult
    },

    /** completion/complete for an upstream prompt or resource template; undefined when none of them is it. */
    async complete(
      ctx: OnServer,
      ref: CompletionRef,
      argument: { name: string; value: string },
      context?: { arguments?: Record<string, string> },
    ): Promise<CompletionResult | undefined> {
      let target: { a: AttachedUpstream; ref: JsonObject } | undefined
      if (ref.type === 'ref/prompt') {
        const found = (await prompts(ctx.server)).find((p) => p.prompt.name === ref.name)
        if (found) target = { a: found.a, ref: { type: 'ref/prompt', name: found.upstreamName } }
      } else {
        const found = (await templates(ctx.server)).find((t) => t.items.some((i) => i.uriTemplate === ref.uri))
        if (found) target = { a: found.a, ref: { type: 'ref/resource', uri: ref.uri } }
      }
      if (!target) return undefined
      const { a } = target
      const r = await using(ctx.projectId, a, async (c) =>
        c.client.getServerCapabilities()?.completions
          ? c.client.complete(
              { ref: target.ref as never, argument, ...(context ? { context } : {}) },
              { timeout: a.spec.timeout_ms },
            )
          : { completion: { values: [] } },
      )
      return r.completion as CompletionResult
    },

    /** The upstream of the server that serves `uri` (linked by its tool, listed, or through its template). */
    async owner(server: ServerRef, uri: string): Promise<AttachedUpstream | undefined> {
      const linked = links.get(`${server.project_id}\u0000${uri}`)
      const all = await attached(server)
      const byLink = linked ? all.find((a) => a.toolkitId === linked) : undefined
      if (byLink) return byLink
      if (!all.length) return undefined
      const listed = (await resources(server)).find((r) => r.items.some((i) => i.uri === uri))
      if (listed) return listed.a
      return (await templates(server)).find((t) =>
        t.items.some((i) => {
          try {
            return matchTemplate(compileTemplate(i.uriTemplate), uri) !== undefined
          } catch {
            return false
          }
        }),
      )?.a
    },

    /** A tool of the toolkit returned a link to `uri`: a read of it on a server goes to that upstream first. */
    linked(projectId: string, toolkitId: string, uri: string) {
      const key = `${projectId}\u0000${uri}`
      links.delete(key)
      links.set(key, toolkitId)
      if (links.size > MAX_LINKS) links.delete(links.keys().next().value as string)
    },
  }
}
export type ServerParts = ReturnType<typeof serverParts>
