// A toolkit source is handed the whole request context with each call (docs/decisions/0029-one-request-context.md): the
// request id answered in x-request-id, the principal, the project and the server, over MCP and over REST alike.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { RequestContext } from '../../src/lib/request-context'
import { toolRowFrom } from '../../src/modules/tools/repository'
import type { ToolkitSource } from '../../src/modules/tools/sources/source'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'

const STAMP = '2026-01-01T00:00:00.000Z'
const seen: RequestContext[] = []

const recordingKind: ToolkitSource = {
  kind: 'recording',
  listTools: async (toolkitId) => [
    toolRowFrom(
      { name: 'note', description: 'records its context', function_name: 'none', input_schema: { type: 'object' } },
      { id: `${toolkitId}.note`, project_id: '', toolkit_id: toolkitId, created_at: STAMP, updated_at: STAMP },
    ),
  ],
  async callTool(ctx) {
    seen.push(ctx)
    return { ok: true, value: 'noted' }
  },
}

let app: TestApp
let server: { id: string; slug: string }
beforeAll(async () => {
  app = await startTestApp({}, { overrides: { toolkitSources: [recordingKind] } })
  await app.sql(
    `INSERT INTO toolkits (id, project_id, name, toolkit_type, created_at, updated_at)
     VALUES ('kit-recording', $project, 'recorder', 'recording', $at, $at)`,
    { project: app.projectId, at: STAMP },
  )
  server = await createServer(app, { name: 'ctx', toolkits: [{ toolkit_id: 'kit-recording' }] })
})
afterAll(() => app.stop())

test('over MCP and over REST, the source gets the request id, principal, project and server of the request', async () => {
  const overMcp = await post(
    app,
    server.slug,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'note', arguments: {} } },
    { headers: { 'x-request-id': 'mcp-call-0001' } },
  )
  expect(overMcp.status).toBe(200)
  const rest = await app.api('/tools/call', {
    body: { name: 'note', arguments: {}, server_id: server.id },
    headers: { 'x-request-id': 'rest-call-0001' },
  })
  await json(rest, 200)
  expect(seen).toHaveLength(2)
  for (const [ctx, id] of [
    [seen[0]!, 'mcp-call-0001'],
    [seen[1]!, 'rest-call-0001'],
  ] as const) {
    expect(ctx.requestId).toBe(id)
    expect(ctx.principal).toStartWith('key:')
    expect(ctx.projectId).toBe(app.projectId)
    expect(ctx.server?.id).toBe(server.id)
    expect(typeof ctx.host.progress).toBe('function')
  }
})

test('the context a source gets is the one request context: what its readers use, no logger or protocol backend', () => {
  // Over MCP the protocol adds its version (and a session when there is one); REST has neither. The host is read on
  // demand (a getter), so it is not an own key of the protocol's context. The protocol's context always has the end
  // user's slot (undefined here: an admin key acts for no user), the caller's role and groups, and whether it runs as a
  // task (what policies read); REST adds each only when there is one.
  const [overMcp, rest] = seen
  expect(Object.keys(overMcp!).sort()).toEqual([
    'clientName',
    'groups',
    'inTask',
    'principal',
    'projectId',
    'requestId',
    'role',
    'server',
    'session',
    'userId',
    'version',
  ])
  expect(overMcp!.userId).toBeUndefined()
  expect(Object.keys(rest!).sort()).toEqual(['host', 'principal', 'projectId', 'requestId', 'role', 'server'])
})
