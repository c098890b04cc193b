// Fixture for resource tests: a running app, a server, and the project's files folder.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { call, createServer } from './api'
import { startTestApp, type TestApp } from './app'

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
  const server = await createServer(app, { name: 'resources test' })
  const filesDir = join(app.dataDir, 'files', app.projectId)
  mkdirSync(filesDir, { recursive: true })
  return {
    app,
    serverId: server.id,
    slug: server.slug,
    filesDir,
    create: (body) => call(app, '/resources', { body: { server_id: server.id, ...body } }),
    read: (uri, extra = {}) => call(app, '/resources/read', { body: { uri, ...extra } }),
  }
}
