// A release whose pre-built catalog adds a tool named like one a server already carries from another toolkit is a change
// from outside: it cannot be refused, so the tool that was on the server first keeps the name and the catalog's new
// tool is held back, even where the pre-built toolkit was attached earlier (docs/decisions/0111-one-name-one-tool.md).
// Two apps share one database: the running release, and the next one with a changed catalog.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { prebuiltToolkits } from '../../src/catalog/toolkits'
import { createServer, createTool, createToolkit, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

let before: TestApp
let after: TestApp | undefined
beforeAll(async () => {
  before = await startTestApp()
})
afterAll(async () => {
  await after?.stop()
  await before.stop()
})

/** The next release's catalog: utilities gains `forecast_now`. */
const nextCatalog = prebuiltToolkits.map((k) =>
  k.id === 'prebuilt-utilities'
    ? {
        ...k,
        tools: [
          ...k.tools,
          {
            name: 'forecast_now',
            description: 'The catalog’s own forecast',
            function_name: 'builtin.utilities.echo',
            input_schema: { type: 'object', properties: { text: { type: 'string' } } },
          },
        ],
      }
    : k,
)

test("a catalog update adding a tool named like the server's holds the catalog's tool back", async () => {
  const server = await createServer(before, { name: 'weather desk', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] })
  const kit = await createToolkit(before, 'weather')
  const own = await createTool(before, {
    toolkit_id: kit.id,
    name: 'forecast_now',
    description: 'Our forecast',
    function_name: 'builtin.utilities.echo',
  })
  await json(
    await before.api(`/servers/${server.id}`, {
      method: 'PATCH',
      body: { toolkits: [{ toolkit_id: 'prebuilt-utilities' }, { toolkit_id: kit.id }] },
    }),
    200,
  )
  // The running release has copied its catalog (a search does it first).
  await json(await before.api(`/servers/${server.id}/tools/search?q=echo`), 200)

  const { databaseUrl, dataDir } = before.server.deps.config
  after = await startTestApp(databaseUrl ? { TOOLYARD_DATABASE_URL: databaseUrl } : {}, {
    dataDir,
    overrides: { prebuiltToolkits: nextCatalog },
  })
  const { client } = await connectClient(after, server.slug)
  const listed = (await client.listTools()).tools.filter((t) => t.name === 'forecast_now')
  expect(listed.map((t) => t.description)).toEqual(['Our forecast'])
  await client.close()

  const utilities = await json(await after.api('/toolkits/prebuilt-utilities'), 200)
  expect(utilities.name_collisions).toEqual([
    {
      server_id: server.id,
      name: 'forecast_now',
      tool_id: 'prebuilt-utilities.forecast_now',
      held_by: { tool_id: own.id, toolkit_id: kit.id, toolkit_name: 'weather' },
    },
  ])
})
