// docs/benchmarks.md from one run: the scenario table with ratios to the bare server and to the SDK peer, memory,
// cold start, and each target of the hot path marked met or not.
import type { ColdFigures } from './cold-start'
import type { FirstCallFigures } from './first-call'
import { markedPostgresSection, type PostgresFigures } from './postgres-report'
import type { SoakRun } from './soak'
import { markedSoakSection } from './soak-report'
import { markedSection, type ToolSearchFigures } from './tool-search-report'
import type { WrkResult } from './wrk'

export type RowKey = 'bare' | 'sdk' | 'builtin' | 'js' | 'list-first' | 'list-all' | 'call-big' | 'rest' | 'resource'
export interface Row {
  key: RowKey
  r: WrkResult
  /** The bare reference's req/s measured in the same rounds. */
  bare: number
  /** For list-all: how many pages one full listing takes. */
  pages?: number
}

const LABELS: Record<RowKey, string> = {
  bare: 'bare `Bun.serve` echo of the same JSON-RPC (reference)',
  sdk: 'official MCP SDK `McpServer` on Node, stateless JSON (peer), `tools/call` echo',
  builtin: '`tools/call` pre-built `echo` (server with 4 tools)',
  js: '`tools/call` JavaScript function (QuickJS sandbox)',
  'list-first': '`tools/list` on the 1,004-tool server, first page of 50',
  'list-all': '`tools/list` on the 1,004-tool server, every page in turn',
  'call-big': '`tools/call` `echo` on the 1,004-tool server',
  rest: 'REST `POST /tools/call` without `server_id` (3 servers, one of 1,004 tools)',
  resource: '`resources/read` of a cached file resource',
}

/**
 * The figures this work started from (docs/benchmarks.md of 2026-11-24, the run before warm JavaScript and the
 * hot-path levers; same harness): each row's req/s and ratio to bare, shown next to this run's.
 */
const BEFORE: Record<RowKey, { rps: number; toBare: number }> = {
  bare: { rps: 31359, toBare: 1 },
  sdk: { rps: 1141, toBare: 0.04 },
  builtin: { rps: 9663, toBare: 0.31 },
  'call-big': { rps: 12113, toBare: 0.39 },
  js: { rps: 1204, toBare: 0.05 },
  'list-first': { rps: 8048, toBare: 0.34 },
  'list-all': { rps: 8386, toBare: 0.52 },
  rest: { rps: 6795, toBare: 0.35 },
  resource: { rps: 6579, toBare: 0.42 },
}
const BEFORE_COLD = { ms: 122, helloMs: 62, ratio: 1.97, idleRss: 68, helloRss: 41, rssRatio: 1.66 }
const BEFORE_HOP = { pooled_us: 685, pooled_after_idle_us: 640, in_thread_us: 1038, pool_rps: 782 }
/** js_cpu_us: the same harness run on the code before this work, on this machine (best of several runs). */
const BEFORE_IN_PROCESS = { small_us: 63.3, big_us: 64.2, js_cpu_us: 600 }

/** bench/js-hop.ts: microseconds per sequential call, and calls per second through the pool at 32 in flight. */
export interface JsHop {
  pooled_us: number
  /** The same through the pool with a warm key: the function's module evaluated once, ctx made per call. */
  pooled_warm_us?: number
  in_thread_warm_us?: number
  pool_warm_rps?: number
  pooled_after_idle_us?: number
  in_thread_us: number
  round_trip_us: number
  pool_rps: number
  /** Each QuickJS step of the in-thread call (bench/js-steps.ts); plumbing_us is the rest (host-side). */
  steps_us?: Record<string, number>
  plumbing_us?: number
}

const STEP_NAMES: Record<string, string> = {
  runtime: 'new runtime (memory limit, stack, interrupt handler)',
  context: 'new context',
  prelude: 'prelude parsed and evaluated (ctx, lazy globals)',
  host: 'host function, library loader, prelude run',
  module: "the user's module compiled and evaluated",
  call: 'the call (input and result as JSON)',
  dispose: 'context and runtime freed',
}

const stepRows = (hop: JsHop): string =>
  Object.entries(hop.steps_us ?? {})
    .map(([step, us]) => `| &nbsp;&nbsp;${STEP_NAMES[step] ?? step} | ${us} µs | |\n`)
    .join('') +
  (hop.plumbing_us === undefined ? '' : `| &nbsp;&nbsp;host-side plumbing (the rest) | ${hop.plumbing_us} µs | |\n`)

/** bench/in-process.ts: microseconds of handler CPU per tools/call, best of 3 alternating rounds. */
export interface InProcess {
  small_us: number
  big_us: number
  /** CPU of the whole process (main thread and sandbox workers) per JavaScript tools/call, 8 in flight. */
  js_cpu_us?: number
}

