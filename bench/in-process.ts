// CPU per tools/call without the network: the handler Bun's router calls for POST /mcp/{slug} (the direct route the
// app hands to Bun.serve) on a 4-tool server and on a 1,004-tool server, in alternating rounds — what "independent of
// catalog size" means, free of loopback and wrk noise.
// Run by bench/run.ts (`bun bench/in-process.ts`); prints one JSON line.
import { inProcessApp } from './in-process-app'

const { app, headers, post, close } = await inProcessApp('toolyard-bench-inproc-')
const kit = await post('/toolkits', { name: 'big' })
const schema = { type: 'object', properties: { text: { type: 'string' } } }
for (let i = 0; i < 1000; i++)
  await post('/tools', {
    toolkit_id: kit.id,
    name: `t_${i}`,
    function_name: 'builtin.utilities.echo',
    input_schema: schema,
  })
const utilities = { toolkit_id: 'prebuilt-utilities' }
const small = (await post('/servers', { name: 'small', toolkits: [utilities] })).data.slug as string
const big = (await post('/servers', { name: 'big', toolkits: [utilities, { toolkit_id: kit.id }] })).data.slug as string
await post('/functions', { name: 'js-echo', runtime: 'javascript', code: 'export default async (input) => input.text' })
const jsKit = await post('/toolkits', { name: 'js' })
await post('/tools', { toolkit_id: jsKit.id, name: 'js_echo', function_name: 'js-echo', input_schema: schema })
const js = (await post('/servers', { name: 'js', toolkits: [{ toolkit_id: jsKit.id }] })).data.slug as string

const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hi' } },
})
type DirectRoute = (request: Request & { params: Record<string, string> }, server: null) => Promise<Response>
const direct = (app.config.serve as unknown as { routes: Record<string, { POST: DirectRoute }> }).routes['/mcp/:slug']!
  .POST
// A real request carries its length; a constructed one would be read as a stream.
const callHeaders = { ...headers, 'content-length': String(Buffer.byteLength(body)) }
const jsBody = body.replace('"echo"', '"js_echo"')
const jsHeaders = { ...headers, 'content-length': String(Buffer.byteLength(jsBody)) }
const call = async (slug: string) => {
  const isJs = slug === js
  const request = new Request(`http://127.0.0.1:8080/mcp/${slug}`, {
    method: 'POST',
    headers: isJs ? jsHeaders : callHeaders,
    body: isJs ? jsBody : body,
  })
  const res = await direct(Object.assign(request, { params: { slug } }), null)
  await res.text()
}
const N = Number(process.env.BENCH_INPROC_CALLS ?? 10_000)
const best = { small: Number.POSITIVE_INFINITY, big: Number.POSITIVE_INFINITY }
for (let round = 0; round < 3; round++)
  for (const [label, slug] of [
    ['small', small],
    ['big', big],
  ] as const) {
    for (let i = 0; i < 500; i++) await call(slug)
    const t0 = performance.now()
    for (let i = 0; i < N; i++) await call(slug)
    best[label] = Math.min(best[label], ((performance.now() - t0) * 1000) / N)
  }
/**
 * A JavaScript tools/call with 8 in flight: CPU of the whole process (main thread and sandbox workers) per call, best
 * of 3 rounds after a warm-up — the cost warm reuse and the pool's messages decide (docs/decisions/0036-hot-path-at-the-limit.md).
 */
const cpuUs = () => {
  const u = process.cpuUsage()
  return u.user + u.system
}
let jsBest = Number.POSITIVE_INFINITY
const jsCalls = Math.max(1000, Math.round(N / 4))
const inFlight = async (n: number) => {
  let left = n
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (left-- > 0) await call(js)
    }),
  )
}
await inFlight(3000) // the WASM code tiers up over thousands of calls
for (let round = 0; round < 3; round++) {
  const c0 = cpuUs()
  await inFlight(jsCalls)
  jsBest = Math.min(jsBest, (cpuUs() - c0) / jsCalls)
}
await close()
console.log(
  JSON.stringify({
    small_us: Number(best.small.toFixed(1)),
    big_us: Number(best.big.toFixed(1)),
    js_cpu_us: Number(jsBest.toFixed(1)),
  }),
)
process.exit(0)
