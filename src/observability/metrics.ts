// The Prometheus registry and Toolyard's metrics, built once per service in the composition root (no global registry).
// prom-client's parts are imported one by one: its index also loads the Pushgateway client (node:http, node:https,
// node:zlib) and cluster support, which cost start time and are never used (docs/decisions/0015-hot-path.md).
// prom-client itself is loaded at the first scrape, not at start: it loads node:util, ~7–10 ms of a compiled start, and
// nothing before a scrape needs it (docs/decisions/0036-hot-path-at-the-limit.md: cold start). Every figure is a plain
// count, handed to its metric when the registry is read.
import type { CallEvent } from '../lib/call-observer'
import { OTHER, topLabels } from './top-labels'

type Counts = Map<string, number>
const add = (counts: Counts, key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n)

/** The tool-call duration buckets (seconds). */
const DURATION_BUCKETS = [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 60] as const

/**
 * What one (server, tool) pair (or `other`) has had: calls by outcome and the durations' histogram, counted on the
 * request path as plain numbers — no label hashing or prom-client call per call — and read when the registry is
 * (docs/decisions/0402-builtin-call-pipeline.md).
 */
class PairStats {
  readonly counts = new Map<string, number>()
  /** Calls per bucket (not cumulative); a duration past the last bound is only in `count`. */
  readonly buckets = new Array<number>(DURATION_BUCKETS.length).fill(0)
  sum = 0
  count = 0
  constructor(readonly labels: { server: string; tool: string }) {}

  observe(seconds: number): void {
    this.sum += seconds
    this.count++
    for (let i = 0; i < DURATION_BUCKETS.length; i++)
      if (seconds <= DURATION_BUCKETS[i]!) {
        this.buckets[i]!++
        return
      }
  }

  /** Adds another pair's histogram (a pair no longer named ends in `other`; a histogram never goes down). */
  absorb(other: PairStats): void {
    this.sum += other.sum
    this.count += other.count
    for (let i = 0; i < this.buckets.length; i++) this.buckets[i]! += other.buckets[i]!
  }
}

const labelsOfPair = (pair: string) => {
  const i = pair.indexOf('\u0000')
  return i < 0 ? { server: OTHER, tool: OTHER } : { server: pair.slice(0, i), tool: pair.slice(i + 1) }
}

