// N real `toolyard serve` processes on one PostgreSQL database behind a round-robin proxy: what docs/scale-out.md
// describes, for the scale-out tests. Every instance gets the same master key and admin token and the proxy's URL as
// its public URL; a project and an admin key are made through the admin API (no first-start banner is relied on).
import { type ServeProcess, startServe, tempDirs } from './app'
import { type RoundRobinProxy, startRoundRobin } from './round-robin'

const ADMIN_TOKEN = 'scale-out-admin-token-0123456789abcdef'
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64')

export interface Instances {
  proxy: RoundRobinProxy
  list: ServeProcess[]
  /** The proxy's base: http://127.0.0.1:PORT/mcp */
  base: string
  apiKey: string
  apiKeyId: string
  projectId: string
  /** An admin-API request (the admin token) to instance `at`. */
  admin(path: string, init?: { method?: string; body?: unknown; at?: number }): Promise<Response>
  /** fetch against one instance (`at`: its index) or, without `at`, through the proxy. */
  api(
    path: string,
    init?: { method?: string; body?: unknown; key?: string; at?: number; headers?: Record<string, string> },
  ): Promise<Response>
  /** SIGKILL: no shutdown of any kind; the proxy stops sending to it. */
  kill(index: number): Promise<void>
  stop(): Promise<void>
}

const dirs = tempDirs('toolyard-scale-')

export async function startInstances(
  databaseUrl: string,
  count: number,
  env: Record<string, string> = {},
): Promise<Instances> {
  const proxy = startRoundRobin()
  const shared = {
    TOOLYARD_DATABASE_URL: databaseUrl,
    TOOLYARD_MASTER_KEY: MASTER_KEY,
    TOOLYARD_ADMIN_TOKEN: ADMIN_TOKEN,
    TOOLYARD_PUBLIC_URL: proxy.url,
    TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
    TOOLYARD_RATE_LIMITS: 'off',
    ...env,
  }
  // All at once, as a deployment rolls them out: migrations must still run once.
  const list = await Promise.all(Array.from({ length: count }, () => startServe(dirs(), shared)))
  const origins = () => list.filter((p) => !p.proc.killed).map((p) => `http://127.0.0.1:${p.port}`)
  proxy.setUpstreams(origins())

  const at = (i: number | undefined) => (i === undefined ? `${proxy.url}/mcp` : list[i]!.base)
  const raw = (path: string, init: Parameters<Instances['api']>[1] = {}, key?: string) => {
    const headers: Record<string, string> = { ...(init.headers ?? {}) }
    if (key) headers['X-API-Key'] = key
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    return fetch(at(init.at) + path, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  }
  const admin: Instances['admin'] = (path, init = {}) =>
    raw(path, { at: 0, ...init, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } })
  const project = await admin('/admin/projects', { body: { name: `scale-${crypto.randomUUID().slice(0, 8)}` } })
  if (project.status !== 201) throw new Error(`admin project: ${project.status} ${await project.text()}`)
  const projectId = ((await project.json()) as { id: string }).id
  const key = await admin(`/admin/projects/${projectId}/keys`, { body: { name: 'scale' } })
  if (key.status !== 201) throw new Error(`admin key: ${key.status} ${await key.text()}`)
  const created = (await key.json()) as { id: string; api_key: string }
  const apiKey = created.api_key
  const apiKeyId = created.id

  return {
    proxy,
    list,
    base: `${proxy.url}/mcp`,
    apiKey,
    apiKeyId,
    projectId,
    admin,
    api: (path, init = {}) => raw(path, init, init.key ?? apiKey),
    async kill(index) {
      list[index]!.proc.kill('SIGKILL')
      await list[index]!.proc.exited
      proxy.setUpstreams(origins())
    },
    async stop() {
      proxy.stop()
      await Promise.all(list.filter((p) => !p.proc.killed).map((p) => p.stop()))
    },
  }
}
