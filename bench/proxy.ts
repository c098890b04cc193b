// Proxy overhead (docs/benchmarks.md, "Proxying"): a call through Toolyard against the same call made to the upstream
// directly, in the same interleaved rounds — the method of the Rust mcp-proxy's published benchmark. Upstreams: a plain
// Bun.serve MCP server (bench/peers/mcp-upstream.ts: the least an upstream can cost), the official SDK server on Node
// (bench/peers/sdk-node.mjs), and a plain JSON API (bench/peers/api.ts) behind an OpenAPI tool and an HTTP-template
// tool. Each at 32 connections (throughput ratio) and at 1 (the latency Toolyard adds, p50). Targets: remote MCP ≥ 0.3×
// direct at c=32 and ≤ +100 µs p50 at c=1; OpenAPI and HTTP-template ≥ 0.3× their API.
// `bun bench/proxy.ts [binary]` builds Toolyard when no binary is given, prints the section, and with `--write` puts
// it into docs/benchmarks.md between its markers; bench/run.ts runs it with the binary it built.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildToolyard } from './build'
import { addHttpEchoTool, echoApiImport } from './echo-api'
import { replaceMarkedSection } from './marked-section'
import { cpuUsOf } from './process-cpu'
import { startUntil } from './procs'
import { ALLOCATOR_ENV, startSmallToolyard } from './toolyard'
import { ensureWrk, type WrkResult, wrk } from './wrk'

const ROOT = resolve(import.meta.dir, '..')
const BUN = process.execPath
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
export const START = '<!-- proxy:start -->'
export const END = '<!-- proxy:end -->'

const rpc = (method: string, params?: unknown) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
const call = (name: string, args: unknown = { text: 'hello' }) => rpc('tools/call', { name, arguments: args })

interface Target {
  url: string
  headers: Record<string, string>
  body: string
  /** The processes that answer (Toolyard, the upstream): their CPU per call is read around each run. */
  pids: { toolyard?: number; upstream: number }
}
interface Pair {
  label: string
  direct: Target
  through: Target
  /** Whether the c=1 latency target applies (remote MCP only). */
  latencyTarget: boolean
  /** Which target applies: the proxying ratio, or none (a reference row that shows the pipeline's own cost). */
  ratioTarget: boolean
}
/** CPU µs per call of each process in a run: wrk, Toolyard (none when direct), the upstream. */
interface CpuPerCall {
  wrk: number
  toolyard: number
  upstream: number
}
interface Run extends WrkResult {
  cpu: CpuPerCall
}
interface PairResult {
  label: string
  c32: { direct: Run; through: Run }
  c1: { direct: Run; through: Run }
  latencyTarget: boolean
  ratioTarget: boolean
}

/** Answers one request and throws unless it is a JSON-RPC result that is not an error result (or a JSON 200). */
async function check(target: Target) {
  const res = await fetch(target.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...target.headers },
    body: target.body,
  })
  const text = await res.text()
  if (!res.ok || text.includes('"isError":true') || text.includes('"error"'))
    throw new Error(`${target.url} answered ${res.status}: ${text.slice(0, 300)}`)
}

async function measurePair(wrkBin: string, p: Pair): Promise<PairResult> {
  await check(p.direct)
  await check(p.through)
  const best = (a: Run | undefined, b: Run) => (a && a.rps >= b.rps ? a : b)
  const drive = async (t: Target, connections: number): Promise<Run> => {
    const cpu = () => ({ toolyard: t.pids.toolyard ? cpuUsOf(t.pids.toolyard) : 0, upstream: cpuUsOf(t.pids.upstream) })
    const before = cpu()
    const r = await wrk(wrkBin, t.url, t.headers, [t.body], { seconds: SECONDS, connections })
    const after = cpu()
    const per = (us: number) => Number((us / Math.max(1, r.requests)).toFixed(1))
    return {
      ...r,
      cpu: {
        wrk: per(r.cpu_us),
        toolyard: per(after.toolyard - before.toolyard),
        upstream: per(after.upstream - before.upstream),
      },
    }
  }
  // Warm-up of both, then rounds alternating direct and through, each figure the best of its rounds.
  await drive(p.direct, 8)
  await drive(p.through, 8)
  const out = {} as { c32: PairResult['c32']; c1: PairResult['c1'] }
  for (const [key, connections] of [
    ['c32', 32],
    ['c1', 1],
  ] as const) {
    let direct: Run | undefined
    let through: Run | undefined
    for (let r = 0; r < ROUNDS; r++) {
      direct = best(direct, await drive(p.direct, connections))
      through = best(through, await drive(p.through, connections))
    }
    out[key] = { direct: direct!, through: through! }
  }
  return { label: p.label, latencyTarget: p.latencyTarget, ratioTarget: p.ratioTarget, ...out }
}

