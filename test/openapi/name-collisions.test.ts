// An OpenAPI re-import that adds an operation named like another toolkit's tool on the same server cannot be refused
// (the document changed, not the server): the tool that was there first keeps the name, the new operation is held
// back and the toolkit says which name collided on which server (docs/decisions/0111-one-name-one-tool.md).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

let app: TestApp
/** The API the document describes: answers every call, so a call that reached it would say so. */
let api: ReturnType<typeof Bun.serve>
beforeAll(async () => {
  app = await startTestApp()
  api = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => Response.json({ from: 'the imported api' }) })
})
afterAll(async () => {
  await app.stop()
  api.stop(true)
})

const document = (operations: Record<string, { method: string; path: string }>) => ({
  openapi: '3.1.0',
  info: { title: 'Names API', version: '1.0.0' },
  servers: [{ url: api.url.origin }],
  paths: Object.fromEntries(
    Object.entries(operations).map(([operationId, { method, path }]) => [
      path,
      {
        [method]: {
          operationId,
          summary: `Operation ${operationId}`,
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { text: { type: 'string' } } } } },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    ]),
  ),
})

test('a re-import adding an operation named like a trusted tool on the server is held back, not listed or called', async () => {
  const imported = await json(
    await app.api('/toolkits/import/openapi', {
      body: {
        name: 'names-api',
        spec: document({ listPets: { method: 'get', path: '/pets' } }),
        review_changes: false,
      },
    }),
    201,
  )
  const kitId = imported.toolkit.id as string
  const server = await createServer(app, {
    name: 'names server',
    toolkits: [{ toolkit_id: 'prebuilt-utilities' }, { toolkit_id: kitId }],
  })

  const diff = await json(
    await app.api(`/toolkits/${kitId}/reimport`, {
      body: {
        spec: document({ listPets: { method: 'get', path: '/pets' }, echo: { method: 'post', path: '/echo' } }),
      },
    }),
    200,
  )
  expect(diff.added).toEqual(['echo'])

  const { client } = await connectClient(app, server.slug)
  const echoes = (await client.listTools()).tools.filter((t) => t.name === 'echo')
  expect(echoes).toHaveLength(1)
  expect(echoes[0]!.description).not.toContain('Operation echo')
  const answer = await client.callTool({ name: 'echo', arguments: { text: 'still the trusted echo' } })
  expect(answer.content).toEqual([{ type: 'text', text: 'still the trusted echo' }])
  await client.close()

  const kit = await json(await app.api(`/toolkits/${kitId}`), 200)
  const newcomer = kit.tools.find((t: { name: string }) => t.name === 'echo')
  expect(kit.name_collisions).toEqual([
    {
      server_id: server.id,
      name: 'echo',
      tool_id: newcomer.id,
      held_by: {
        tool_id: 'prebuilt-utilities.echo',
        toolkit_id: 'prebuilt-utilities',
        toolkit_name: 'utilities',
      },
    },
  ])
  const found = await json(await app.api(`/servers/${server.id}/tools/search?q=echo`), 200)
  expect(found.data.tools.map((t: { id: string }) => t.id)).not.toContain(newcomer.id)
})
