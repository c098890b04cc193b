// The Prometheus registry and Toolyard's metrics, built once per service in the composition root (no global registry).
// prom-client's parts are imported one by one: its index also loads the Pushgateway client (node:http, node:https,
// node:zlib) and cluster support, which cost start time and are never used (docs/decisions/0015-hot-path.md).
// prom-client itself is loaded at the first scrape (or once PENDING_DURATIONS durations wait), not at start: it loads
// node:util, ~7–10 ms of a compiled start, and nothing before a scrape needs it (docs/decisions/0036-hot-path-at-the-limit.md: cold start). Until then every figure is a plain count, handed to its metric when the registry is read.
import type { CallEvent } from '../lib/call-observer'
import { OTHER, topLabels } from './top-labels'

type Counts = Map<string, number>
const add = (counts: Counts, key: string, n = 1) => counts.set(key, (counts.get(key) ?? 0) + n)

/**
 * Durations are kept as numbers and observed when the registry is read (or once this many wait): on the request path
 * a call costs an array push, not prom-client's label lookup and bucket walk (docs/decisions/0036-hot-path-at-the-limit.md).
 */
const PENDING_DURATIONS = 4096

export function createMetrics(sandboxDepth: () => number) {
  // Counted per request in a plain map (no label hashing or validation on the hot path) and handed to the
  // counter when the registry is read; the totals only grow, so setting them then is the same counter.
  const httpCounts = new Map<string, Map<number, number>>()
  // Tool calls by outcome, server and tool: the pairs named are the most called (top-labels.ts), the rest `other`.
  const toolCallCounts: Counts = new Map()
  const pairs = topLabels(200)
  /** The label key of a call: `outcome\0server\0tool`, or `outcome\0other\0other` for a pair not named. */
  const labelsOf = new Map<string, { server: string; tool: string }>()
  const webhookCounts: Counts = new Map()
  let webhookDroppedCount = 0
  let callLogDroppedCount = 0
  const oauthRefreshCounts: Counts = new Map()
  const rateLimitedCounts: Counts = new Map()
  /** Durations waiting to be observed, each beside its pair key (or OTHER). */
  let pendingDurations: (number | string)[] = []

  let built: ReturnType<typeof buildRegistry> | undefined
  const registryNow = () => {
    built ??= buildRegistry()
    return built
  }
  function buildRegistry() {
    const Counter = require('prom-client/lib/counter') as typeof import('prom-client/lib/counter')
    const Gauge = require('prom-client/lib/gauge') as typeof import('prom-client/lib/gauge')
    const Histogram = require('prom-client/lib/histogram') as typeof import('prom-client/lib/histogram')
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
        for (const [key, n] of toolCallCounts) {
          const [outcome, pair] = splitOutcome(key)
          this.inc({ outcome, ...pairLabels(pair) }, n)
        }
      },
    })
    const toolDuration = new Histogram({
      name: 'toolyard_tool_call_duration_seconds',
      help: 'Tool call duration, by server id and tool (the 200 most called pairs of this process; the rest "other")',
      labelNames: ['server', 'tool'],
      buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 60],
      registers,
      collect: () => observePending(),
    })
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
    return { registry, toolDuration, defaultMetrics }
  }
  const observePending = () => {
    const pending = pendingDurations
    pendingDurations = []
    const { toolDuration } = registryNow()
    for (let i = 0; i < pending.length; i += 2) {
      const pair = pending[i + 1] as string
      toolDuration.observe(pairLabels(pair === OTHER || labelsOf.has(pair) ? pair : OTHER), pending[i] as number)
    }
  }
  const splitOutcome = (key: string): [string, string] => {
    const i = key.indexOf('\u0000')
    return [key.slice(0, i), key.slice(i + 1)]
  }
  const pairLabels = (pair: string) => {
    let labels = labelsOf.get(pair)
    if (!labels) {
      const i = pair.indexOf('\u0000')
      labels = i < 0 ? { server: OTHER, tool: OTHER } : { server: pair.slice(0, i), tool: pair.slice(i + 1) }
      labelsOf.set(pair, labels)
    }
    return labels
  }
  /**
   * Chooses the named pairs again (the most called so far) and keeps the counts bounded: the series of a pair no
   * longer named ends (its calls from now on count as other), so at most 200 pairs per outcome are ever exported.
   */
  const settleLabels = () => {
    const named = pairs.refresh()
    for (const key of toolCallCounts.keys()) {
      const [, pair] = splitOutcome(key)
      if (pair !== OTHER && !named.has(pair)) toolCallCounts.delete(key)
    }
    for (const [pair, labels] of labelsOf)
      if (pair !== OTHER && !named.has(pair)) {
        labelsOf.delete(pair)
        built?.toolDuration.remove(labels)
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
      const pair = pairs.hit(key) ? key : OTHER
      if (pair !== OTHER) pairLabels(pair)
      add(toolCallCounts, `${event.outcome}\u0000${pair}`)
      pendingDurations.push(event.durationMs / 1000, pair)
      if (pendingDurations.length >= PENDING_DURATIONS * 2) observePending()
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
