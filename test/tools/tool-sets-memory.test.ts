// What the read model's tool sets hold (docs/decisions/0406-tool-sets-in-memory.md): one input schema per text,
// shared by every cached tool set that has it (its parsed form in listings, its compiled validator in calls), and
// given up with the last set holding it; a write in one project leaves another project's cached set in place.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { ServerRef } from '../../src/lib/request-context'
import { createServer, createTool, createToolkit, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

const held = () => app.server.deps.toolCalls.heldSchemas()
// Without a caller: the listing as the read model holds it (no policy filter).
const listed = async (server: ServerRef) => app.server.deps.toolCalls.backend.listTools(server)
const serverRef = async (id: string) => (await app.server.deps.servers.mustGet(app.projectId, id)) as ServerRef
const echoTool = (kit: string, name: string, schema: Record<string, unknown>) => ({
  toolkit_id: kit,
  name,
  function_name: 'builtin.utilities.echo',
  input_schema: schema,
})
const schemaNamed = (field: string) => ({
  type: 'object',
  properties: { [field]: { type: 'string' } },
  required: [field],
})

test("a tool's compiled validator is given up when its last tool leaves the cached sets", async () => {
  const kit = await createToolkit(app, 'validators-kit')
  const server = await createServer(app, { name: 'validators', toolkits: [{ toolkit_id: kit.id }] })
  const only = await createTool(app, echoTool(kit.id, 'only_one', schemaNamed('lonely')))
  await createTool(app, echoTool(kit.id, 'stays', schemaNamed('kept')))
  const call = (name: string, args: Record<string, unknown>) =>
    app.api('/tools/call', { body: { server_id: server.id, name, arguments: args } })
  expect((await json(await call('only_one', { lonely: 'x' }), 200)).isError).toBeFalsy()
  expect((await json(await call('stays', { kept: 'x' }), 200)).isError).toBeFalsy()
  const before = held()

  expect(await json(await app.api(`/tools/${only.id}`, { method: 'DELETE' }), 200)).toEqual({
    id: only.id,
    deleted: true,
  })
  // The next read finds the set changed: the old one leaves memory, and with it its only holder of that schema.
  expect((await json(await call('stays', { kept: 'y' }), 200)).isError).toBeFalsy()
  expect(held()).toEqual({ schemas: before.schemas - 1, validators: before.validators - 1 })
})

test('tools of two projects with one schema text list one parsed schema; a write in one keeps the other set', async () => {
  const other = await app.newProject('memory-other')
  const schema = schemaNamed('shared_text')
  const setUp = async (key?: string) => {
    const kit = await createToolkit(app, 'shared-kit', key)
    await createTool(app, echoTool(kit.id, 'first', schema), key)
    await createTool(app, echoTool(kit.id, 'second', schema), key)
    const server = await createServer(app, { name: 'shared', toolkits: [{ toolkit_id: kit.id }] }, key)
    return { kit, server }
  }
  const mine = await setUp()
  const theirs = await setUp(other.apiKey)
  const theirRef = (await app.server.deps.servers.mustGet(other.projectId, theirs.server.id)) as ServerRef
  const a = await listed(await serverRef(mine.server.id))
  const b = await listed(theirRef)
  expect(a.map((t) => t.name)).toEqual(['first', 'second'])
  expect(a[1]!.inputSchema).toBe(a[0]!.inputSchema)
  expect(b[0]!.inputSchema).toBe(a[0]!.inputSchema)

  // A write in this project: its set is built again, the other project's stays the very same object.
  await createTool(app, echoTool(mine.kit.id, 'third', schema))
  const a2 = await listed(await serverRef(mine.server.id))
  expect(a2.map((t) => t.name)).toEqual(['first', 'second', 'third'])
  expect(await listed(theirRef)).toBe(b)
})
