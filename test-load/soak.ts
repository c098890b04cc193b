// The soak's parts: a Toolyard app in this process (test/helpers/app.ts) with one server per call kind against the
// upstreams of ./upstreams.ts (a child process), and a driver that makes calls over real HTTP with a fixed number in
// flight and reads RSS and the JavaScript heap after a full GC.
import { heapStats } from 'bun:jsc'
import { join } from 'node:path'
import { createServer, json } from '../test/helpers/api'
import { ROOT, startTestApp, type TestApp } from '../test/helpers/app'

export type CallKind = 'builtin' | 'javascript' | 'remote' | 'openapi' | 'http'
export const CALL_KINDS: CallKind[] = ['builtin', 'javascript', 'remote', 'openapi', 'http']

interface Target {
  slug: string
  tool: string
  args: Record<string, unknown>
}

/** The upstreams' child process: its URLs, and `stop` (closing its stdin ends it). */
async function startUpstreams() {
  const proc = Bun.spawn([process.execPath, join(ROOT, 'test-load/upstreams.ts')], {
    stdin: 'pipe',
    stdout: 'pipe',
    stderr: 'inherit',
  })
  let out = ''
  for await (const chunk of proc.stdout) {
    out += new TextDecoder().decode(chunk)
    const line = /UPSTREAMS (\{.*\})\n/.exec(out)
    if (line) {
      const urls = JSON.parse(line[1]!) as { mcp: string; api: string }
      return {
        ...urls,
        async stop() {
          proc.stdin.end()
          await proc.exited
        },
      }
    }
  }
  throw new Error(`the upstreams did not start (exit ${await proc.exited}): ${out}`)
}

const itemsDocument = (origin: string) => ({
  openapi: '3.0.3',
  info: { title: 'soak items', version: '1' },
  servers: [{ url: origin }],
  paths: {
    '/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: { description: 'the item' } },
      },
    },
  },
})

/** A server whose toolkit is `toolkitId`, and its slug. */
const serverOf = async (app: TestApp, name: string, toolkitId: string) =>
  (await createServer(app, { name, toolkits: [{ toolkit_id: toolkitId }] })).slug

async function makeTargets(app: TestApp, up: { mcp: string; api: string }): Promise<Record<CallKind, Target>> {
  const post = async (path: string, body: unknown, status = 201) => json(await app.api(path, { body }), status)
  const tool = async (name: string, fn: Record<string, unknown>, properties: Record<string, unknown>) => {
    await post('/functions', { name, ...fn })
    const kit = await post('/toolkits', { name })
    await post('/tools', {
      toolkit_id: kit.id,
      name: name.replace(/-/g, '_'),
      function_name: name,
      input_schema: { type: 'object', properties },
    })
    return kit.id as string
  }
  const text = { text: { type: 'string' } }
  const js = await tool('soak-js', { runtime: 'javascript', code: 'export default async (input) => input.text' }, text)
  const http = await tool(
    'soak-http',
    { runtime: 'http', http: { url: `${up.api}/items/{{args.id}}` } },
    {
      id: { type: 'string' },
    },
  )
  const remote = await post('/toolkits', { name: 'soak-remote', toolkit_type: 'remote', remote: { url: up.mcp } })
  const openapi = await post('/toolkits/import/openapi', { name: 'soak-openapi', spec: itemsDocument(up.api) })
  const toolkits = (await json(await app.api('/toolkits?limit=200'), 200)).toolkits as { id: string; name: string }[]
  const utilities = toolkits.find((k) => k.name === 'utilities')!.id
  return {
    builtin: { slug: await serverOf(app, 'soak builtin', utilities), tool: 'echo', args: { text: 'hello' } },
    javascript: { slug: await serverOf(app, 'soak js', js), tool: 'soak_js', args: { text: 'hello' } },
    remote: { slug: await serverOf(app, 'soak remote', remote.id), tool: 'echo', args: { text: 'hello' } },
    openapi: { slug: await serverOf(app, 'soak openapi', openapi.toolkit.id), tool: 'getItem', args: { id: 'a1' } },
    http: { slug: await serverOf(app, 'soak http', http), tool: 'soak_http', args: { id: 'a1' } },
  }
}

/** The app, the upstreams and a server per call kind; `stop` ends all of them. */
export async function startSoak() {
  const upstreams = await startUpstreams()
  // Calls are not counted against rate limits (off in test apps); the call log is on, as in production.
  const app = await startTestApp()
  const targets = await makeTargets(app, upstreams).catch(async (error) => {
    await app.stop()
    await upstreams.stop()
    throw error
  })
  return {
    app,
    targets,
    async stop() {
      await app.stop()
      await upstreams.stop()
    },
  }
}