export interface ReportInput {
  date: string
  machine: string
  seconds: number
  rounds: number
  connections: number
  rows: Row[]
  peakRss: number
  catalogRss: { tools: number; rss: number; listMs: number }[]
  cold: ColdFigures
  jsHop: JsHop
  inProcess: InProcess
  /** bench/tool-search.ts: recall@5, find_tools p95, tools/list sizes (its own section). */
  toolSearch?: ToolSearchFigures
  /** bench/postgres.ts: SQLite and PostgreSQL, one and three instances (its own section). */
  postgres?: PostgresFigures
  /** The soak of every call kind (bench/soak.ts); absent from runs before it existed. */
  soak?: SoakRun
  firstCalls?: FirstCallFigures
  totalS: number
}

const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : 'n/a')
const mark = (ok: boolean) => (ok ? 'met' : '**not met**')

export function report(i: ReportInput): string {
  const get = (k: RowKey) => i.rows.find((r) => r.key === k)
  const sdk = get('sdk')?.r.rps
  const rps = (k: RowKey) => get(k)?.r.rps ?? 0
  /** A scenario's ratio to the bare reference of its own rounds. */
  const toBare = (k: RowKey) => {
    const row = get(k)
    return row ? row.r.rps / row.bare : 0
  }
  const table = [
    '| Scenario | req/s | p50 ms | p99 ms | errors | bare req/s, same rounds | × bare | × SDK peer | before: req/s, × bare |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...i.rows.map(({ key, r, pages, bare }) => {
      const extra = pages ? ` (${pages} pages: ${(r.rps / pages).toFixed(0)} full listings/s)` : ''
      const before = `${BEFORE[key].rps}, ${BEFORE[key].toBare.toFixed(2)}`
      return `| ${LABELS[key]}${extra} | ${r.rps} | ${r.p50_ms} | ${r.p99_ms} | ${r.errors} | ${bare} | ${ratio(r.rps, bare)} | ${ratio(r.rps, sdk)} | ${before} |`
    }),
  ].join('\n')

  const big = rps('call-big')
  const small = rps('builtin')
  const { toolyard, hello } = i.cold
  const before = (k: RowKey) => BEFORE[k].toBare.toFixed(2)
  const targets = [
    [
      'builtin `tools/call` ≥ 0.5 × bare',
      toBare('builtin').toFixed(2),
      mark(toBare('builtin') >= 0.5),
      before('builtin'),
    ],
    [
      'builtin `tools/call` ≥ 20 × the SDK peer',
      ratio(small, sdk),
      mark(small >= 20 * (sdk ?? 0)),
      (BEFORE.builtin.rps / BEFORE.sdk.rps).toFixed(2),
    ],
    ['JavaScript `tools/call` ≥ 0.2 × bare', toBare('js').toFixed(2), mark(toBare('js') >= 0.2), before('js')],
    [
      '`tools/list` of 1,000 tools ≥ 0.4 × bare (first page)',
      toBare('list-first').toFixed(2),
      mark(toBare('list-first') >= 0.4),
      before('list-first'),
    ],
    [
      '`tools/call` on the 1,000-tool server within 15% of the small server (req/s)',
      `${((big / small - 1) * 100).toFixed(1)}%`,
      mark(big >= 0.85 * small),
      `${((BEFORE['call-big'].rps / BEFORE.builtin.rps - 1) * 100).toFixed(1)}%`,
    ],
    [
      'the same, as handler CPU without the network (`bench/in-process.ts`)',
      `${i.inProcess.small_us} µs vs ${i.inProcess.big_us} µs: ${((i.inProcess.big_us / i.inProcess.small_us - 1) * 100).toFixed(1)}%`,
      mark(i.inProcess.big_us <= 1.15 * i.inProcess.small_us),
      `${BEFORE_IN_PROCESS.small_us} µs vs ${BEFORE_IN_PROCESS.big_us} µs`,
    ],
    ['REST `tools/call` ≥ 0.5 × bare', toBare('rest').toFixed(2), mark(toBare('rest') >= 0.5), before('rest')],
    [
      'cold start ≤ 2.5 × Elysia hello-world',
      ratio(toolyard.ms, hello.ms),
      mark(toolyard.ms <= 2.5 * hello.ms),
      BEFORE_COLD.ratio.toFixed(2),
    ],
    [
      'idle RSS ≤ 2 × Elysia hello-world',
      ratio(toolyard.idleRss, hello.idleRss),
      mark(toolyard.idleRss <= 2 * hello.idleRss),
      BEFORE_COLD.rssRatio.toFixed(2),
    ],
  ]
  const first = i.firstCalls
  const firstCallRows = first
    ? `| first \`tools/call\` of the pre-built echo after a start (then the second) | ${first.builtin.first_ms} ms (${first.builtin.second_ms} ms) | | |
| first \`tools/call\` of the JavaScript function after a start (then the second) | ${first.js.first_ms} ms (${first.js.second_ms} ms) | | |
`
    : ''

  return `# Benchmarks

Produced by \`npm run bench\` (\`bench/run.ts\`) on ${i.date}: ${i.machine}; the whole run took ${i.totalS} s.
Every target runs as its own process on loopback and is driven by \`wrk -t1 -c${i.connections} -d${i.seconds}s\`
(\`bench/post.lua\` POSTs the JSON-RPC bodies) after a 1 s warm-up; each row is the best of ${i.rounds} rounds. The machine
is shared (wrk, the targets, other processes), so every scenario runs in rounds alternating with the bare reference,
and its ratio is to the bare figure of its own rounds (the SDK peer, the small server and the 1,004-tool server
share one set of rounds). Compare ratios, not absolute numbers across runs or machines.
Each scenario's answer is checked once before load
(a JSON-RPC result, not an error result). Toolyard is the compiled binary built as \`npm run build\` builds it (\`bun build ${i.cold.flags}\`), rate limits off,
API key in \`X-API-Key\`, and \`MIMALLOC_PURGE_DELAY=-1\` in its environment as the Docker image sets it and the README
recommends for a server under load (docs/decisions/0054-builtin-call-under-load.md; it does not change the start
figures); the bare reference runs with the same setting. The bare reference parses the body and answers a \`tools/call\` result with nothing else.
The SDK peer is \`@modelcontextprotocol/sdk\` \`McpServer\` + \`StreamableHTTPServerTransport\` on Node's http
server, stateless with JSON responses (its documented stateless pattern: a server and transport per request).

## Throughput and latency

${table}

Before the read model (the figures this work started from, same machine, \`wrk -t1 -c32 -d5s\`, a bare reference of
~40–45k req/s then): builtin \`tools/call\` 5,300 req/s, JavaScript \`tools/call\` 1,250, \`tools/list\` first page on
1,000 tools 111, REST \`tools/call\` 302, cold start 212 ms, idle RSS 64 MB.
${i.postgres ? `\n${markedPostgresSection(i.postgres)}` : ''}${i.soak ? `\n${markedSoakSection(i.soak)}` : ''}
## Memory and start

| Figure | Toolyard | Elysia hello-world (\`bun build --compile\`) | ratio |
|---|---:|---:|---:|
| cold start to a 200 answer (best of 5) | ${toolyard.ms} ms | ${hello.ms} ms | ${ratio(toolyard.ms, hello.ms)} |
| before: cold start | ${BEFORE_COLD.ms} ms | ${BEFORE_COLD.helloMs} ms | ${BEFORE_COLD.ratio.toFixed(2)} |
| idle RSS 1 s after start (median of 5) | ${toolyard.idleRss} MB | ${hello.idleRss} MB | ${ratio(toolyard.idleRss, hello.idleRss)} |
| before: idle RSS | ${BEFORE_COLD.idleRss} MB | ${BEFORE_COLD.helloRss} MB | ${BEFORE_COLD.rssRatio.toFixed(2)} |
${firstCallRows}| the same two, hello-world built with Toolyard's flags (\`${i.cold.flags}\`) | | ${i.cold.helloSameFlags.ms} ms, ${i.cold.helloSameFlags.idleRss} MB | ${ratio(toolyard.ms, i.cold.helloSameFlags.ms)}, ${ratio(toolyard.idleRss, i.cold.helloSameFlags.idleRss)} |
| peak RSS after the load scenarios above | ${i.peakRss} MB | | |
${i.catalogRss
  .map(
    (c) =>
      `| RSS with a further server of ${c.tools.toLocaleString('en')} tools listed and called (first \`tools/list\`: ${c.listMs} ms) | ${c.rss} MB | | |`,
  )
  .join('\n')}

