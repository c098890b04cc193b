// CPU per protocol tools/call without the network, per thread: the direct route's handler (the one Bun.serve calls
// for POST /mcp/{slug}) called in-process N times, with the main thread's and every other thread's run time read from
// /proc/self/task/*/schedstat (nanoseconds) before and after — a figure a shared machine disturbs far less than wall
// time or wrk (docs/decisions/0036-hot-path-at-the-limit.md); the wall time per call is printed beside it. Linux only.
// `bun bench/cpu-per-call.ts` prints JSON (µs per call, the least of BENCH_CPU_ROUNDS rounds).
import { inProcessApp } from './in-process-app'
import { threadNs } from './process-cpu'

const { app, headers, post, close } = await inProcessApp(
  'toolyard-bench-cpu-',
  process.env.TOOLYARD_SANDBOX_WORKERS ? { TOOLYARD_SANDBOX_WORKERS: process.env.TOOLYARD_SANDBOX_WORKERS } : {},
)
const schema = { type: 'object', properties: { text: { type: 'string' } } }
const small = (await post('/servers', { name: 'small', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] })).data
  .slug as string
await post('/functions', { name: 'js-echo', runtime: 'javascript', code: 'export default async (input) => input.text' })
const jsKit = await post('/toolkits', { name: 'js' })
await post('/tools', { toolkit_id: jsKit.id, name: 'js_echo', function_name: 'js-echo', input_schema: schema })
const js = (await post('/servers', { name: 'js', toolkits: [{ toolkit_id: jsKit.id }] })).data.slug as string

type DirectRoute = (request: Request & { params: Record<string, string> }, server: null) => Promise<Response>
const direct = (app.config.serve as unknown as { routes: Record<string, { POST: DirectRoute }> }).routes['/mcp/:slug']!
  .POST
const bodyOf = (tool: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: { text: 'hi' } } })
const requestFor = (slug: string, tool: string) => {
  const body = bodyOf(tool)
  const h = { ...headers, 'content-length': String(Buffer.byteLength(body)) }
  return () =>
    Object.assign(new Request(`http://127.0.0.1:8080/mcp/${slug}`, { method: 'POST', headers: h, body }), {
      params: { slug },
    })
}
let checked = false
const call = async (make: () => Request & { params: Record<string, string> }) => {
  const res = await direct(make(), null)
  const text = await res.text()
  if (!checked) {
    checked = true
    if (!text.includes('"result"')) throw new Error(`unexpected answer: ${text}`)
  }
}

const N = Number(process.env.BENCH_CPU_CALLS ?? 20_000)
const measure = async (make: () => Request & { params: Record<string, string> }, n: number, width: number) => {
  let left = n
  const lanes = () =>
    Promise.all(
      Array.from({ length: width }, async () => {
        while (left-- > 0) await call(make)
      }),
    )
  const a = threadNs()
  const t0 = performance.now()
  await lanes()
  const wall = ((performance.now() - t0) * 1000) / n
  const b = threadNs()
  return { main: (b.main - a.main) / n / 1000, others: (b.others - a.others) / n / 1000, wall }
}
const builtin = requestFor(small, 'echo')
const jsCall = requestFor(js, 'js_echo')
// BENCH_CPU_ONLY=builtin|js measures one kind (for a profile of it alone).
const only = process.env.BENCH_CPU_ONLY
const warmUp = Number(process.env.BENCH_CPU_WARM_UP ?? 3000)
if (only !== 'js') await measure(builtin, warmUp, 1)
if (only !== 'builtin') await measure(jsCall, warmUp, 8)
const rounds = Number(process.env.BENCH_CPU_ROUNDS ?? 3)
const out: Record<string, number[]> = {
  builtin_main: [],
  builtin_others: [],
  builtin_wall: [],
  js_main: [],
  js_others: [],
  js_wall: [],
}
for (let r = 0; r < rounds; r++) {
  if (only !== 'js') {
    const b = await measure(builtin, N, 1)
    out.builtin_main!.push(b.main)
    out.builtin_others!.push(b.others)
    out.builtin_wall!.push(b.wall)
  }
  if (only !== 'builtin') {
    const j = await measure(jsCall, Math.round(N / 4), 8)
    out.js_main!.push(j.main)
    out.js_others!.push(j.others)
    out.js_wall!.push(j.wall)
  }
}
await close()
const min = (xs: number[]) => Number(Math.min(...xs).toFixed(2))
console.log(JSON.stringify(Object.fromEntries(Object.entries(out).map(([k, v]) => [k, min(v)]))))
process.exit(0)
