// REST POST /tools/list under policies, as the protocol's tools/list: a tool a deny policy always refuses the caller is
// absent (on the named server, and without server_id when every server carrying it refuses it); a conditional deny,
// or a deny for other callers, leaves it listed.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
let serverId: string
let agentKey: string

const echo = `export default async (input) => 'ran ' + JSON.stringify(input)`
const anyArgs = { type: 'object', properties: {}, additionalProperties: true }

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'rest-list-kit', [
    { name: 'read_file', code: echo, input_schema: anyArgs },
    { name: 'delete_file', code: echo, input_schema: anyArgs },
    { name: 'pay', code: echo, input_schema: anyArgs },
  ])
  const s = await createServer(app, { name: 'rest-list', toolkits: [{ toolkit_id: kit }] })
  serverId = s.id
  const k = await call(app, '/keys', { body: { name: 'agent', role: 'mcp' } })
  expect(k.status).toBe(201)
  agentKey = k.body.api_key
  const policies = [
    // Always refused to mcp keys: absent for them.
    {
      name: 'no-deletes',
      effect: 'deny',
      priority: 10,
      match: { tools: ['delete_*'], principals: { roles: ['mcp'] } },
    },
    // Refused only for some arguments: still listed.
    { name: 'big-payments', effect: 'deny', priority: 10, match: { tools: ['pay'] }, when: 'args.amount > 100' },
  ]
  for (const body of policies) expect((await call(app, '/policies', { body })).status).toBe(201)
})
afterAll(async () => {
  await app.stop()
})

const listed = async (key: string, body?: Record<string, unknown>) => {
  const r = await call(app, '/tools/list', { key, body: body ?? {} })
  expect(r.status).toBe(200)
  return (r.body.tools as { name: string }[]).map((t) => t.name).sort()
}

describe('REST tools/list under policies', () => {
  test('on a named server: a tool a deny policy always refuses the caller is absent', async () => {
    expect(await listed(agentKey, { server_id: serverId })).toEqual(['pay', 'read_file'])
    // The same listing for an admin key, which the policy does not match.
    expect(await listed(app.apiKey, { server_id: serverId })).toEqual(['delete_file', 'pay', 'read_file'])
  })

  test('without server_id: absent when every server carrying it refuses it', async () => {
    expect(await listed(agentKey)).toEqual(['pay', 'read_file'])
    expect(await listed(app.apiKey)).toEqual(['delete_file', 'pay', 'read_file'])
  })

  test('the listing agrees with a call: the absent tool is refused naming the policy', async () => {
    const r = await call(app, '/tools/call', {
      key: agentKey,
      body: { server_id: serverId, name: 'delete_file', arguments: {} },
    })
    expect(r.status).toBe(200)
    expect(r.body.isError).toBe(true)
    expect(r.text).toContain('policy \\"no-deletes\\"')
  })
})
