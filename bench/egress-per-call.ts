// CPU per outbound call of the egress path, without the rest of the pipeline: the same plain JSON API
// (bench/peers/api.ts, its own process) called N times, 32 at a time, by a plain `fetch`, by the egress client, by an
// OpenAPI tool's caller (src/modules/tools/kinds/openapi/call.ts) and by an HTTP-template function
// (src/runtime/http-function.ts); and, for the share of a whole call that is egress, the same two tools called through
// the whole app in this process (the direct route's handler, as bench/cpu-per-call.ts does). Each figure is this process's run time per call, from /proc/self/task/*/schedstat
// (main thread and every other thread: Bun's HTTP client has its own), the least of BENCH_EGRESS_ROUNDS rounds — a
// figure a shared machine disturbs far less than wall time (docs/decisions/0400-egress-per-call-cost.md). Linux only.
//   bun bench/egress-per-call.ts   prints JSON: µs per call by variant (main thread, other threads, wall)
import { resolve } from 'node:path'
import { createEgress } from '../src/egress/client'
import { detachedHost } from '../src/lib/host'
import { openApiCaller } from '../src/modules/tools/kinds/openapi/call'
import type { OperationPlan } from '../src/modules/tools/kinds/openapi/plan'
import type { ToolRow } from '../src/modules/tools/repository'
import { runHttpFunction } from '../src/runtime/http-function'
import { addHttpEchoTool, echoApiImport, httpEchoSpec } from './echo-api'
import { inProcessApp } from './in-process-app'
import { threadNs } from './process-cpu'
import { startUntil } from './procs'
import { ALLOCATOR_ENV } from './toolyard'

const ROOT = resolve(import.meta.dir, '..')
const api = await startUntil([process.execPath, 'bench/peers/api.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
const base = `http://127.0.0.1:${api.port}`
const egress = createEgress({ allowPrivate: true })
const body = JSON.stringify({ text: 'hello' })

const caller = openApiCaller({
  egress,
  credentials: {
    status: async () => 'missing',
    open: async () => ({ status: 'missing' }),
  },
})
const operation: OperationPlan = {
  method: 'POST',
  path: '/echo',
  server: base,
  parameters: [],
  body: { required: true, content_type: 'application/json' },
  security: [],
}
const tool = { id: 't', name: 'api_echo', credential_provider: null } as ToolRow
const host = detachedHost(new AbortController().signal)
const http = httpEchoSpec(base)

/** The whole app, in this process, with an OpenAPI tool and an HTTP-template tool on that API (as bench/proxy.ts). */
async function wholeApp() {
  const app = await inProcessApp('toolyard-bench-egress-', { TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true' })
  const imported = await app.post('/toolkits/import/openapi', echoApiImport(base))
  const httpKitId = await addHttpEchoTool(app.post, base)
  const slugOf = async (name: string, toolkitId: string) =>
    (await app.post('/servers', { name, toolkits: [{ toolkit_id: toolkitId }] })).data.slug as string
  type DirectRoute = (request: Request & { params: Record<string, string> }, server: null) => Promise<Response>
  const direct = (app.app.config.serve as unknown as { routes: Record<string, { POST: DirectRoute }> }).routes[
    '/mcp/:slug'
  ]!.POST
  const through = (slug: string, tool: string, args: unknown) => {
    const rpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } })
    const headers = { ...app.headers, 'content-length': String(Buffer.byteLength(rpc)) }
    return async () => {
      const request = new Request(`http://127.0.0.1:8080/mcp/${slug}`, { method: 'POST', headers, body: rpc })
      const text = await (await direct(Object.assign(request, { params: { slug } }), null)).text()
      if (!text.includes('"result"') || text.includes('"isError":true')) throw new Error(`unexpected answer: ${text}`)
      return text
    }
  }
  const toolyardOpenapi = through(await slugOf('via-openapi', imported.toolkit.id), 'api_echo', {
    body: { text: 'hello' },
  })
  const toolyardHttp = through(await slugOf('via-http', httpKitId), 'http_echo', { text: 'hello' })
  return { toolyard_openapi: toolyardOpenapi, toolyard_http: toolyardHttp, close: app.close }
}

const variants: Record<string, () => Promise<string>> = {
  fetch: async () =>
    (await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text(),
  egress: async () =>
    (await egress.fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
      .text,
  openapi: async () => {
    const out = await caller({ tool, operation, args: { body: { text: 'hello' } }, projectId: 'p', host })
    if (!out.ok) throw new Error(out.message)
    return ''
  },
  http: async () => {
    const out = await runHttpFunction({ http, args: { text: 'hello' }, egress, signal: host.signal })
    if (!out.ok) throw new Error(out.message)
    return ''
  },
}

const measure = async (call: () => Promise<string>, n: number, width: number) => {
  let left = n
  const a = threadNs()
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (left-- > 0) await call()
    }),
  )
  const wall = ((performance.now() - t0) * 1000) / n
  const b = threadNs()
  return { main: (b.main - a.main) / n / 1000, others: (b.others - a.others) / n / 1000, wall }
}

const N = Number(process.env.BENCH_EGRESS_CALLS ?? 10_000)
const rounds = Number(process.env.BENCH_EGRESS_ROUNDS ?? 3)
const only = process.env.BENCH_EGRESS_ONLY?.split(',')
// The whole app only when one of its variants is measured (its set-up would fill a profile of the others).
const whole = !only || only.some((v) => v.startsWith('toolyard_')) ? await wholeApp() : undefined
if (whole) Object.assign(variants, { toolyard_openapi: whole.toolyard_openapi, toolyard_http: whole.toolyard_http })
const names = Object.keys(variants).filter((v) => !only || only.includes(v))
try {
  for (const name of names) await measure(variants[name]!, 2000, 32)
  const best: Record<string, { main: number; others: number; wall: number }> = {}
  for (let r = 0; r < rounds; r++)
    for (const name of names) {
      const m = await measure(variants[name]!, N, 32)
      const b = best[name]
      // A thread that ended during the round takes its run time with it: that round says nothing.
      if (m.others < 0) continue
      if (!b || m.main + m.others < b.main + b.others) best[name] = m
    }
  const round = (x: number) => Number(x.toFixed(1))
  console.log(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(best).map(([k, v]) => [
          k,
          { main: round(v.main), others: round(v.others), total: round(v.main + v.others), wall: round(v.wall) },
        ]),
      ),
    ),
  )
} finally {
  await whole?.close()
  await api.stop()
}
process.exit(0)
