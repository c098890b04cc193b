// OpenTelemetry traces (docs/decisions/0351-opentelemetry-traces.md): spans for the request, each tool call and each
// upstream call, W3C trace context taken from HTTP headers and `params._meta` and passed on to upstreams, exported over
// OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT. Off unless an endpoint is set, and then free: every call site asks
// `tracingOn()` (one boolean) before touching anything here, and the OpenTelemetry packages are not even loaded.
// The active span travels in an AsyncLocalStorage (what OpenTelemetry's own context managers use), so the egress client
// and the function runner find their parent without it being threaded through every signature.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api'

type Api = typeof import('@opentelemetry/api')

interface Loaded {
  api: Api
  tracer: Tracer
  propagator: import('@opentelemetry/core').W3CTraceContextPropagator
  shutdown(): Promise<void>
}

let loaded: Loaded | undefined
/** Apps in this process that turned tracing on (tests run several; the first one loads, the last one stops). */
let users = 0
let on = false
const active = new AsyncLocalStorage<Context>()

/** Whether spans are made: the one check every call site makes first. */
export const tracingOn = (): boolean => on

export interface TracingSettings {
  /** Where spans go: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, else OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces. */
  tracesUrl?: string
  serviceName: string
  version: string
}

/** Loads the SDK and starts exporting (once per process); resolves to a stop that flushes what is pending. */
export async function startTracing(settings: TracingSettings): Promise<() => Promise<void>> {
  if (!settings.tracesUrl) return async () => {}
  users++
  if (!loaded) {
    const [api, core, sdk, exporter, resources] = await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
    ])
    const provider = new sdk.BasicTracerProvider({
      resource: resources.resourceFromAttributes({
        'service.name': settings.serviceName,
        'service.version': settings.version,
      }),
      spanProcessors: [
        new sdk.BatchSpanProcessor(new exporter.OTLPTraceExporter({ url: settings.tracesUrl }), {
          scheduledDelayMillis: 500,
        }),
      ],
    })
    loaded = {
      api,
      tracer: provider.getTracer('toolyard', settings.version),
      propagator: new core.W3CTraceContextPropagator(),
      shutdown: () => provider.shutdown(),
    }
  }
  on = true
  let stopped = false
  return async () => {
    if (stopped) return
    stopped = true
    if (--users > 0) return
    on = false
    const l = loaded
    loaded = undefined
    await l?.shutdown()
  }
}

/** Runs `fn` with `parent` (a caller's context from `params._meta`) as the active context; `fn` alone without one. */
export function withParent<T>(parent: Context | undefined, fn: () => T): T {
  return parent ? active.run(parent, fn) : fn()
}

type Carrier = Record<string, unknown>
const getter = {
  keys: (c: Carrier) => Object.keys(c),
  get: (c: Carrier, key: string) => {
    const v = c[key] ?? c[key.toLowerCase()]
    return typeof v === 'string' ? v : undefined
  },
}

/** The caller's trace context: `params._meta` (the MCP convention) first, else the HTTP headers; undefined if none. */
export function remoteParent(headers?: Headers, meta?: unknown): Context | undefined {
  const l = loaded
  if (!l) return undefined
  const { api, propagator } = l
  const fromMeta =
    meta && typeof meta === 'object' && typeof (meta as Carrier).traceparent === 'string'
      ? (meta as Carrier)
      : undefined
  const carrier: Carrier | undefined =
    fromMeta ??
    (headers?.get('traceparent')
      ? { traceparent: headers.get('traceparent'), tracestate: headers.get('tracestate') ?? undefined }
      : undefined)
  if (!carrier) return undefined
  const ctx = propagator.extract(api.ROOT_CONTEXT, carrier, getter)
  return api.trace.getSpanContext(ctx) ? ctx : undefined
}

export type SpanKindName = 'server' | 'client' | 'internal'

/**
 * Runs `fn` in a new span, child of `parent` (a caller's context) or else of the active span; the span ends when `fn`
 * settles, an error (thrown, or what `failed` says of the value) marking it failed. Call only when `tracingOn()`.
 */
export async function inSpan<T>(
  name: string,
  kind: SpanKindName,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  parent?: Context,
  failed?: (value: T) => string | undefined,
): Promise<T> {
  const l = loaded
  if (!l) return fn(undefined as never)
  const { api, tracer } = l
  const base = parent ?? active.getStore() ?? api.ROOT_CONTEXT
  const spanKind =
    kind === 'server' ? api.SpanKind.SERVER : kind === 'client' ? api.SpanKind.CLIENT : api.SpanKind.INTERNAL
  const span = tracer.startSpan(name, { kind: spanKind, attributes }, base)
  try {
    const value = await active.run(api.trace.setSpan(base, span), () => fn(span))
    const why = failed?.(value)
    if (why) {
      span.setStatus({ code: api.SpanStatusCode.ERROR, message: why })
      span.setAttribute('error.type', 'tool_error')
    }
    return value
  } catch (error) {
    span.recordException(error as Error)
    span.setStatus({ code: api.SpanStatusCode.ERROR, message: String((error as Error)?.message ?? error) })
    span.setAttribute('error.type', (error as Error)?.name ?? 'Error')
    throw error
  } finally {
    span.end()
  }
}

/** The active span's context as W3C fields (`traceparent`, `tracestate`), for an upstream's headers or `_meta`. */
export function traceFields(): Record<string, string> | undefined {
  const l = loaded
  const ctx = active.getStore()
  if (!l || !ctx) return undefined
  const out: Record<string, string> = {}
  l.propagator.inject(ctx, out, {
    set: (c: Record<string, string>, k: string, v: string) => {
      c[k] = v
    },
  })
  return out.traceparent ? out : undefined
}
