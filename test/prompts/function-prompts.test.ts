// Prompts rendered by a function (function_name): REST rules (exactly one source), REST and session rendering,
// elicitation from a prompt through a session, and a failing function as an internal error.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { createFunction, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, rpcError } from '../helpers/mcp'

let app: TestApp
let server: { id: string; slug: string; url: string }
const fn = (name: string, body: string) =>
  createFunction(app, { name, runtime: 'javascript', code: `export default async (input, ctx) => {\n${body}\n}` })

beforeAll(async () => {
  app = await startTestApp()
  server = await createServer(app, { name: 'fn prompts' })
  await fn('p.hello', `return 'Hello ' + input.arguments.who + ' from ' + input.name`)
  await fn(
    'p.msgs',
    `return { description: 'two', messages: [{ role: 'user', content: { type: 'text', text: 'a' } }, { role: 'assistant', content: { type: 'text', text: 'b' } }] }`,
  )
  await fn(
    'p.ask',
    `const r = await ctx.elicit({ message: 'Topic?', requestedSchema: { type: 'object', properties: { topic: { type: 'string' } } } })
return 'About ' + r.content.topic`,
  )
  await fn('p.bad', `return 42`)
  const prompt = (body: Record<string, unknown>) => app.api('/prompts', { body: { server_id: server.id, ...body } })
  await json(
    await prompt({ name: 'hello', function_name: 'p.hello', arguments: [{ name: 'who', required: true }] }),
    201,
  )
  await json(await prompt({ name: 'msgs', function_name: 'p.msgs' }), 201)
  await json(await prompt({ name: 'ask', function_name: 'p.ask' }), 201)
  await json(await prompt({ name: 'bad', function_name: 'p.bad' }), 201)
})
afterAll(async () => {
  await app.stop()
})

test('exactly one of template, messages or function_name', async () => {
  const both = await app.api('/prompts', { body: { name: 'x', template: 'hi', function_name: 'p.hello' } })
  expect(both.status).toBe(400)
  const view = await json(await app.api('/prompts', { body: { name: 'y', function_name: 'p.hello' } }), 201)
  expect(view.function_name).toBe('p.hello')
  const switched = await json(
    await app.api(`/prompts/${view.id}`, { method: 'PATCH', body: { template: 'plain' } }),
    200,
  )
  expect(switched).toMatchObject({ template: 'plain' })
  expect(switched).not.toHaveProperty('function_name')
})

test('REST and session rendering: a string is one user message; messages and description are kept', async () => {
  const rest = await json(
    await app.api('/prompts/get', { body: { name: 'hello', arguments: { who: 'Ann' }, server_id: server.id } }),
    200,
  )
  expect(rest.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Hello Ann from hello' } }])
  const { client } = await connectClient(app, server.url)
  const r = await client.getPrompt({ name: 'msgs' })
  expect(r.description).toBe('two')
  expect(r.messages.map((m) => m.role)).toEqual(['user', 'assistant'])
  expect((await rpcError(client.getPrompt({ name: 'bad' }))).code).toBe(-32603)
  await client.close()
})

test('a prompt function elicits through a session like a tool', async () => {
  const { client } = await connectClient(app, server.url, { capabilities: { elicitation: {} } })
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { topic: 'bees' } }))
  const r = await client.getPrompt({ name: 'ask' })
  expect(r.messages[0]!.content).toEqual({ type: 'text', text: 'About bees' })
  await client.close()
})
