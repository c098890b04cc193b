// Protocol: prompts/list, prompts/get and completion/complete for prompt arguments through the real MCP SDK client.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { createServer } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, rpcError } from '../helpers/mcp'

let app: TestApp
let client: Client
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')

beforeAll(async () => {
  app = await startTestApp()
  const server = await createServer(app, { name: 'prompt server' })
  const other = await createServer(app, { name: 'other prompt server' })
  const prompts = [
    {
      name: 'greet',
      description: 'Greets someone',
      template: 'Hello {{name}}{{#title}}, {{title}}{{/title}}! Say "{{phrase}}".',
      arguments: [
        { name: 'name', description: 'Who', required: true },
        { name: 'phrase', required: false },
        { name: 'title', enum: ['Doctor', 'Professor', 'Dame', 'dean'] },
      ],
    },
    { name: 'bare', template: 'No arguments here.' },
    {
      name: 'many',
      description: 'Many choices',
      template: '{{pick}}',
      arguments: [{ name: 'pick', enum: Array.from({ length: 150 }, (_, i) => `v${String(i).padStart(3, '0')}`) }],
    },
    {
      name: 'with-media',
      description: 'Image and embedded resource',
      arguments: [{ name: 'uri', required: true }],
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: '{{uri}}', mimeType: 'text/plain', text: 'Embedded <{{uri}}>' },
          },
        },
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        { role: 'assistant', content: { type: 'text', text: 'Looking at {{uri}} & the image.' } },
      ],
    },
    { name: 'elsewhere', description: 'On the other server only', template: 'x', server_id: other.id },
  ]
  for (const p of prompts) expect((await app.api('/prompts', { body: p })).status).toBe(201)
  ;({ client } = await connectClient(app, server.slug))
})
afterAll(async () => {
  await client?.close()
  await app.stop()
})

describe('prompts/list', () => {
  test("lists the server's prompts, each with a description", async () => {
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name)).toEqual(['greet', 'bare', 'many', 'with-media'])
    expect(prompts[0]).toEqual({
      name: 'greet',
      description: 'Greets someone',
      arguments: [
        { name: 'name', description: 'Who', required: true },
        { name: 'phrase', required: false },
        { name: 'title', required: false },
      ],
    })
    for (const p of prompts) expect(p.description).toBeTruthy()
  })
})

describe('prompts/get', () => {
  test('substitutes values with <, & and " verbatim', async () => {
    const r = await client.getPrompt({
      name: 'greet',
      arguments: { name: '<Ann & "Bob">', phrase: 'a&b', title: 'Dame' },
    })
    expect(r.description).toBe('Greets someone')
    expect(r.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Hello <Ann & "Bob">, Dame! Say "a&b".' } },
    ])
  })

  test('absent optional arguments render empty', async () => {
    const r = await client.getPrompt({ name: 'greet', arguments: { name: 'Ann' } })
    expect(r.messages[0]!.content).toEqual({ type: 'text', text: 'Hello Ann! Say "".' })
  })

  test('a missing required argument is -32602 naming it', async () => {
    const e = await rpcError(client.getPrompt({ name: 'greet', arguments: { phrase: 'hi' } }))
    expect(e.code).toBe(-32602)
    expect(e.message).toContain('name')
  })

  test('an unknown prompt, or one on another server, is -32602', async () => {
    expect((await rpcError(client.getPrompt({ name: 'nope' }))).code).toBe(-32602)
    expect((await rpcError(client.getPrompt({ name: 'elsewhere' }))).code).toBe(-32602)
  })

  test('the messages form returns image and embedded resource content', async () => {
    const r = await client.getPrompt({ name: 'with-media', arguments: { uri: 'docs://a&b' } })
    expect(r.messages).toEqual([
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'docs://a&b', mimeType: 'text/plain', text: 'Embedded <docs://a&b>' },
        },
      },
      { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
      { role: 'assistant', content: { type: 'text', text: 'Looking at docs://a&b & the image.' } },
    ])
  })
})

describe('completion/complete', () => {
  test('offers enum values starting with the typed text (case-insensitive)', async () => {
    const r = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'title', value: 'd' },
    })
    expect(r.completion).toEqual({ values: ['Doctor', 'Dame', 'dean'], total: 3, hasMore: false })
  })

  test('at most 100 values, with the total and hasMore', async () => {
    const r = await client.complete({
      ref: { type: 'ref/prompt', name: 'many' },
      argument: { name: 'pick', value: 'V' },
    })
    expect(r.completion.values.length).toBe(100)
    expect(r.completion.values[0]).toBe('v000')
    expect(r.completion.total).toBe(150)
    expect(r.completion.hasMore).toBe(true)
  })

  test('an argument without an enum completes to nothing', async () => {
    const r = await client.complete({
      ref: { type: 'ref/prompt', name: 'greet' },
      argument: { name: 'name', value: 'A' },
    })
    expect(r.completion.values).toEqual([])
  })

  test('an unknown prompt is -32602', async () => {
    const e = await rpcError(
      client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } }),
    )
    expect(e.code).toBe(-32602)
  })
})
