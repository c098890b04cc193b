// The API reference at /mcp/docs: rendered on the server from the service's own /mcp/openapi.json (no CDN, no script).
import { Elysia } from 'elysia'
import { FRAMING, type Html, html, page } from './html'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Json = Record<string, any>

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** A compact view of a JSON schema: follows $ref into components, keeps types, required and descriptions. */
function schemaText(schema: Json | undefined, spec: Json, depth = 0): unknown {
  if (!schema || depth > 6) return undefined
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()!
    return schemaText(spec.components?.schemas?.[name], spec, depth + 1)
  }
  if (schema.type === 'object' && schema.properties) {
    const required = new Set<string>(schema.required ?? [])
    return Object.fromEntries(
      Object.entries(schema.properties as Json).map(([k, v]) => [
        required.has(k) ? k : `${k}?`,
        schemaText(v as Json, spec, depth + 1),
      ]),
    )
  }
  if (schema.type === 'array') return [schemaText(schema.items, spec, depth + 1)]
  for (const key of ['anyOf', 'oneOf'] as const)
    if (Array.isArray(schema[key])) return (schema[key] as Json[]).map((s) => schemaText(s, spec, depth + 1))
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum)) return schema.enum.join(' | ')
  return schema.type ?? 'any'
}

function operation(path: string, method: string, op: Json, spec: Json): Html {
  const params = (op.parameters ?? []) as Json[]
  const body = op.requestBody?.content?.['application/json']?.schema
  const ok = Object.entries((op.responses ?? {}) as Json).find(([code]) => code.startsWith('2'))
  const okSchema = ok?.[1]?.content?.['application/json']?.schema
  return html`<details class="op"><summary><code><strong>${method.toUpperCase()}</strong> ${path}</code> — ${op.summary ?? ''}</summary>
    ${params.length ? html`<p>Parameters: ${params.map((p) => html`<code>${p.in}.${p.name}${p.required ? '' : '?'}</code> `)}</p>` : html``}
    ${body ? html`<p>Body</p><pre>${JSON.stringify(schemaText(body, spec), null, 2)}</pre>` : html``}
    ${okSchema ? html`<p>Response ${ok![0]}</p><pre>${JSON.stringify(schemaText(okSchema, spec), null, 2)}</pre>` : html``}
  </details>`
}

function renderDocs(spec: Json): string {
  const byTag = new Map<string, Html[]>()
  for (const [path, item] of Object.entries((spec.paths ?? {}) as Json))
    for (const method of METHODS) {
      const op = item[method] as Json | undefined
      if (!op) continue
      const tag = String(op.tags?.[0] ?? 'other')
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(path, method, op, spec)])
    }
  const tags = [...byTag.keys()].sort()
  const body = html`<p>${spec.info?.description ?? ''} · version ${spec.info?.version ?? ''} ·
    <a href="/mcp/openapi.json">openapi.json</a> · <a href="/mcp/ui">Dashboard</a></p>
    <p>${tags.map((t) => html`<a href="#${t}">${t}</a> `)}</p>
    ${tags.map((t) => html`<h2 id="${t}">${t}</h2>${byTag.get(t)!}`)}`
  return page('API reference', body)
}

export const docsModule = (deps: { handle: (request: Request) => Promise<Response> }) =>
  new Elysia({ name: 'toolyard.docs' }).get('/docs', async () => {
    const res = await deps.handle(new Request('http://toolyard.internal/mcp/openapi.json'))
    return new Response(renderDocs((await res.json()) as Json), {
      headers: { 'content-type': 'text/html; charset=utf-8', ...FRAMING },
    })
  })
