// A tool, prompt or resource must name a function that exists (the project's or a builtin): creating or changing one
// to name anything else is a 400 naming `function_name` (apply: test/project-file/function-names.e2e.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createFunction, createServer, createToolkit, expectError, objectSchema } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
let serverId: string
let kitId: string
beforeAll(async () => {
  app = await startTestApp()
  serverId = (await createServer(app, { name: 'named' })).id
  kitId = (await createToolkit(app, 'named-kit')).id
  await createFunction(app, { name: 'exists', runtime: 'javascript', code: 'export default async () => "here"' })
})
afterAll(() => app.stop())

const refused = (res: { status: number; body: any }) => {
  expect(res.status).toBe(400)
  expectError(res.body, 'bad_request', 'no function named "missing"')
  expect(res.body.details).toContainEqual({ field: 'body.function_name', message: 'no function named "missing"' })
}

describe('tools', () => {
  test('create and update with a function that does not exist are 400 naming function_name; real ones pass', async () => {
    const tool = (function_name: string, name: string) =>
      call(app, '/tools', { body: { toolkit_id: kitId, name, function_name, input_schema: objectSchema() } })
    refused(await tool('missing', 't1'))
    const made = await tool('exists', 't1')
    expect(made.status).toBe(201)
    expect((await tool('builtin.utilities.echo', 't2')).status).toBe(201)
    refused(await call(app, `/tools/${made.body.id}`, { method: 'PATCH', body: { function_name: 'missing' } }))
    expect((await call(app, `/tools/${made.body.id}`, { method: 'PATCH', body: { description: 'kept' } })).status).toBe(
      200,
    )
  })

  test('another project’s function does not count', async () => {
    const other = await app.newProject('function-names-other')
    const kit = await call(app, '/toolkits', { body: { name: 'k' }, key: other.apiKey })
    const res = await call(app, '/tools', {
      body: { toolkit_id: kit.body.id, name: 't', function_name: 'exists', input_schema: objectSchema() },
      key: other.apiKey,
    })
    expect(res.status).toBe(400)
    expect(res.body.details[0].field).toBe('body.function_name')
  })
})

describe('prompts and resources', () => {
  test('a prompt naming a missing function is 400 on create and on update', async () => {
    const create = (function_name: string, name: string) =>
      call(app, '/prompts', { body: { server_id: serverId, name, function_name } })
    refused(await create('missing', 'p1'))
    const made = await create('exists', 'p1')
    expect(made.status).toBe(201)
    refused(await call(app, `/prompts/${made.body.id}`, { method: 'PATCH', body: { function_name: 'missing' } }))
  })

  test('a function resource naming a missing function is 400 on create and on update', async () => {
    const create = (function_name: string, uri: string) =>
      call(app, '/resources', {
        body: { server_id: serverId, name: 'R', uri, resource_type: 'function', function_name },
      })
    refused(await create('missing', 'fn://one'))
    const made = await create('exists', 'fn://one')
    expect(made.status).toBe(201)
    refused(await call(app, `/resources/${made.body.id}`, { method: 'PATCH', body: { function_name: 'missing' } }))
  })
})