## A JavaScript call, taken apart (\`bench/js-hop.ts\`, from source, no HTTP)

| Figure | | before |
|---|---:|---:|
| one call through the worker pool, warm (the function's module kept; sequential) | ${i.jsHop.pooled_warm_us ?? '–'} µs | |
| the same warm call in QuickJS on the main thread (ctx made, input in, result out) | ${i.jsHop.in_thread_warm_us ?? '–'} µs | |
| calls per second through the pool, warm, 32 in flight | ${i.jsHop.pool_warm_rps ?? '–'} | |
| one call through the worker pool, \`per_call\` (fresh context; sequential) | ${i.jsHop.pooled_us} µs | ${BEFORE_HOP.pooled_us} µs |
| the same after 2 ms idle (median; its runtime, context and prelude made ahead) | ${i.jsHop.pooled_after_idle_us ?? '–'} µs | ${BEFORE_HOP.pooled_after_idle_us} µs |
| the same call in QuickJS on the main thread (fresh runtime and context, prelude, module, call) | ${i.jsHop.in_thread_us} µs | ${BEFORE_HOP.in_thread_us} µs |
${stepRows(i.jsHop)}| bare main thread ↔ worker message round trip (the hop) | ${i.jsHop.round_trip_us} µs | |
| calls per second through the pool, \`per_call\`, 32 in flight | ${i.jsHop.pool_rps} | ${BEFORE_HOP.pool_rps} |
| CPU per JavaScript \`tools/call\` in-process, every thread, 8 in flight (\`bench/in-process.ts\`) | ${i.inProcess.js_cpu_us ?? '–'} µs | ${BEFORE_IN_PROCESS.js_cpu_us} µs |

## Targets

| Target | This run | | before |
|---|---:|---|---:|
${targets.map((t) => `| ${t.join(' | ')} |`).join('\n')}
${i.toolSearch ? `\n${markedSection(i.toolSearch)}` : ''}`
}
