// The overview's numbers: calls, errors and p95 per bucket and per series, and the slow/failing tables.
import { expect, test } from 'bun:test'
import { type LoggedCall, overviewPage } from './overview'

const NOW = Date.parse('2026-01-01T12:00:00.000Z')
const call = (minutesAgo: number, name: string, ms: number, outcome = 'ok', server = 's1'): LoggedCall => ({
  server_id: server,
  kind: 'tool',
  name,
  outcome,
  duration_ms: ms,
  created_at: new Date(NOW - minutesAgo * 60_000).toISOString(),
})
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
const charts = (html: string) =>
  [...html.matchAll(/data-chart="([^"]*)"/g)].map((m) => JSON.parse(unescapeHtml(m[1]!))) as {
    title: string
    x: number[]
    series: { label: string; values: number[] }[]
  }[]

test('buckets the last hour in 12 five-minute steps, per server and per tool, with p95 and errors', () => {
  const calls = [
    ...Array.from({ length: 19 }, (_, i) => call(1, 'fast', 10 + i)),
    call(1, 'fast', 500),
    call(2, 'slow', 900, 'error'),
    call(30, 'slow', 800, 'ok', 's2'),
    call(90, 'old', 5), // outside the hour
    { ...call(1, 'read', 1), kind: 'resource' }, // not a tool call
  ]
  const page = overviewPage(calls, 'hour', NOW, (id) => (id === 's1' ? 'first' : 'second'), false).text
  const [perServer, errorsPerServer, p95PerServer, perTool, , p95PerTool] = charts(page)
  expect(perServer!.x).toHaveLength(12)
  expect(perServer!.series.map((s) => s.label)).toEqual(['first', 'second'])
  expect(perServer!.series[0]!.values.at(-1)).toBe(21)
  expect(perServer!.series[1]!.values[6]).toBe(1) // 30 min ago: the 7th bucket
  expect(errorsPerServer!.series[0]!.values.at(-1)).toBe(1)
  // 21 calls in the last bucket of "first": nearest-rank p95 is the 20th smallest, 500.
  expect(p95PerServer!.series[0]!.values.at(-1)).toBe(500)
  expect(perTool!.series.map((s) => s.label)).toEqual(['fast', 'slow'])
  expect(p95PerTool!.series[1]!.values.at(-1)).toBe(900)
  expect(page).toContain('<strong id="total-calls">22</strong>')
  // The slowest table lists "slow" first; the failing table has only it.
  expect(page.indexOf('<code>slow</code>')).toBeLessThan(page.indexOf('<code>fast</code>'))
  expect(page).not.toContain('<code>old</code>')
})

test('an empty range says so instead of drawing', () => {
  const page = overviewPage([], 'week', NOW, () => '—', false).text
  expect(charts(page)).toEqual([])
  expect(page).toContain('No calls in this range.')
})
