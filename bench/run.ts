// `npm run bench`: builds the compiled binary and a compiled Elysia hello-world, starts them next to a bare Bun.serve
// echo and the official MCP SDK server on Node, drives each with wrk and writes docs/benchmarks.md. Its PostgreSQL
// section (bench/postgres.ts) always runs, on a throwaway cluster it starts and stops.
// BENCH_ONLY=postgres runs that section alone (beside a SQLite binary with the two servers it needs) and replaces it in
// docs/benchmarks.md in place. BENCH_SECONDS, BENCH_ROUNDS and BENCH_CONNECTIONS change every measurement.
// The soak of every call kind (bench/soak.ts, `npm run test:load`) runs last, BENCH_SOAK_CALLS calls a kind;
// BENCH_ONLY=soak runs it alone and replaces its section in place. The policy gate's section (bench/policy-eval.ts)
// and the call log's at ten million rows (bench/call-log.ts) are measured last and written between their own markers.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { buildToolyard } from './build'
import { measureCold } from './cold-start'
import { measureFirstCalls } from './first-call'
import { keepOtherSections, replaceMarkedSection } from './marked-section'
import { type BenchScenario, measurePostgres } from './postgres'
import { END, markedPostgresSection, START } from './postgres-report'
import { memoryOf, startUntil } from './procs'
import { measureProxy, END as PROXY_END, START as PROXY_START, proxySection } from './proxy'
import { type InProcess, type JsHop, type Row, report } from './report'
import { measureSoak, onlySoak } from './soak'
import type { ToolSearchFigures } from './tool-search-report'
import { ALLOCATOR_ENV, startSmallToolyard, startToolyard } from './toolyard'
import { ensureWrk, type WrkResult, wrk } from './wrk'

const ROOT = resolve(import.meta.dir, '..')
const BUN = process.execPath
/** Each scenario: the best of ROUNDS runs of SECONDS each, so a burst of load from other processes does not decide it. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 2)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32)

const rpc = (method: string, params?: unknown, id = 1) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })
const echo = (name = 'echo') => rpc('tools/call', { name, arguments: { text: 'hello' } })

/** One answer checked before load: a JSON-RPC result (or REST 200) that is not an error result. */
async function check(url: string, headers: Record<string, string>, body: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body,
  })
  const text = await res.text()
  if (!res.ok || text.includes('"isError":true') || (text.includes('"jsonrpc"') && !text.includes('"result"')))
    throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`)
  return text
}

type Scenario = BenchScenario
const best = (a: WrkResult | undefined, b: WrkResult) => (a && a.rps >= b.rps ? a : b)

/** Runs the scenarios round by round, interleaved (so figures compared with each other see the same load). */
async function loadAll(wrkBin: string, scenarios: Scenario[]): Promise<WrkResult[]> {
  const drive = (s: Scenario, seconds: number) =>
    wrk(wrkBin, s.url, s.headers, s.bodies, {
      seconds,
      connections: s.connections ?? CONNECTIONS,
      ...(s.targets ? { targets: s.targets } : {}),
    })
  for (const s of scenarios) {
    // Every instance of a spread scenario answers correctly before any load.
    const urls = s.targets?.map((port) => s.url.replace(/:\/\/127\.0\.0\.1:\d+/, `://127.0.0.1:${port}`)) ?? [s.url]
    for (const url of urls) for (const b of new Set(s.bodies)) await check(url, s.headers, b)
    await drive(s, 1) // warm-up
  }
  const out: (WrkResult | undefined)[] = scenarios.map(() => undefined)
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, s] of scenarios.entries()) out[i] = best(out[i], await drive(s, SECONDS))
  return out as WrkResult[]
}

/** The PostgreSQL section beside the SQLite binary `sqlite` (bench/postgres.ts). */
const postgresFigures = (binary: string, wrkBin: string, sqlite: Parameters<typeof measurePostgres>[0]['sqlite']) =>
  measurePostgres({
    binary,
    sqlite,
    bodies: { builtin: echo(), js: echo('js_echo') },
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    load: (...scenarios) => loadAll(wrkBin, scenarios),
  })

/** BENCH_ONLY=postgres: the section alone, replaced in docs/benchmarks.md between its markers. */
async function onlyPostgres(binary: string, wrkBin: string) {
  const ty = await startSmallToolyard(binary)
  const figures = await postgresFigures(binary, wrkBin, ty).finally(async () => {
    await ty.started.stop()
    rmSync(ty.dataDir, { recursive: true, force: true })
  })
  const section = markedPostgresSection(figures)
  replaceMarkedSection(ROOT, START, END, section)
  console.log(section)
}

