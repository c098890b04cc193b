// Shared set-up for resource tests: a running app, a server, and the project's files folder.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { startTestApp, type TestApp } from '../helpers/app'

export interface ResourceFixture {
  app: TestApp
  serverId: string
  slug: string
  filesDir: string
  create(body: Record<string, unknown>): Promise<{ status: number; body: any }>
  read(uri: string, extra?: Record<string, unknown>): Promise<{ status: number; body: any }>
}

export async function resourceFixture(env: Record<string, string> = {}): Promise<ResourceFixture> {
  const app = await startTestApp(env)
  const server = await (await app.api('/servers', { body: { name: 'resources test' } })).json()
  const filesDir = join(app.dataDir, 'files', app.projectId)
  mkdirSync(filesDir, { recursive: true })
  const call = async (path: string, body: unknown) => {
    const res = await app.api(path, { body })
    return { status: res.status, body: await res.json() }
  }
  return {
    app,
    serverId: server.data.id,
    slug: server.data.slug,
    filesDir,
    create: (body) => call('/resources', { server_id: server.data.id, ...body }),
    read: (uri, extra = {}) => call('/resources/read', { uri, ...extra }),
  }
}

/** Polls `check` until it returns true (generous deadline, no timing thresholds in assertions). */
export async function eventually(check: () => Promise<boolean> | boolean, deadlineMs = 10_000): Promise<void> {
  const end = Date.now() + deadlineMs
  while (Date.now() < end) {
    if (await check()) return
    await Bun.sleep(50)
  }
  throw new Error('condition not met before the deadline')
}

/** A real MCP SDK client connected to the server's protocol endpoint with the project's key. */
export async function mcpClient(app: TestApp, slug: string) {
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js')
  const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/sdk/client/streamableHttp.js')
  const client = new Client({ name: 'toolyard-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(`${app.base}/${slug}`), {
    requestInit: { headers: { 'X-API-Key': app.apiKey } },
  })
  await client.connect(transport)
  return client
}