export function createMetrics(sandboxDepth: () => number) {
  // Counted per request in a plain map (no label hashing or validation on the hot path) and handed to the
  // counter when the registry is read; the totals only grow, so setting them then is the same counter.
  const httpCounts = new Map<string, Map<number, number>>()
  // Tool calls by server and tool: the pairs named are the most called (top-labels.ts), the rest `other`.
  const pairStats = new Map<string, PairStats>()
  const pairs = topLabels(200)
  const webhookCounts: Counts = new Map()
  let webhookDroppedCount = 0
  let callLogDroppedCount = 0
  const oauthRefreshCounts: Counts = new Map()
  const rateLimitedCounts: Counts = new Map()

  let built: ReturnType<typeof buildRegistry> | undefined
  const registryNow = () => {
    built ??= buildRegistry()
    return built
  }
  function buildRegistry() {
    const Counter = require('prom-client/lib/counter') as typeof import('prom-client/lib/counter')
    const Gauge = require('prom-client/lib/gauge') as typeof import('prom-client/lib/gauge')
    const Registry = require('prom-client/lib/registry') as typeof import('prom-client/lib/registry')
    const registry = new Registry()
    const registers = [registry]
    /** A counter whose values are the counts in `counts` (by its one label) when the registry is read. */
    const countedBy = (name: string, help: string, label: string, counts: Counts) =>
      new Counter({
        name,
        help,
        labelNames: [label],
        registers,
        collect() {
          this.reset()
          for (const [value, n] of counts) this.inc({ [label]: value }, n)
        },
      })
    new Counter({
      name: 'toolyard_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['route', 'status'],
      registers,
      collect() {
        this.reset()
        for (const [route, byStatus] of httpCounts)
          for (const [status, n] of byStatus) this.inc({ route, status: String(status) }, n)
      },
    })
    new Counter({
      name: 'toolyard_tool_calls_total',
      help: 'Tool calls, by outcome, server id and tool (the 200 most called pairs of this process; the rest "other")',
      labelNames: ['outcome', 'server', 'tool'],
      registers,
      collect() {
        this.reset()
        settleLabels()
        for (const stats of pairStats.values())
          for (const [outcome, n] of stats.counts) this.inc({ outcome, ...stats.labels }, n)
      },
    })
    registry.registerMetric(durationHistogram() as unknown as Parameters<typeof registry.registerMetric>[0])
    countedBy(
      'toolyard_webhook_deliveries_total',
      'Webhook delivery attempts, by outcome (delivered, pending = will retry, failed = gave up)',
      'outcome',
      webhookCounts,
    )
    new Counter({
      name: 'toolyard_webhook_deliveries_dropped_total',
      help: 'Webhook deliveries not written because their project already had TOOLYARD_WEBHOOK_PENDING_PER_PROJECT pending',
      registers,
      collect() {
        this.reset()
        if (webhookDroppedCount) this.inc(webhookDroppedCount)
      },
    })
    new Counter({
      name: 'toolyard_call_log_rows_dropped_total',
      help: 'Call log rows the database refused (each dropped alone; the rest of its batch is kept)',
      registers,
      collect() {
        this.reset()
        if (callLogDroppedCount) this.inc(callLogDroppedCount)
      },
    })
    countedBy('toolyard_oauth_refreshes_total', 'OAuth token refreshes, by outcome', 'outcome', oauthRefreshCounts)
    countedBy(
      'toolyard_rate_limited_total',
      'Requests refused by a rate limit, by route group',
      'group',
      rateLimitedCounts,
    )
    new Gauge({
      name: 'toolyard_sandbox_queue_depth',
      help: 'JavaScript function runs waiting for or running in a sandbox worker',
      registers,
      collect() {
        this.set(sandboxDepth())
      },
    })
    // Process metrics (CPU, memory, open fds, event loop lag; the V8 heap ones read 0 under Bun) are registered with
    // the first scrape too: reading V8 heap statistics and loading their modules would delay the first answer. CPU,
    // memory and fds are absolute readings; event loop lag and GC are observed from the first scrape on.
    const defaultMetrics = import('prom-client/lib/defaultMetrics').then(({ default: collectDefaultMetrics }) => {
      collectDefaultMetrics({ register: registry, prefix: 'toolyard_' })
    })
    return { registry, defaultMetrics }
  }
  /**
   * toolyard_tool_call_duration_seconds as prom-client's registry reads a histogram (cumulative `_bucket` series with
   * `le`, then `+Inf`, `_sum` and `_count`), made from the pairs' plain counts when it is read.
   */
  const durationHistogram = () => {
    const name = 'toolyard_tool_call_duration_seconds'
    const help =
      'Tool call duration, by server id and tool (the 200 most called pairs of this process; the rest "other")'
    return {
      name,
      help,
      type: 'histogram',
      aggregator: 'sum',
      reset() {},
      async get() {
        const values: {
          labels: Record<string, string | number>
          sharedLabels: object
          value: number
          metricName: string
        }[] = []
        for (const stats of pairStats.values()) {
          if (stats.count === 0) continue
          let acc = 0
          for (let i = 0; i < DURATION_BUCKETS.length; i++) {
            acc += stats.buckets[i]!
            values.push({
              labels: { le: DURATION_BUCKETS[i]! },
              sharedLabels: stats.labels,
              value: acc,
              metricName: `${name}_bucket`,
            })
          }
          values.push(
            { labels: { le: '+Inf' }, sharedLabels: stats.labels, value: stats.count, metricName: `${name}_bucket` },
            { labels: {}, sharedLabels: stats.labels, value: stats.sum, metricName: `${name}_sum` },
            { labels: {}, sharedLabels: stats.labels, value: stats.count, metricName: `${name}_count` },
          )
        }
        return { name, help, type: 'histogram', values, aggregator: 'sum' }
      },
    }
  }
  const statsOf = (pair: string): PairStats => {
    let stats = pairStats.get(pair)
    if (!stats) {
      stats = new PairStats(labelsOfPair(pair))
      pairStats.set(pair, stats)
    }
    return stats
  }
  /**
   * Chooses the named pairs again (the most called so far) and keeps the counts bounded: the series of a pair no
   * longer named ends (its calls from now on count as other, its durations join other's), so at most 200 pairs are
   * ever exported.
   */
  const settleLabels = () => {
    const named = pairs.refresh()
    for (const [pair, stats] of pairStats)
      if (pair !== OTHER && !named.has(pair)) {
        pairStats.delete(pair)
        if (stats.count) statsOf(OTHER).absorb(stats)
      }
  }

  return {
    /** The Prometheus text of every metric, and its content type. */
    async scrape() {
      const { registry, defaultMetrics } = registryNow()
      await defaultMetrics
      return { text: await registry.metrics(), contentType: registry.contentType }
    },
    httpRequest(route: string, status: number) {
      let byStatus = httpCounts.get(route)
      if (!byStatus) {
        byStatus = new Map()
        httpCounts.set(route, byStatus)
      }
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
    },
    call(event: CallEvent) {
      if (event.kind !== 'tool') return
      const key = `${event.serverId ?? 'none'}\u0000${event.name}`
      const stats = statsOf(pairs.hit(key) ? key : OTHER)
      stats.counts.set(event.outcome, (stats.counts.get(event.outcome) ?? 0) + 1)
      stats.observe(event.durationMs / 1000)
    },
    webhookAttempt: (outcome: string) => void add(webhookCounts, outcome),
    webhookDropped: (n: number) => {
      webhookDroppedCount += n
    },
    callLogDropped: (n: number) => {
      callLogDroppedCount += n
    },
    oauthRefresh: (outcome: string) => void add(oauthRefreshCounts, outcome),
    rateLimited: (group: string) => void add(rateLimitedCounts, group),
  }
}
export type Metrics = ReturnType<typeof createMetrics>
