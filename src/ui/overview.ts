// The overview: calls, errors and p95 latency over time per server and per tool, and the slowest and most failing
// tools, all computed from the call log (GET /calls, newest first) for the last hour, day or week.
import { type Html, html, table } from './html'

export type Range = 'hour' | 'day' | 'week'
export interface LoggedCall {
  server_id: string | null
  kind: string
  name: string
  outcome: string
  duration_ms: number
  created_at: string
}

/** The server column of a call made without one: REST /tools/call without server_id, /functions/{id}/invoke. */
export const NO_SERVER = 'no server (REST)'

const HOUR = 3_600_000
/** Window and bucket width per range: 12 × 5 min, 24 × 1 h, 28 × 6 h. */
export const RANGES: Record<Range, { span: number; bucket: number; label: string }> = {
  hour: { span: HOUR, bucket: HOUR / 12, label: 'Last hour' },
  day: { span: 24 * HOUR, bucket: HOUR, label: 'Last day' },
  week: { span: 7 * 24 * HOUR, bucket: 6 * HOUR, label: 'Last week' },
}
/** Series drawn per chart at most (the busiest); the rest are summed into "other" for counts. */
const MAX_SERIES = 6

function p95(values: number[]): number {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)]!
}

const failed = (c: LoggedCall) => c.outcome !== 'ok'

interface Chart {
  title: string
  unit: string
  x: number[]
  series: { label: string; values: number[] }[]
}

/** One chart: the calls grouped by `key`, bucketed by time, each bucket measured by `measure`. */
function chart(
  title: string,
  unit: string,
  calls: LoggedCall[],
  key: (c: LoggedCall) => string,
  measure: (bucket: LoggedCall[]) => number,
  start: number,
  bucket: number,
  count: number,
): Chart {
  const groups = new Map<string, LoggedCall[][]>()
  for (const c of calls) {
    const i = Math.floor((Date.parse(c.created_at) - start) / bucket)
    if (i < 0 || i >= count) continue
    const k = key(c)
    const buckets = groups.get(k) ?? Array.from({ length: count }, (): LoggedCall[] => [])
    groups.set(k, buckets)
    buckets[i]!.push(c)
  }
  const busiest = [...groups.entries()].sort((a, b) => b[1].flat().length - a[1].flat().length).slice(0, MAX_SERIES)
  return {
    title,
    unit,
    x: Array.from({ length: count }, (_, i) => Math.round((start + (i + 1) * bucket) / 1000)),
    series: busiest.map(([label, buckets]) => ({ label, values: buckets.map(measure) })),
  }
}

const chartBox = (c: Chart) =>
  html`<div class="card chart-card"><h3>${c.title}</h3>${
    c.series.length
      ? html`<div class="chart" data-chart="${JSON.stringify(c)}"></div>`
      : html`<p class="muted">No calls in this range.</p>`
  }</div>`

interface ToolStat {
  name: string
  server: string
  calls: number
  errors: number
  p95: number
}

function toolStats(calls: LoggedCall[], serverName: (id: string | null) => string): ToolStat[] {
  const by = new Map<string, LoggedCall[]>()
  for (const c of calls) {
    const k = `${c.server_id ?? ''}\u0000${c.name}`
    by.set(k, [...(by.get(k) ?? []), c])
  }
  return [...by.values()].map((list) => ({
    name: list[0]!.name,
    server: serverName(list[0]!.server_id),
    calls: list.length,
    errors: list.filter(failed).length,
    p95: p95(list.map((c) => c.duration_ms)),
  }))
}

export function overviewPage(
  all: LoggedCall[],
  range: Range,
  now: number,
  serverName: (id: string | null) => string,
  truncated: boolean,
): Html {
  const { span, bucket, label } = RANGES[range]
  const count = Math.round(span / bucket)
  const start = now - count * bucket
  const calls = all.filter((c) => c.kind === 'tool' && Date.parse(c.created_at) >= start)
  const byServer = (c: LoggedCall) => serverName(c.server_id)
  const byTool = (c: LoggedCall) => c.name
  const n = (b: LoggedCall[]) => b.length
  const errors = (b: LoggedCall[]) => b.filter(failed).length
  const latency = (b: LoggedCall[]) => p95(b.map((c) => c.duration_ms))
  const charts = [
    chart('Calls per server', 'calls', calls, byServer, n, start, bucket, count),
    chart('Errors per server', 'errors', calls, byServer, errors, start, bucket, count),
    chart('p95 latency per server', 'ms', calls, byServer, latency, start, bucket, count),
    chart('Calls per tool', 'calls', calls, byTool, n, start, bucket, count),
    chart('Errors per tool', 'errors', calls, byTool, errors, start, bucket, count),
    chart('p95 latency per tool', 'ms', calls, byTool, latency, start, bucket, count),
  ]
  const stats = toolStats(calls, serverName)
  const slowest = [...stats].sort((a, b) => b.p95 - a.p95).slice(0, 10)
  const failing = stats
    .filter((s) => s.errors)
    .sort((a, b) => b.errors / b.calls - a.errors / a.calls || b.errors - a.errors)
    .slice(0, 10)
  const toolColumns: [string, (s: ToolStat) => unknown][] = [
    ['Tool', (s) => html`<code>${s.name}</code>`],
    ['Server', (s) => s.server],
    ['Calls', (s) => s.calls],
    ['Errors', (s) => s.errors],
    ['Error rate', (s) => `${Math.round((100 * s.errors) / s.calls)} %`],
    ['p95 ms', (s) => s.p95],
  ]
  const total = calls.length
  const totalErrors = calls.filter(failed).length
  return html`
  <nav class="ranges">${(Object.keys(RANGES) as Range[]).map(
    (r) => html`<a href="/mcp/ui/overview?range=${r}" class="${r === range ? 'on' : ''}">${RANGES[r].label}</a>`,
  )}</nav>
  <div class="stats"><div class="card stat"><strong id="total-calls">${total}</strong> tool calls</div>
    <div class="card stat"><strong>${totalErrors}</strong> failed</div>
    <div class="card stat"><strong>${p95(calls.map((c) => c.duration_ms))}</strong> ms p95</div></div>
  ${truncated ? html`<p class="muted">Drawn from the newest calls only (the range holds more than the overview reads).</p>` : html``}
  <p class="muted">${label}, in buckets of ${bucket / 60_000} min.</p>
  <div class="charts">${charts.map(chartBox)}</div>
  <h2>Slowest tools</h2>${table(slowest, toolColumns, 'No tool calls in this range.')}
  <h2>Most failing tools</h2>${table(failing, toolColumns, 'No failed tool calls in this range.')}`
}
