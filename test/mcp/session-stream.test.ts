// The session's GET stream: resources/updated for subscribed uris and list_changed notifications, delivered to
// the real SDK client while REST changes happen.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

let app: TestApp
let server: { id: string; slug: string; url: string }
let kit: string

beforeAll(async () => {
  app = await startTestApp()
  kit = await toolkitWithTools(app, 'stream-kit', [{ name: 'first', code: 'export default async () => "1"' }])
  server = await serverWithToolkits(app, 'stream server', [kit])
})
afterAll(async () => {
  await app.stop()
})

test('the GET stream carries resources/updated and list_changed notifications', async () => {
  const created = await app.api('/resources', {
    body: { server_id: server.id, name: 'watched', uri: 'test://watched', resource_type: 'static', content: 'v1' },
  })
  expect(created.status).toBe(201)
  const resource = (await created.json()) as { id: string }

  const { client } = await connectClient(app, server.url)
  const seen: string[] = []
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void seen.push(`updated ${n.params.uri}`))
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.push('resources changed'))
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => void seen.push('tools changed'))
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.push('prompts changed'))
  // The SDK opens the GET stream in the background after notifications/initialized.
  await waitFor('the GET stream', () =>
    [...app.server.deps.mcpSessions.all()].some((s) => s.serverId === server.id && s.stream !== null),
  )

  expect(await client.subscribeResource({ uri: 'test://watched' })).toEqual({})
  const patched = await app.api(`/resources/${resource.id}`, { method: 'PATCH', body: { content: 'v2' } })
  expect(patched.status).toBe(200)
  await waitFor('resources/updated', () => seen.includes('updated test://watched'))
  const read = await client.readResource({ uri: 'test://watched' })
  expect(read.contents[0]).toMatchObject({ uri: 'test://watched', text: 'v2' })

  const tool = await app.api('/tools', {
    body: {
      toolkit_id: kit,
      name: 'second',
      description: 'another',
      function_name: 'stream-kit.first',
      input_schema: { type: 'object' },
    },
  })
  expect(tool.status).toBe(201)
  await waitFor('tools/list_changed', () => seen.includes('tools changed'))
  expect((await client.listTools()).tools.map((t) => t.name)).toContain('second')

  const prompt = await app.api('/prompts', {
    body: { name: 'hello', description: 'greets', template: 'Hello {{who}}', server_id: server.id },
  })
  expect(prompt.status).toBe(201)
  await waitFor('prompts/list_changed', () => seen.includes('prompts changed'))

  await app.api('/resources', {
    body: { server_id: server.id, name: 'another', uri: 'test://another', resource_type: 'static', content: 'x' },
  })
  await waitFor('resources/list_changed', () => seen.includes('resources changed'))

  // After unsubscribing, changes of that uri are no longer announced.
  await client.unsubscribeResource({ uri: 'test://watched' })
  const before = seen.filter((s) => s === 'updated test://watched').length
  await app.api(`/resources/${resource.id}`, { method: 'PATCH', body: { content: 'v3' } })
  // A later, unrelated change proves the stream is still delivering, so a missing update is meaningful.
  await app.api('/prompts', { body: { name: 'bye', description: 'says bye', template: 'Bye', server_id: server.id } })
  await waitFor('a second prompts/list_changed', () => seen.filter((s) => s === 'prompts changed').length >= 2)
  expect(seen.filter((s) => s === 'updated test://watched').length).toBe(before)
  await client.close()
})

test('a newer GET replaces the older stream of the same session; aborting a stream releases it', async () => {
  const { client, transport } = await connectClient(app, server.url)
  const sessionId = transport.sessionId!
  const session = () => [...app.server.deps.mcpSessions.all()].find((s) => s.id === sessionId)!
  await waitFor('the SDK GET stream', () => session().stream !== null)
  const ac = new AbortController()
  const mine = await fetch(server.url, {
    headers: {
      'x-api-key': app.apiKey,
      accept: 'text/event-stream',
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-11-25',
    },
    signal: ac.signal,
  })
  expect(mine.status).toBe(200)
  const reader = mine.body!.getReader()
  await reader.read()
  await app.api('/prompts', { body: { name: 'third', description: 'x', template: 'x', server_id: server.id } })
  let got = ''
  while (!got.includes('prompts/list_changed')) got += new TextDecoder().decode((await reader.read()).value)
  expect(got).toContain('event: message')
  ac.abort()
  await waitFor('the stream to be released', () => session().stream === null)
  await client.close()
})
