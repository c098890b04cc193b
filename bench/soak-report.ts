// The "Memory per call" section of docs/benchmarks.md: `npm run test:load` (test-load/soak.load.test.ts) run by the bench
// as a child, its figures read from the `SOAK_FIGURES` line it prints last, beside the figures of the code before
// finished calls stopped holding their abort signals (docs/decisions/0151-remote-calls-hold-no-memory.md).
import { cpus } from 'node:os'
import type { CallKind } from '../test-load/soak'
import type { SoakRun } from './soak'

const LABELS: Record<CallKind, string> = {
  builtin: 'pre-built `echo`',
  javascript: 'JavaScript function (QuickJS sandbox)',
  remote: 'remote MCP tool, proxied (SDK upstream, Streamable HTTP)',
  openapi: 'OpenAPI operation (`GET /items/{id}`)',
  http: 'HTTP template function (`GET /items/{{args.id}}`)',
}

/**
 * The same soak on the code before the change, on this machine while other sessions loaded it (100,000 calls a kind
 * after the warm-up): calls per second, and RSS and heap growth per million calls (MB).
 */
export const BEFORE_SOAK: Record<CallKind, { callsPerSecond: number; rssPerMillion: number; heapPerMillion: number }> =
  {
    builtin: { callsPerSecond: 4134, rssPerMillion: -15.8, heapPerMillion: -58.0 },
    javascript: { callsPerSecond: 2506, rssPerMillion: -426.5, heapPerMillion: -32.7 },
    remote: { callsPerSecond: 503, rssPerMillion: 9382.5, heapPerMillion: 5610.6 },
    openapi: { callsPerSecond: 2091, rssPerMillion: -99.9, heapPerMillion: -102.3 },
    http: { callsPerSecond: 1874, rssPerMillion: -28.1, heapPerMillion: -7.4 },
  }

const MB = 1024 * 1024
const mb = (bytes: number) => (bytes / MB).toFixed(1)
const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}`

export function soakSection({ figures, inFlight, loadAverage }: SoakRun): string {
  const rows = figures.map((f) => {
    const before = BEFORE_SOAK[f.kind]
    return `| ${LABELS[f.kind]} | ${f.calls.toLocaleString('en')} | ${f.callsPerSecond.toLocaleString('en')} | ${mb(f.rssWarm)} → ${mb(f.rssEnd)} MB | ${signed(f.rssPerMillion / MB)} MB | ${signed(f.heapPerMillion / MB)} MB | ${before.callsPerSecond.toLocaleString('en')} | ${signed(before.rssPerMillion)} MB | ${signed(before.heapPerMillion)} MB |`
  })
  return `## Memory per call (\`npm run test:load\`, \`test-load/soak.load.test.ts\`)

Each call kind through a Toolyard app in the soak's own process (SQLite, call log on, rate limits off), over real HTTP
on loopback with ${inFlight} calls in flight, against upstreams in a child process (the MCP SDK's \`McpServer\` on
Streamable HTTP for the remote tool, a plain \`Bun.serve\` JSON API for OpenAPI and HTTP templates), so their memory is
not counted. 10,000 warm-up calls, then RSS and heap after a full GC (the least of three readings, the allocator's
default purge), then the calls counted below; "per million" is the growth from the warm-up to the end, extrapolated
linearly to 1,000,000 calls when fewer ran. \`npm run test:load\` fails when that is over 50 MB for any kind. The
machine was shared with other sessions and loaded while this ran (1-minute load average ${loadAverage.toFixed(1)} on its
${cpus().length} cores as the soak ended): compare growth, not throughput across runs. Before:
the same soak on the code before finished calls stopped holding their abort signals
(docs/decisions/0151-remote-calls-hold-no-memory.md), 100,000 calls a kind.

| Call kind | calls | calls/s | RSS after warm-up → end | RSS per million | heap per million | before: calls/s | before: RSS per million | before: heap per million |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

A negative growth is memory the warm-up still held when it was read (connections, caches and the sandbox's first
compilations settling), not a call giving memory back; what matters is that no kind grows with the calls.
`
}

export const START = '<!-- soak:start -->'
export const END = '<!-- soak:end -->'
/** The section between its markers, so BENCH_ONLY=soak can replace it in place. */
export const markedSoakSection = (run: SoakRun) => `${START}\n${soakSection(run)}${END}\n`
