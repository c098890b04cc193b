// docs/benchmarks.md from one run: the scenario table with ratios to the bare server and to the SDK peer, memory,
// cold start, and each target of the hot path marked met or not.
import type { WrkResult } from './wrk'

export type RowKey = 'bare' | 'sdk' | 'builtin' | 'js' | 'list-first' | 'list-all' | 'call-big' | 'rest' | 'resource'
export interface Row {
  key: RowKey
  r: WrkResult
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

/** bench/js-hop.ts: microseconds per sequential call, and calls per second through the pool at 32 in flight. */
export interface JsHop {
  pooled_us: number
  in_thread_us: number
  round_trip_us: number
  pool_rps: number
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
  cold: { toolyard: { ms: number; idleRss: number }; hello: { ms: number; idleRss: number } }
  jsHop: JsHop
  totalS: number
}

const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : 'n/a')
const mark = (ok: boolean) => (ok ? 'met' : '**not met**')

export function report(i: ReportInput): string {
  const get = (k: RowKey) => i.rows.find((r) => r.key === k)
  const bare = get('bare')?.r.rps
  const sdk = get('sdk')?.r.rps
  const rps = (k: RowKey) => get(k)?.r.rps ?? 0
  const table = [
    '| Scenario | req/s | p50 ms | p99 ms | errors | × bare | × SDK peer |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...i.rows.map(({ key, r, pages }) => {
      const extra = pages ? ` (${pages} pages: ${(r.rps / pages).toFixed(0)} full listings/s)` : ''
      return `| ${LABELS[key]}${extra} | ${r.rps} | ${r.p50_ms} | ${r.p99_ms} | ${r.errors} | ${ratio(r.rps, bare)} | ${ratio(r.rps, sdk)} |`
    }),
  ].join('\n')

  const big = rps('call-big')
  const small = rps('builtin')
  const { toolyard, hello } = i.cold
  const targets = [
    ['builtin `tools/call` ≥ 0.5 × bare', ratio(small, bare), mark(small >= 0.5 * (bare ?? 0))],
    ['builtin `tools/call` ≥ 20 × the SDK peer', ratio(small, sdk), mark(small >= 20 * (sdk ?? 0))],
    ['JavaScript `tools/call` ≥ 0.2 × bare', ratio(rps('js'), bare), mark(rps('js') >= 0.2 * (bare ?? 0))],
    [
      '`tools/list` of 1,000 tools ≥ 0.25 × bare (first page)',
      ratio(rps('list-first'), bare),
      mark(rps('list-first') >= 0.25 * (bare ?? 0)),
    ],
    [
      '`tools/call` on the 1,000-tool server within 15% of the small server',
      `${((big / small - 1) * 100).toFixed(1)}%`,
      mark(big >= 0.85 * small),
    ],
    ['REST `tools/call` ≥ 0.4 × bare', ratio(rps('rest'), bare), mark(rps('rest') >= 0.4 * (bare ?? 0))],
    ['cold start ≤ 2.5 × Elysia hello-world', ratio(toolyard.ms, hello.ms), mark(toolyard.ms <= 2.5 * hello.ms)],
    [
      'idle RSS ≤ 2 × Elysia hello-world',
      ratio(toolyard.idleRss, hello.idleRss),
      mark(toolyard.idleRss <= 2 * hello.idleRss),
    ],
  ]

  return `# Benchmarks

Produced by \`npm run bench\` (\`bench/run.ts\`) on ${i.date}: ${i.machine}; the whole run took ${i.totalS} s.
Every target runs as its own process on loopback and is driven by \`wrk -t1 -c${i.connections} -d${i.seconds}s\`
(\`bench/post.lua\` POSTs the JSON-RPC bodies) after a 1 s warm-up; each row is the best of ${i.rounds} rounds (the
small-server and 1,004-tool-server calls are measured in alternating rounds, so they see the same load). wrk shares
the cores with the target, so compare rows of one run, not absolute numbers across machines.
Each scenario's answer is checked once before load
(a JSON-RPC result, not an error result). Toolyard is the compiled binary (\`bun build --compile\`), rate limits off,
API key in \`X-API-Key\`. The bare reference parses the body and answers a \`tools/call\` result with nothing else.
The SDK peer is \`@modelcontextprotocol/sdk\` \`McpServer\` + \`StreamableHTTPServerTransport\` on Node's http
server, stateless with JSON responses (its documented stateless pattern: a server and transport per request).

## Throughput and latency

${table}

## Memory and start

| Figure | Toolyard | Elysia hello-world (compiled) | ratio |
|---|---:|---:|---:|
| cold start to a 200 answer (best of 5) | ${toolyard.ms} ms | ${hello.ms} ms | ${ratio(toolyard.ms, hello.ms)} |
| idle RSS 1 s after start (median of 5) | ${toolyard.idleRss} MB | ${hello.idleRss} MB | ${ratio(toolyard.idleRss, hello.idleRss)} |
| peak RSS after the load scenarios above | ${i.peakRss} MB | | |
${i.catalogRss
  .map(
    (c) =>
      `| RSS with a further server of ${c.tools.toLocaleString('en')} tools listed and called (first \`tools/list\`: ${c.listMs} ms) | ${c.rss} MB | | |`,
  )
  .join('\n')}

## A JavaScript call, taken apart (\`bench/js-hop.ts\`, from source, no HTTP)

| Figure | |
|---|---:|
| one call through the worker pool (sequential) | ${i.jsHop.pooled_us} µs |
| the same call in QuickJS on the main thread (fresh runtime and context, prelude, module, call) | ${i.jsHop.in_thread_us} µs |
| bare main thread ↔ worker message round trip (the hop) | ${i.jsHop.round_trip_us} µs |
| calls per second through the pool, 32 in flight | ${i.jsHop.pool_rps} |

## Targets

| Target | This run | |
|---|---:|---|
${targets.map((t) => `| ${t.join(' | ')} |`).join('\n')}
`
}