export async function measureProxy(binary: string) {
  const wrkBin = ensureWrk()
  const plain = await startUntil([BUN, 'bench/peers/mcp-upstream.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
  const sdk = await startUntil(['node', 'bench/peers/sdk-node.mjs'], {}, /PORT (\d+)/, ROOT)
  const api = await startUntil([BUN, 'bench/peers/api.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
  const bare = await startUntil([BUN, 'bench/peers/bare.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
  // The upstreams are on loopback: the egress guard allows it only when the operator says so.
  const ty = await startSmallToolyard(binary, { TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true' })
  try {
    const remote = async (name: string, url: string) =>
      (await ty.post('/toolkits', { name, toolkit_type: 'remote', review_changes: false, remote: { url, prefix: '' } }))
        .id as string
    const plainKit = await remote('up-plain', `http://127.0.0.1:${plain.port}/`)
    const sdkKit = await remote('up-sdk', `http://127.0.0.1:${sdk.port}/mcp`)
    const imported = await ty.post('/toolkits/import/openapi', echoApiImport(`http://127.0.0.1:${api.port}`))
    const httpKitId = await addHttpEchoTool(ty.post, `http://127.0.0.1:${api.port}`)
    const server = async (name: string, toolkitId: string) =>
      `${ty.base}/${(await ty.post('/servers', { name, toolkits: [{ toolkit_id: toolkitId }] })).data.slug}`
    const tyPid = ty.started.proc.pid
    const mcpDirect = (url: string, upstream: number): Target => ({
      url,
      headers: {},
      body: call('echo'),
      pids: { upstream },
    })
    const apiDirect: Target = {
      url: `http://127.0.0.1:${api.port}/echo`,
      headers: {},
      body: JSON.stringify({ text: 'hello' }),
      pids: { upstream: api.proc.pid },
    }
    const through = async (name: string, kit: string, tool: string, upstream: number, args?: unknown) => ({
      url: await server(name, kit),
      headers: ty.headers,
      body: call(tool, args),
      pids: { toolyard: tyPid, upstream },
    })
    const reference = (what: string, slug: string, tool: string): Pair => ({
      label: `reference: ${what} (no upstream) against a bare Bun.serve`,
      direct: mcpDirect(`http://127.0.0.1:${bare.port}/`, bare.proc.pid),
      through: {
        url: `${ty.base}/${slug}`,
        headers: ty.headers,
        body: call(tool),
        pids: { toolyard: tyPid, upstream: bare.proc.pid },
      },
      latencyTarget: false,
      ratioTarget: false,
    })
    const pairs: Pair[] = [
      // No upstream: the pipeline every proxied call also pays, against the least a server can do.
      reference('builtin `echo`', ty.slugs.small, 'echo'),
      // The same for a JavaScript function: the pipeline plus the hop to a sandbox worker and back.
      reference('JavaScript function', ty.slugs.js, 'js_echo'),
      {
        label: 'remote MCP, plain Bun.serve upstream',
        direct: mcpDirect(`http://127.0.0.1:${plain.port}/`, plain.proc.pid),
        through: await through('via-plain', plainKit, 'echo', plain.proc.pid),
        latencyTarget: true,
        ratioTarget: true,
      },
      {
        label: 'remote MCP, SDK upstream (Node)',
        direct: mcpDirect(`http://127.0.0.1:${sdk.port}/mcp`, sdk.proc.pid),
        through: await through('via-sdk', sdkKit, 'echo', sdk.proc.pid),
        latencyTarget: true,
        ratioTarget: true,
      },
      {
        label: 'OpenAPI tool, plain JSON API',
        direct: apiDirect,
        // An operation's JSON body is its tool's `body` argument.
        through: await through('via-openapi', imported.toolkit.id, 'api_echo', api.proc.pid, {
          body: { text: 'hello' },
        }),
        latencyTarget: false,
        ratioTarget: true,
      },
      {
        label: 'HTTP-template tool, plain JSON API',
        direct: apiDirect,
        through: await through('via-http', httpKitId, 'http_echo', api.proc.pid),
        latencyTarget: false,
        ratioTarget: true,
      },
    ]
    const results: PairResult[] = []
    for (const p of pairs) results.push(await measurePair(wrkBin, p))
    return results
  } finally {
    await ty.started.stop()
    for (const p of [plain, sdk, api, bare]) await p.stop()
  }
}

export function proxySection(results: PairResult[]): string {
  const rows = results.map((r) => {
    const ratio = r.c32.through.rps / r.c32.direct.rps
    const addedUs = Math.round((r.c1.through.p50_ms - r.c1.direct.p50_ms) * 1000)
    const ratioMet = !r.ratioTarget ? '' : ratio >= 0.3 ? 'met' : '**not met**'
    const latency = r.latencyTarget ? (addedUs <= 100 ? 'met' : '**not met**') : ''
    return `| ${r.label} | ${r.c32.direct.rps} | ${r.c32.through.rps} | ${ratio.toFixed(2)} × | ${ratioMet} | ${r.c1.direct.p50_ms} | ${r.c1.through.p50_ms} | +${addedUs} µs | ${latency} |`
  })
  return `## Proxying (\`bench/proxy.ts\`)

A call through Toolyard against the same call to the upstream directly, in alternating rounds (best of ${ROUNDS} rounds of
${SECONDS} s after a warm-up, \`wrk -t1\`), at 32 connections (throughput) and at 1 (the p50 latency Toolyard adds).
Targets: remote MCP ≥ 0.3× direct at c=32 and at most +100 µs p50 at c=1; OpenAPI and HTTP-template ≥ 0.3× their
API. Measured ${new Date().toISOString().slice(0, 10)} on a shared 2-core machine: every process here (wrk, the upstream, Toolyard) takes
the same two cores, so the direct figure also has the core Toolyard would otherwise use.

| Call | direct req/s (c=32) | through Toolyard req/s | × direct | ≥ 0.3× | direct p50 ms (c=1) | through p50 ms | added | ≤ +100 µs |
|---|---:|---:|---:|---|---:|---:|---:|---|
${rows.join('\n')}

Where the time goes at c=32: the CPU each process used per call in the best round (every thread of Toolyard and of
the upstream from /proc, wrk's own from its resource usage), which other load on the machine disturbs far less than
req/s. When the cores are the limit, throughput is about cores ÷ CPU per call, so a ratio can be at most the direct
run's CPU per call over the run through Toolyard's: the ceiling column. The Toolyard column is what proxying costs;
the builtin reference row is the part of it every call pays before any upstream (a proxied call cannot cost Toolyard
less), and the JavaScript row the same plus the hop to a sandbox worker. Their "direct" is the bare reference of the
main table, so they are the builtin and JavaScript targets (≥ 0.4× and ≥ 0.2× bare) seen by CPU.

| Call | direct: wrk + upstream µs | through: wrk + Toolyard + upstream µs | Toolyard µs per call | ceiling × direct | measured × direct |
|---|---:|---:|---:|---:|---:|
${results.map(cpuRow).join('\n')}
`
}

function cpuRow(r: PairResult): string {
  const d = r.c32.direct.cpu
  const t = r.c32.through.cpu
  const direct = d.wrk + d.upstream
  const through = t.wrk + t.toolyard + t.upstream
  const ratio = r.c32.through.rps / r.c32.direct.rps
  return `| ${r.label} | ${d.wrk} + ${d.upstream} = ${direct.toFixed(1)} | ${t.wrk} + ${t.toolyard} + ${t.upstream} = ${through.toFixed(1)} | ${t.toolyard} | ${(direct / through).toFixed(2)} × | ${ratio.toFixed(2)} × |`
}

if (import.meta.main) {
  let binary = process.argv.slice(2).find((a) => !a.startsWith('--'))
  let out: string | undefined
  if (!binary) {
    out = mkdtempSync(join(tmpdir(), 'toolyard-bench-proxy-'))
    binary = join(out, 'toolyard')
    buildToolyard(binary)
  }
  try {
    const section = proxySection(await measureProxy(binary))
    console.log(section)
    if (process.argv.includes('--write')) replaceMarkedSection(ROOT, START, END, `${START}\n${section}${END}\n`)
  } finally {
    if (out) rmSync(out, { recursive: true, force: true })
  }
  process.exit(0)
}
