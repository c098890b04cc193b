// Starts the real service on 127.0.0.1:0 with a temp SQLite file and one project + API key.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig } from '../../src/config'
import { createLogger } from '../../src/lib/log'
import { type RunningServer, startServer } from '../../src/server'

export interface TestApp {
  server: RunningServer
  /** http://127.0.0.1:PORT/mcp */
  base: string
  dataDir: string
  apiKey: string
  projectId: string
  /** fetch relative to base with the API key and JSON headers. */
  api(
    path: string,
    init?: { method?: string; body?: unknown; key?: string | null; headers?: Record<string, string> },
  ): Promise<Response>
  /** Another project with its own key, for isolation tests. */
  newProject(name: string): { projectId: string; apiKey: string }
  stop(): Promise<void>
}

export async function startTestApp(
  env: Record<string, string> = {},
  opts: {
    dataDir?: string
    keepData?: boolean /** Receives every log line (all levels), e.g. to scan for secrets. */
    onLogLine?: (line: string) => void
  } = {},
): Promise<TestApp> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'toolyard-test-'))
  const config = loadConfig({
    TOOLYARD_PORT: '0',
    TOOLYARD_HOST: '127.0.0.1',
    TOOLYARD_DATA_DIR: dataDir,
    TOOLYARD_LOG_LEVEL: 'silent',
    TOOLYARD_RATE_LIMITS: 'off',
    TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
    ...env,
  })
  const server = await startServer(config, opts.onLogLine ? { log: createLogger('debug', opts.onLogLine) } : {})
  const base = `${server.origin}/mcp`
  const newProject = (name: string) => {
    const p = server.deps.projects.projectOrCreate(name)
    const { apiKey } = server.deps.projects.createKey(p.id, { name: 'test' })
    return { projectId: p.id, apiKey }
  }
  const main = newProject('test')
  const api: TestApp['api'] = (path, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) }
    const key = init.key === undefined ? main.apiKey : init.key
    if (key) headers['X-API-Key'] = key
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    return fetch(base + path, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    })
  }
  return {
    server,
    base,
    dataDir,
    apiKey: main.apiKey,
    projectId: main.projectId,
    api,
    newProject,
    async stop() {
      await server.stop()
      if (!opts.keepData && !opts.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
