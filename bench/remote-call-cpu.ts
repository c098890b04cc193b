// CPU per proxied remote MCP tools/call, without wrk: the direct route's handler (the one Bun.serve calls for
// POST /mcp/{slug}) called in-process against the benchmark's upstreams running in their own processes, with this
// process's main-thread and other threads' run time read from /proc/self/task/*/schedstat before and after (see
// bench/cpu-per-call.ts). The builtin `echo` beside it is the rest of the pipeline, so `remote - builtin` is what the
// remote part costs, and `fetch` (the upstream request alone, through the egress guard) what the outbound request costs
// of it. Linux only. BENCH_CPU_ONLY=builtin,plain,sdk,fetch picks kinds.
//   bun bench/remote-call-cpu.ts   prints JSON: µs per call, the least of BENCH_CPU_ROUNDS rounds, per kind and width
import { resolve } from 'node:path'
import { createStreamingFetch } from '../src/egress/client'
import { inProcessApp } from './in-process-app'
import { threadNs } from './process-cpu'
import { startUntil } from './procs'
import { ALLOCATOR_ENV } from './toolyard'

const ROOT = resolve(import.meta.dir, '..')
const plain = await startUntil([process.execPath, 'bench/peers/mcp-upstream.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
const sdk = await startUntil(['node', 'bench/peers/sdk-node.mjs'], {}, /PORT (\d+)/, ROOT)
const { app, headers, post, close } = await inProcessApp('toolyard-bench-remote-cpu-', {
  TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
})
const serverOf = async (toolkitId: string) =>
  (await post('/servers', { name: `s-${toolkitId.slice(-6)}`, toolkits: [{ toolkit_id: toolkitId }] })).data
    .slug as string
const remote = async (name: string, url: string) => {
  const kit = await post('/toolkits', {
    name,
    toolkit_type: 'remote',
    review_changes: false,
    remote: { url, prefix: '' },
  })
  if (!kit.id) throw new Error(`no toolkit: ${JSON.stringify(kit)}`)
  return serverOf(kit.id as string)
}
const slugs = {
  builtin: await serverOf('prebuilt-utilities'),
  plain: await remote('up-plain', `http://127.0.0.1:${plain.port}/`),
  sdk: await remote('up-sdk', `http://127.0.0.1:${sdk.port}/mcp`),
  fetch: 'fetch',
}

type DirectRoute = (request: Request & { params: Record<string, string> }, server: null) => Promise<Response>
const direct = (app.config.serve as unknown as { routes: Record<string, { POST: DirectRoute }> }).routes['/mcp/:slug']!
  .POST
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hi' } },
})
const h = { ...headers, 'content-length': String(Buffer.byteLength(body)) }
// The upstream request alone, through the egress guard's streaming fetch: the least a remote call can cost here.
const egress = createStreamingFetch({ allowPrivate: true })
const upstreamBody = body
const upstreamHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
const fetchOnly = async () => {
  const res = await egress(`http://127.0.0.1:${plain.port}/`, {
    method: 'POST',
    headers: upstreamHeaders,
    body: upstreamBody,
  })
  await res.json()
}
const call = async (slug: string) => {
  if (slug === 'fetch') return fetchOnly()
  const req = Object.assign(new Request(`http://127.0.0.1:8080/mcp/${slug}`, { method: 'POST', headers: h, body }), {
    params: { slug },
  })
  const text = await (await direct(req, null)).text()
  if (!text.includes('"hi"') || text.includes('"isError":true')) throw new Error(`unexpected answer: ${text}`)
}

const measure = async (slug: string, n: number, width: number) => {
  let left = n
  const a = threadNs()
  const t0 = performance.now()
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (left-- > 0) await call(slug)
    }),
  )
  const wall = ((performance.now() - t0) * 1000) / n
  const b = threadNs()
  return { main: (b.main - a.main) / n / 1000, others: (b.others - a.others) / n / 1000, wall }
}

const N = Number(process.env.BENCH_CPU_CALLS ?? 5000)
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 3)
const only = process.env.BENCH_CPU_ONLY?.split(',')
const kinds = (Object.keys(slugs) as (keyof typeof slugs)[]).filter((k) => !only || only.includes(k))
const widths = [1, 32]
for (const k of kinds) await measure(slugs[k], 1000, 8)
const out: Record<string, number> = {}
const keep = (key: string, v: number) => {
  out[key] = Number(Math.min(out[key] ?? Number.POSITIVE_INFINITY, v).toFixed(1))
}
for (let r = 0; r < rounds; r++)
  for (const k of kinds)
    for (const w of widths) {
      const m = await measure(slugs[k], N, w)
      keep(`${k}_c${w}_main`, m.main)
      keep(`${k}_c${w}_others`, m.others)
      keep(`${k}_c${w}_wall`, m.wall)
    }
await close()
await plain.stop()
await sdk.stop()
console.log(JSON.stringify(out))
process.exit(0)
