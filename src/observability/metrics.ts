// The Prometheus registry and Toolyard's metrics, built once per service in the composition root (no global registry).
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { CallEvent } from '../lib/call-observer'

export function createMetrics(sandboxDepth: () => number) {
  const registry = new Registry()
  // Process metrics (CPU, memory, open fds, event loop lag); the V8 heap ones read 0 under Bun.
  collectDefaultMetrics({ register: registry, prefix: 'toolyard_' })
  const registers = [registry]
  const httpRequests = new Counter({
    name: 'toolyard_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames: ['route', 'status'] as const,
    registers,
  })
  const toolCalls = new Counter({
    name: 'toolyard_tool_calls_total',
    help: 'Tool calls, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  })
  const toolDuration = new Histogram({
    name: 'toolyard_tool_call_duration_seconds',
    help: 'Tool call duration',
    buckets: [0.005, 0.025, 0.1, 0.25, 1, 2.5, 10, 60],
    registers,
  })
  const webhookDeliveries = new Counter({
    name: 'toolyard_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (delivered, pending = will retry, failed = gave up)',
    labelNames: ['outcome'] as const,
    registers,
  })
  const oauthRefreshes = new Counter({
    name: 'toolyard_oauth_refreshes_total',
    help: 'OAuth token refreshes, by outcome',
    labelNames: ['outcome'] as const,
    registers,
  })
  const rateLimited = new Counter({
    name: 'toolyard_rate_limited_total',
    help: 'Requests refused by a rate limit, by route group',
    labelNames: ['group'] as const,
    registers,
  })
  new Gauge({
    name: 'toolyard_sandbox_queue_depth',
    help: 'JavaScript function runs waiting for or running in a sandbox worker',
    registers,
    collect() {
      this.set(sandboxDepth())
    },
  })
  return {
    registry,
    httpRequest: (route: string, status: number) => httpRequests.inc({ route, status: String(status) }),
    call(event: CallEvent) {
      if (event.kind !== 'tool') return
      toolCalls.inc({ outcome: event.outcome })
      toolDuration.observe(event.durationMs / 1000)
    },
    webhookAttempt: (outcome: string) => webhookDeliveries.inc({ outcome }),
    oauthRefresh: (outcome: string) => oauthRefreshes.inc({ outcome }),
    rateLimited: (group: string) => rateLimited.inc({ group }),
  }
}
export type Metrics = ReturnType<typeof createMetrics>
