// The ctx additions on a session (2025-11-25, the official SDK client): ctx.listRoots as a roots/list request,
// ctx.notifyListChanged reaching the GET stream, ctx.fail as a JSON-RPC error, the ask key ignored.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  ElicitRequestSchema,
  ListRootsRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, rpcError } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

let app: TestApp
let url: string
const js = (body: string) => `export default async (input, ctx) => {\n${body}\n}`

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'ctx-kit', [
    {
      name: 'roots',
      code: js(`const r = await ctx.listRoots({ key: 'ignored' }); return r.roots.map((x) => x.uri).join(',')`),
    },
    { name: 'announce', code: js(`ctx.notifyListChanged('tools'); return 'ok'`) },
    { name: 'refuse', code: js(`ctx.fail(-32042, 'not today')`) },
    {
      name: 'keyed',
      code: js(
        `const r = await ctx.elicit({ message: 'x', requestedSchema: { type: 'object', properties: {} } }, { key: 'k' }); return r.action`,
      ),
    },
  ])
  url = (await serverWithToolkits(app, 'ctx server', [kit])).url
})
afterAll(async () => {
  await app.stop()
})

test('listRoots asks the client; the key of an elicitation is ignored on a session', async () => {
  const { client } = await connectClient(app, url, { capabilities: { roots: {}, elicitation: {} } })
  client.setRequestHandler(ListRootsRequestSchema, async () => ({
    roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }],
  }))
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }))
  const r = await client.callTool({ name: 'roots', arguments: {} })
  expect(r.content).toEqual([{ type: 'text', text: 'file:///a,file:///b' }])
  expect((await client.callTool({ name: 'keyed', arguments: {} })).content).toEqual([{ type: 'text', text: 'decline' }])
  await client.close()
})

test('without the roots capability ctx.listRoots is absent', async () => {
  const { client } = await connectClient(app, url)
  expect((await client.callTool({ name: 'roots', arguments: {} })).isError).toBe(true)
  await client.close()
})

test('notifyListChanged reaches the GET stream; ctx.fail is a JSON-RPC error', async () => {
  const { client } = await connectClient(app, url)
  let changed = 0
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++)
  await waitFor('the GET stream', () => [...app.server.deps.mcpSessions.all()].some((s) => s.stream !== null))
  await client.callTool({ name: 'announce', arguments: {} })
  await waitFor('tools/list_changed', () => changed > 0)
  expect(await rpcError(client.callTool({ name: 'refuse', arguments: {} }))).toMatchObject({
    code: -32042,
    message: expect.stringContaining('not today'),
  })
  await client.close()
})
