// A tool's declared client-capability requirements and task support: validated, stored and shown over REST, never
// listed to MCP clients.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createFunction, createServer, createToolkit, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

let app: TestApp
let kit: string

beforeAll(async () => {
  app = await startTestApp()
  kit = (await createToolkit(app, 'req-kit')).id
  await createFunction(app, { name: 'req.fn', runtime: 'javascript', code: 'export default async () => "ok"' })
})
afterAll(async () => {
  await app.stop()
})

const tool = (extra: Record<string, unknown>) =>
  app.api('/tools', {
    body: { toolkit_id: kit, name: 'needy', function_name: 'req.fn', input_schema: { type: 'object' }, ...extra },
  })

test('each required capability must be an object; task_support is an enum', async () => {
  const bad = await json(await tool({ required_client_capabilities: { sampling: true } }), 400)
  expect(bad.details[0].field).toBe('body.required_client_capabilities.sampling')
  expect((await tool({ task_support: 'sometimes' })).status).toBe(400)
})

test('stored and shown over REST, cleared with null, never listed to MCP clients', async () => {
  const created = await json(
    await tool({ required_client_capabilities: { sampling: {} }, task_support: 'optional' }),
    201,
  )
  expect(created).toMatchObject({ required_client_capabilities: { sampling: {} }, task_support: 'optional' })
  const server = await createServer(app, { name: 'req server', toolkits: [{ toolkit_id: kit }] })
  const { client } = await connectClient(app, server.url)
  const [listed] = (await client.listTools()).tools
  expect(listed!.name).toBe('needy')
  expect(listed).not.toHaveProperty('requiredCapabilities')
  expect(listed).not.toHaveProperty('taskSupport')
  expect(JSON.stringify(listed)).not.toContain('sampling')
  await client.close()
  const patched = await json(
    await app.api(`/tools/${created.id}`, {
      method: 'PATCH',
      body: { required_client_capabilities: null, task_support: 'forbidden' },
    }),
    200,
  )
  expect(patched).not.toHaveProperty('required_client_capabilities')
  expect(patched).not.toHaveProperty('task_support')
})