async function main() {
  const started = performance.now()
  // The soak runs the app from source in its own process: no binary needed.
  if (process.env.BENCH_ONLY === 'soak') return onlySoak(ROOT)
  const wrkBin = ensureWrk()
  const out = mkdtempSync(join(tmpdir(), 'toolyard-bench-bin-'))
  const binary = join(out, 'toolyard')
  buildToolyard(binary)
  // The binary is a few hundred MB: removed when the run ends, however it ends.
  process.once('exit', () => rmSync(out, { recursive: true, force: true }))
  if (process.env.BENCH_ONLY === 'postgres') return onlyPostgres(binary, wrkBin)
  if (process.env.BENCH_ONLY)
    throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: only "postgres" and "soak" are known`)

  const load = (...scenarios: Scenario[]) => loadAll(wrkBin, scenarios)
  const rows: Row[] = []

  // All targets run side by side; only one is driven at a time. The bare reference is measured again in the rounds
  // of every scenario, so each ratio compares two figures taken under the same load from the rest of the machine.
  const bare = await startUntil([BUN, 'bench/peers/bare.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
  const sdk = await startUntil(['node', 'bench/peers/sdk-node.mjs'], {}, /PORT (\d+)/, ROOT)
  const ty = await startToolyard(binary)
  const bareS: Scenario = { url: `http://127.0.0.1:${bare.port}/`, headers: {}, bodies: [echo()] }
  const at = (slug: string) => `${ty.base}/${slug}`
  const on = (slug: string, bodies: string[]): Scenario => ({ url: at(slug), headers: ty.headers, bodies })
  const against = async (key: Row['key'], s: Scenario, pages?: number) => {
    const [ref, r] = await load(bareS, s)
    rows.push({ key, r: r!, bare: ref!.rps, ...(pages ? { pages } : {}) })
  }

  const [ref, peer, small, big] = await load(
    bareS,
    { url: `http://127.0.0.1:${sdk.port}/mcp`, headers: {}, bodies: [echo()] },
    on(ty.slugs.small, [echo()]),
    on(ty.slugs.big, [echo()]),
  )
  rows.push({ key: 'bare', r: ref!, bare: ref!.rps })
  rows.push({ key: 'sdk', r: peer!, bare: ref!.rps })
  rows.push({ key: 'builtin', r: small!, bare: ref!.rps })
  rows.push({ key: 'call-big', r: big!, bare: ref!.rps })
  await sdk.stop()
  await against('js', on(ty.slugs.js, [echo('js_echo')]))
  await against('list-first', on(ty.slugs.big, [rpc('tools/list')]))
  const pages: string[] = []
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const body = rpc('tools/list', cursor ? { cursor } : undefined)
    pages.push(body)
    cursor = (JSON.parse(await check(at(ty.slugs.big), ty.headers, body)) as { result: { nextCursor?: string } }).result
      .nextCursor
  }
  await against('list-all', on(ty.slugs.big, pages), pages.length)
  const restBody = JSON.stringify({ name: 'echo', arguments: { text: 'hello' } })
  await against('rest', { url: `${ty.base}/tools/call`, headers: ty.headers, bodies: [restBody] })
  await against('resource', on(ty.slugs.small, [rpc('resources/read', { uri: 'docs://readme' })]))
  await bare.stop()
  const peakRss = memoryOf(ty.started.proc.pid).peak
  const postgres = await postgresFigures(binary, wrkBin, ty)

  const catalogRss: { tools: number; rss: number; listMs: number }[] = []
  for (const count of [10_000, 100_000]) {
    const slug = await ty.bigCatalog(`catalog-${count}`, count)
    const t0 = performance.now()
    await check(at(slug), ty.headers, rpc('tools/list'))
    const listMs = Math.round(performance.now() - t0)
    await check(at(slug), ty.headers, rpc('tools/call', { name: `t_${count - 1}`, arguments: { text: 'x' } }))
    catalogRss.push({ tools: count, rss: memoryOf(ty.started.proc.pid).rss, listMs })
  }
  await ty.started.stop()
  const firstCalls = await measureFirstCalls(binary, ty.dataDir, ty.headers, ty.slugs)

  const cold = await measureCold(binary, out)
  // Proxying against calling the upstream directly (remote MCP, OpenAPI, HTTP template): its own upstreams and target.
  const proxy = proxySection(await measureProxy(binary))

  const hopRun = Bun.spawnSync([BUN, 'bench/js-hop.ts'], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' })
  const jsHop = JSON.parse(hopRun.stdout.toString().trim().split('\n').pop() ?? '{}') as JsHop

  const inRun = Bun.spawnSync([BUN, 'bench/in-process.ts'], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' })
  const inProcess = JSON.parse(inRun.stdout.toString().trim().split('\n').pop() ?? '{}') as InProcess

  const searchRun = Bun.spawnSync([BUN, 'bench/tool-search.ts'], { cwd: ROOT, stdout: 'pipe', stderr: 'inherit' })
  const toolSearch = JSON.parse(searchRun.stdout.toString().trim().split('\n').pop() ?? '{}') as ToolSearchFigures

  const soak = measureSoak(ROOT)

  const doc = report({
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Bun ${Bun.version}, Node ${Bun.spawnSync([
      'node',
      '--version',
    ])
      .stdout.toString()
      .trim()}`,
    seconds: SECONDS,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    rows,
    peakRss,
    catalogRss,
    cold,
    jsHop,
    inProcess,
    toolSearch,
    soak,
    postgres,
    firstCalls,
    totalS: Math.round((performance.now() - started) / 1000),
  })
  const path = join(ROOT, 'docs/benchmarks.md')
  writeFileSync(path, keepOtherSections(readFileSync(path, 'utf8'), doc))
  replaceMarkedSection(ROOT, PROXY_START, PROXY_END, `${PROXY_START}\n${proxy}${PROXY_END}\n`)
  // The policy gate's cost per call (in process): its script puts its own section into the report just written.
  Bun.spawnSync([BUN, 'bench/policy-eval.ts'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
  // The call log at ten million rows (in process, SQLite): its own section too.
  Bun.spawnSync([BUN, 'bench/call-log.ts'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
  // Many tenants (in process): servers, sessions and projects at the contract's counts.
  Bun.spawnSync([BUN, 'bench/tenants.ts'], { cwd: ROOT, stdout: 'inherit', stderr: 'inherit' })
  console.log(doc)
}

await main()
process.exit(0)
