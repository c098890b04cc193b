// Starting and stopping the HTTP service: listen, first-start key, graceful shutdown.

import { createApp, listen } from './app'
import type { Config } from './config'
import { buildDeps, type Deps, type DepsOverrides } from './deps'
import { AppError } from './lib/errors'
import { startTracing } from './lib/tracing'
import { bridgeInstances } from './mcp/instance-bridge'
import { openStorage } from './storage'
import { VERSION } from './version'

export interface RunningServer {
  deps: Deps
  port: number
  /** Origin the service is reachable at, e.g. http://127.0.0.1:8080 (base path /mcp not included). */
  origin: string
  stop(): Promise<void>
}

/**
 * On an empty database: create project `default` with an admin key (for the REST API) and an `mcp` key (for MCP
 * clients: it cannot change anything), and return the text to print once.
 */
export async function firstStartBanner(deps: Deps): Promise<string | null> {
  if (!(await deps.projects.isEmpty())) return null
  // Instances sharing one PostgreSQL may start together: the one that creates `default` prints the keys.
  const project = await deps.projects.createProject('default').catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'conflict') return null
    throw e
  })
  if (!project) return null
  const { apiKey } = await deps.projects.createKey(project.id, { name: 'first-start' })
  const { apiKey: mcpKey } = await deps.projects.createKey(project.id, { name: 'first-start mcp', role: 'mcp' })
  const config = {
    mcpServers: {
      toolyard: {
        command: 'npx',
        args: ['-y', 'mcp-remote', `${deps.urls.get()}/mcp/<server-slug>`, '--header', 'X-API-Key:${TOOLYARD_API_KEY}'],
        env: { TOOLYARD_API_KEY: mcpKey },
      },
    },
  }
  return [
    'First start: created project "default" and two API keys (shown once, store them now).',
    '',
    'Admin key (the REST API: servers, tools, credentials, keys; and the dashboard):',
    `  ${apiKey}`,
    `  Sign in to the dashboard with it: ${deps.urls.get()}/mcp/ui`,
    '',
    'MCP key (only for MCP clients: calls tools, reads resources and prompts, changes nothing):',
    `  ${mcpKey}`,
    '',
    'Create a server:',
    `  curl -s -X POST ${deps.urls.get()}/mcp/servers -H "X-API-Key: ${apiKey}" -H "Content-Type: application/json" -d '{"name":"my tools"}'`,
    '',
    'MCP client config (replace <server-slug> with the slug returned above):',
    JSON.stringify(config, null, 2),
    '',
  ].join('\n')
}

export async function startServer(
  config: Config,
  overrides: DepsOverrides & { quiet?: boolean } = {},
): Promise<RunningServer> {
  // PostgreSQL (TOOLYARD_DATABASE_URL) is opened here, before anything is built: migrations and the master key check.
  const storage = overrides.storage ?? (await openStorage(config))
  const deps = buildDeps(config, { ...overrides, storage })
  // OpenTelemetry (OTEL_EXPORTER_OTLP_ENDPOINT): the SDK is loaded only when an endpoint is set.
  const stopTracing = await startTracing({
    ...(config.otelTracesUrl ? { tracesUrl: config.otelTracesUrl } : {}),
    serviceName: config.otelServiceName,
    version: VERSION,
  })
  // PostgreSQL mode: protocol events and session changes reach the streams held here from every other instance.
  const bridge = storage.peers
    ? await bridgeInstances({
        events: deps.events,
        sessions: deps.mcpSessions,
        tasks: deps.mcpTasks,
        channel: storage.peers,
        log: deps.log,
      })
    : undefined
  const app = createApp(deps)
  // idleTimeout 0 would disable Bun's timer entirely; 255 s is the maximum and streams also send keep-alives.
  // reusePort off: a second server on a busy port must fail (EADDRINUSE), not silently share the requests.
  // Bun's own body cap would answer an empty 413 before the app sees the request; the app enforces
  // TOOLYARD_MAX_BODY_BYTES itself (Content-Length, then while streaming), so Bun's is set out of the way.
  // Every request enters through the app's one entry (src/app.ts `listen`).
  listen(app, {
    hostname: config.host,
    port: config.port,
    idleTimeout: 255,
    reusePort: false,
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
  })
  const port = app.server!.port!
  // A wildcard bind is reached through loopback from this machine.
  const reachable = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '::1' : config.host
  const origin = `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`
  // The default public URL carries the configured port; with port 0 only the chosen port makes it usable.
  if (new URL(config.publicUrl).port === '0') deps.urls.set(origin)
  deps.log.info('listening', { url: `${deps.urls.get()}/mcp`, port })
  let stopping: Promise<void> | null = null
  return {
    deps,
    port,
    origin,
    stop() {
      // Stop accepting (the listening socket closes: a new connection is refused), let in-flight requests finish for
      // at most TOOLYARD_SHUTDOWN_GRACE_S, then close the database.
      stopping ??= (async () => {
        const server = app.server
        const graceMs = config.shutdownGraceS * 1000
        let timer: ReturnType<typeof setTimeout> | undefined
        // Long-lived streams (MCP session SSE) never end by themselves: after the grace period they are cut.
        const cut = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            deps.log.warn('shutdown grace period over, closing open connections', { grace_ms: graceMs })
            void server?.stop(true)
            resolve()
          }, graceMs)
        })
        // MCP session streams are ended first so a graceful stop need not wait out the grace period.
        deps.mcpSessions.closeAll()
        await Promise.race([app.stop(false), cut])
        clearTimeout(timer)
        await deps.shutdown()
        // Spans still batched are sent before the process goes.
        await stopTracing().catch(() => {})
        await bridge?.stop()
        await deps.close()
      })()
      return stopping
    },
  }
}
