// The Prometheus registry and Toolyard's metrics, built once per service in the composition root (no global registry).
// prom-client's parts are imported one by one: its index also loads the Pushgateway client (node:http, node:https,
// node:zlib) and cluster support, which cost start time and are never used (docs/decisions.md, "Hot path").
import Counter from 'prom-client/lib/counter'
import Gauge from 'prom-client/lib/gauge'
import Histogram from 'prom-client/lib/histogram'
import Registry from 'prom-client/lib/registry'
import type { CallEvent } from '../lib/call-observer'

export function createMetrics(sandboxDepth: () => number) {
  const registry = new Registry()
  // Process metrics (CPU, memory, open fds, event loop lag; the V8 heap ones read 0 under Bun) are registered on the
  // first scrape, not at start: reading V8 heap statistics and loading their modules would delay the first answer.
  // CPU, memory and fds are absolute readings; event loop lag and GC are observed from the first scrape on.
  let defaultMetrics: Promise<void> | undefined
  const withDefaultMetrics = () =>
    (defaultMetrics ??= import('prom-client/lib/defaultMetrics').then(({ default: collectDefaultMetrics }) => {
      collectDefaultMetrics({ register: registry, prefix: 'toolyard_' })
    }))
  const registers = [registry]
  const counter = <L extends string>(name: string, help: string, ...labelNames: L[]) =>
    new Counter({ name, help, labelNames, registers })
  // Counted per request in a plain map (no label hashing or validation on the hot path) and handed to the
  // counter when the registry is read; the totals only grow, so setting them then is the same counter.
  const httpCounts = new Map<string, Map<number, number>>()
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
  const toolCallCounts = new Map<string, number>()
  new Counter({
    name: 'toolyard_tool_calls_total',
    help: 'Tool calls, by outcome',
    labelNames: ['outcome'],
    registers,
    collect() {
      this.reset()
      for (const [outcome, n] of toolCallCounts) this.inc({ outcome }, n)
    },
  })
  // Durations are kept as numbers and observed when the registry is read (or once this many wait): on the request
  // path a call costs an array push, not prom-client's label lookup and bucket walk (docs/decisions.md, "Hot path at
  // the limit").
  const PENDING_DURATIONS = 4096
  let pendingDurations: number[] = []
  const observePending = () => {
    const pending = pendingDurations
    pendingDurations = []
    for (const seconds of pending) toolDuration.observe(seconds)
  }
  const toolDuration = new Histogram({
    name: 'toolyard_tool_call_duration_seconds',
    help: 'Tool call duration',
    buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 60],
    registers,
    collect: observePending,
  })
  const webhookDeliveries = counter(
    'toolyard_webhook_deliveries_total',
    'Webhook delivery attempts, by outcome (delivered, pending = will retry, failed = gave up)',
    'outcome',
  )
  const webhookDropped = counter(
    'toolyard_webhook_deliveries_dropped_total',
    'Webhook deliveries not written because their project already had TOOLYARD_WEBHOOK_PENDING_PER_PROJECT pending',
  )
  const oauthRefreshes = counter('toolyard_oauth_refreshes_total', 'OAuth token refreshes, by outcome', 'outcome')
  const rateLimited = counter(
    'toolyard_rate_limited_total',
    'Requests refused by a rate limit, by route group',
    'group',
  )
  new Gauge({
    name: 'toolyard_sandbox_queue_depth',
    help: 'JavaScript function runs waiting for or running in a sandbox worker',
    registers,
    collect() {
      this.set(sandboxDepth())
    },
  })
  return {
    /** The Prometheus text of every metric, and its content type. */
    async scrape() {
      await withDefaultMetrics()
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
      toolCallCounts.set(event.outcome, (toolCallCounts.get(event.outcome) ?? 0) + 1)
      if (pendingDurations.push(event.durationMs / 1000) >= PENDING_DURATIONS) observePending()
    },
    webhookAttempt: (outcome: string) => webhookDeliveries.inc({ outcome }),
    webhookDropped: (n: number) => webhookDropped.inc(n),
    oauthRefresh: (outcome: string) => oauthRefreshes.inc({ outcome }),
    rateLimited: (group: string) => rateLimited.inc({ group }),
  }
}
export type Metrics = ReturnType<typeof createMetrics>
