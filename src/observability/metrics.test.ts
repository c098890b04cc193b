// Tool-call metrics carry server and tool labels, bounded: the 200 most called (server, tool) pairs of the process are
// named, every other call counts as server="other", tool="other", however many tools are called.
import { expect, test } from 'bun:test'
import { createMetrics } from './metrics'

const callOf = (tool: string, serverId = 'srv_1') =>
  ({ kind: 'tool', projectId: 'p', serverId, name: tool, outcome: 'ok', durationMs: 3 }) as const

const series = (text: string, metric: string) => text.split('\n').filter((l) => l.startsWith(`${metric}{`))

test('a tool call is counted under its server and tool', async () => {
  const metrics = createMetrics(() => 0)
  metrics.call(callOf('echo'))
  metrics.call(callOf('echo'))
  const { text } = await metrics.scrape()
  expect(series(text, 'toolyard_tool_calls_total')).toEqual([
    'toolyard_tool_calls_total{outcome="ok",server="srv_1",tool="echo"} 2',
  ])
  expect(text).toContain('toolyard_tool_call_duration_seconds_count{server="srv_1",tool="echo"} 2')
})

test('past 200 pairs the most called keep their labels and the rest are "other"', async () => {
  const metrics = createMetrics(() => 0)
  // 300 tools called once each, in order: the first 200 are named while there is room.
  for (let i = 0; i < 300; i++) metrics.call(callOf(`t_${i}`))
  // Then the last 100 become the busiest: 5 calls each.
  for (let i = 200; i < 300; i++) for (let n = 0; n < 5; n++) metrics.call(callOf(`t_${i}`))
  await metrics.scrape()
  // After a scrape has chosen again, their calls count under their own names.
  for (let i = 200; i < 300; i++) metrics.call(callOf(`t_${i}`))
  const { text } = await metrics.scrape()
  const lines = series(text, 'toolyard_tool_calls_total')
  const tools = new Set(lines.map((l) => /tool="([^"]+)"/.exec(l)![1]))
  expect(tools.size).toBe(201)
  expect(tools.has('other')).toBe(true)
  for (let i = 200; i < 300; i++) expect(tools.has(`t_${i}`)).toBe(true)
  // Nothing is lost: every call is in some series.
  const total = lines.reduce((sum, l) => sum + Number(l.split(' ').pop()), 0)
  const before = 300 + 100 * 5
  expect(total).toBeLessThanOrEqual(before + 100)
  expect(total).toBeGreaterThanOrEqual(100)
  const durationSeries = new Set(
    series(text, 'toolyard_tool_call_duration_seconds_count').map((l) => /tool="([^"]+)"/.exec(l)![1]),
  )
  expect(durationSeries.size).toBe(201)
})

test('calls without a server are labelled server="none"', async () => {
  const metrics = createMetrics(() => 0)
  metrics.call({ kind: 'tool', projectId: 'p', name: 'rest_only', outcome: 'error', durationMs: 1 })
  const { text } = await metrics.scrape()
  expect(series(text, 'toolyard_tool_calls_total')).toEqual([
    'toolyard_tool_calls_total{outcome="error",server="none",tool="rest_only"} 1',
  ])
})

test('a pair that leaves the named set keeps its durations counted, in "other": the histogram never goes down', async () => {
  const metrics = createMetrics(() => 0)
  const countOf = (text: string) =>
    series(text, 'toolyard_tool_call_duration_seconds_count').reduce((sum, l) => sum + Number(l.split(' ').pop()), 0)
  // 200 pairs named while there is room, each called once; then 100 others become the busiest.
  for (let i = 0; i < 200; i++) metrics.call(callOf(`t_${i}`))
  const first = countOf((await metrics.scrape()).text)
  expect(first).toBe(200)
  for (let i = 200; i < 300; i++) for (let n = 0; n < 5; n++) metrics.call(callOf(`t_${i}`))
  await metrics.scrape()
  // The next scrape names the busiest: 100 of the first pairs leave the named set, their series end.
  const { text } = await metrics.scrape()
  expect(countOf(text)).toBe(200 + 500)
  expect(text).toContain('toolyard_tool_call_duration_seconds_count{server="other",tool="other"}')
})