/**
 * RSS and the JavaScript heap (bytes) after a full GC: the least of three readings, each after a GC and a pause in which
 * the allocator returns freed pages (its default purge delay is 10 ms). A reading can catch pages not yet returned;
 * none can show less than the process holds.
 */
async function memoryAfterGc() {
  let rss = Number.POSITIVE_INFINITY
  let heap = Number.POSITIVE_INFINITY
  for (let i = 0; i < 3; i++) {
    Bun.gc(true)
    await Bun.sleep(200)
    rss = Math.min(rss, process.memoryUsage().rss)
    heap = Math.min(heap, heapStats().heapSize)
  }
  return { rss, heap }
}

/**
 * Makes `calls` tools/call requests of one kind, `inFlight` at a time, each a plain (stateless) JSON-RPC POST to the
 * kind's server; throws at the first answer that is not a successful tool result.
 */
async function drive(app: TestApp, target: Target, calls: number, inFlight: number) {
  const url = `${app.base}/${target.slug}`
  const headers = {
    'x-api-key': app.apiKey,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
  }
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: target.tool, arguments: target.args },
  })
  let left = calls
  await Promise.all(
    Array.from({ length: Math.min(inFlight, calls) }, async () => {
      while (left-- > 0) {
        const res = await fetch(url, { method: 'POST', headers, body })
        const text = await res.text()
        if (res.status !== 200 || !text.includes('"result"') || text.includes('"isError":true'))
          throw new Error(`${target.tool} on ${target.slug} answered ${res.status}: ${text.slice(0, 300)}`)
      }
    }),
  )
}

export interface SoakFigures {
  kind: CallKind
  calls: number
  callsPerSecond: number
  /** RSS after the warm-up and at the end, after GC (bytes). */
  rssWarm: number
  rssEnd: number
  heapWarm: number
  heapEnd: number
  /** RSS growth from the warm-up to the end, per million calls (bytes): the extrapolation the limit is checked on. */
  rssPerMillion: number
  heapPerMillion: number
}

const MB = 1024 * 1024
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`

/**
 * One kind's soak: `warmUp` calls, memory after GC, then `calls` more with memory printed at each tenth, and the growth
 * from the warm-up to the end extrapolated to a million calls.
 */
export async function soakKind(
  app: TestApp,
  kind: CallKind,
  target: Target,
  o: { calls: number; warmUp: number; inFlight: number; log?: (line: string) => void },
): Promise<SoakFigures> {
  const log = o.log ?? console.log
  await drive(app, target, o.warmUp, o.inFlight)
  const warm = await memoryAfterGc()
  log(`${kind}: after ${o.warmUp} warm-up calls: RSS ${mb(warm.rss)}, heap ${mb(warm.heap)}`)
  const step = Math.max(1, Math.ceil(o.calls / 10))
  let done = 0
  let busyMs = 0
  while (done < o.calls) {
    const n = Math.min(step, o.calls - done)
    const t0 = performance.now()
    await drive(app, target, n, o.inFlight)
    busyMs += performance.now() - t0
    done += n
    const now = await memoryAfterGc()
    log(`${kind}: ${o.warmUp + done} calls: RSS ${mb(now.rss)}, heap ${mb(now.heap)}`)
  }
  const end = await memoryAfterGc()
  const perMillion = (bytes: number) => (bytes * 1_000_000) / o.calls
  return {
    kind,
    calls: o.calls,
    callsPerSecond: Math.round((o.calls * 1000) / busyMs),
    rssWarm: warm.rss,
    rssEnd: end.rss,
    heapWarm: warm.heap,
    heapEnd: end.heap,
    rssPerMillion: perMillion(end.rss - warm.rss),
    heapPerMillion: perMillion(end.heap - warm.heap),
  }
}

/** One line of figures for a kind. */
export const describeFigures = (f: SoakFigures) =>
  `${f.kind}: ${f.calls} calls at ${f.callsPerSecond}/s; RSS ${mb(f.rssWarm)} → ${mb(f.rssEnd)} ` +
  `(${mb(f.rssPerMillion)} per million calls), heap ${mb(f.heapWarm)} → ${mb(f.heapEnd)} ` +
  `(${mb(f.heapPerMillion)} per million calls)`
