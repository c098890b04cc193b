// SQLite only: its subject is the one connection's serialized transactions (PostgreSQL runs them side by side).
// The tools feature on the asynchronous storage ports (docs/decisions/0040-asynchronous-storage-ports.md): a tools write
// issued while another request's transaction is open and awaiting waits for it, so it neither lands in that
// transaction nor goes when it rolls back.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServer, createToolkit, json, objectSchema } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

test('a tool registered while another transaction is open waits for it and outlives its rollback', async () => {
  const kit = await createToolkit(app, 'outlives-kit')
  const { store, toolkits } = app.server.deps
  const { promise: gate, resolve: release } = Promise.withResolvers<void>()
  const { promise: open, resolve: entered } = Promise.withResolvers<void>()
  // Another change, open and awaiting (as an apply is between its records), that will roll back.
  const rolledBack = store
    .tx(async () => {
      await toolkits.create(app.projectId, { name: 'rolled-back-kit' })
      entered()
      await gate
      throw new Error('rolled back on purpose')
    })
    .catch((error: Error) => error)
  await open

  // Called from outside that transaction's async context, as another request would.
  const creating = (async () =>
    app.server.deps.tools.create(app.projectId, {
      toolkit_id: kit.id,
      name: 'kept_tool',
      function_name: 'builtin.utilities.echo',
      input_schema: objectSchema(),
    }))()
  // Not done while the other transaction is open: its statements wait for it (a generous 300 ms to show it).
  const early = await Promise.race([creating.then(() => 'answered'), Bun.sleep(300).then(() => 'waiting')])
  expect(early).toBe('waiting')
  release()
  expect((await rolledBack).message).toBe('rolled back on purpose')

  const tool = await creating
  expect(tool).toMatchObject({ name: 'kept_tool', toolkit_id: kit.id })
  expect(await json(await app.api(`/tools/${tool.id}`), 200)).toMatchObject({ name: 'kept_tool' })
  const names = (await json(await app.api('/toolkits?limit=200'), 200)).toolkits.map((k: { name: string }) => k.name)
  expect(names).toContain('outlives-kit')
  expect(names).not.toContain('rolled-back-kit')
})

test('a server tool set read during another open transaction is the committed one, then the new one', async () => {
  const kit = await createToolkit(app, 'set-kit')
  await json(
    await app.api('/tools', {
      body: {
        toolkit_id: kit.id,
        name: 'first_tool',
        function_name: 'builtin.utilities.echo',
        input_schema: objectSchema(),
      },
    }),
    201,
  )
  const server = await createServer(app, { name: 'set-server', toolkits: [{ toolkit_id: kit.id }] })
  const ref = { id: server.id, slug: server.slug, project_id: app.projectId }
  const { store, tools, mcpBackend } = app.server.deps
  const names = async () => (await mcpBackend.listTools(ref)).map((t) => t.name)
  expect(await names()).toEqual(['first_tool'])

  const { promise: gate, resolve: release } = Promise.withResolvers<void>()
  const { promise: open, resolve: entered } = Promise.withResolvers<void>()
  const committed = store.tx(async () => {
    await tools.create(app.projectId, {
      toolkit_id: kit.id,
      name: 'second_tool',
      function_name: 'builtin.utilities.echo',
      input_schema: objectSchema(),
    })
    entered()
    await gate
  })
  await open
  // Outside that transaction: its uncommitted tool is not seen.
  expect(await names()).toEqual(['first_tool'])
  release()
  await committed
  expect(await names()).toEqual(['first_tool', 'second_tool'])
})
