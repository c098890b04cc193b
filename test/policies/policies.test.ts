// Policies over REST and the protocol: CRUD, `when` checked at save (400 naming the position), the highest priority
// match deciding, denied tools absent from tools/list and find_tools and refused by name, CEL conditions over the
// arguments, and the cost limit. The real SDK client (2025-11-25 sessions) and raw 2026-07-28 requests.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, expectError, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, post } from '../helpers/mcp'

let app: TestApp
let kit: string
let other: string

const echo = `export default async (input) => 'ran ' + JSON.stringify(input)`
const anyArgs = { type: 'object', properties: {}, additionalProperties: true }

beforeAll(async () => {
  app = await startTestApp()
  kit = await toolkitWithTools(app, 'pol-kit', [
    { name: 'read_file', code: echo, input_schema: anyArgs },
    { name: 'delete_file', code: echo, input_schema: anyArgs },
    { name: 'pay', code: echo, input_schema: anyArgs },
  ])
  other = await toolkitWithTools(app, 'pol-other', [{ name: 'other_tool', code: echo, input_schema: anyArgs }])
})
afterAll(async () => {
  await app.stop()
})

const policy = (body: Record<string, unknown>) => call(app, '/policies', { body })
const remove = (id: string) => call(app, `/policies/${id}`, { method: 'DELETE' })
async function serverOf(name: string, toolkits = [kit, other], extra: Record<string, unknown> = {}) {
  return createServer(app, { name, toolkits: toolkits.map((toolkit_id) => ({ toolkit_id })), ...extra })
}
async function mcpKey(serverIds?: string[]) {
  const r = await call(app, '/keys', {
    body: { name: 'agent', role: 'mcp', ...(serverIds ? { server_ids: serverIds } : {}) },
  })
  expect(r.status).toBe(201)
  return r.body as { id: string; api_key: string }
}
const text = (r: any) => (r.content as { text: string }[]).map((c) => c.text).join('\n')

describe('policies over REST', () => {
  test('create, list, get, patch (version goes up), put, delete', async () => {
    const created = await policy({ name: 'crud', effect: 'deny', priority: 5, match: { tools: ['nothing_*'] } })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'crud', effect: 'deny', priority: 5, version: 1, approval_wait_s: 120 })
    const id = created.body.id
    expect((await call(app, `/policies/${id}`)).body.name).toBe('crud')
    expect((await call(app, '/policies')).body.policies.map((p: any) => p.id)).toContain(id)
    const patched = await call(app, `/policies/${id}`, { method: 'PATCH', body: { priority: 7, reason: 'no' } })
    expect(patched.body).toMatchObject({ priority: 7, reason: 'no', effect: 'deny', version: 2 })
    const put = await call(app, `/policies/${id}`, {
      method: 'PUT',
      body: { name: 'crud', effect: 'allow', priority: 1, match: {} },
    })
    expect(put.body).toMatchObject({ effect: 'allow', priority: 1, version: 3 })
    expect(put.body.reason).toBeUndefined()
    expect((await remove(id)).body).toEqual({ id, deleted: true })
    expect((await call(app, `/policies/${id}`)).status).toBe(404)
  })

  test('a duplicate name is 409; a bad effect or an empty list is 400 naming the field', async () => {
    const a = await policy({ name: 'dup', effect: 'allow', priority: 0, match: {} })
    expect((await policy({ name: 'dup', effect: 'allow', priority: 0, match: {} })).status).toBe(409)
    const bad = await policy({ name: 'bad', effect: 'maybe', priority: 0, match: {} })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('effect')
    const empty = await policy({ name: 'empty', effect: 'deny', priority: 0, match: { principals: { users: [] } } })
    expect(empty.status).toBe(400)
    expect(empty.body.details[0].field).toBe('body.match.principals.users')
    await remove(a.body.id)
  })

  test('a when that does not parse is 400 naming its position', async () => {
    const r = await policy({ name: 'parse', effect: 'deny', priority: 0, match: {}, when: 'args.amount >' })
    expect(r.status).toBe(400)
    expectError(r.body, 'bad_request', 'position 13')
    expect(r.body.details[0].field).toBe('body.when')
  })

  test('a when that does not type-check is 400 naming its position', async () => {
    const r = await policy({
      name: 'types',
      effect: 'deny',
      priority: 0,
      match: {},
      when: 'args.a == 1 && tool + 1 > 2',
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toContain('no such overload')
    expect(r.body.error).toContain('position 15')
    const unknown = await policy({ name: 'types', effect: 'deny', priority: 0, match: {}, when: 'amount > 1' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toContain('Unknown variable: amount')
  })

  test('text.matches is refused at save (matches(text, pattern) runs on RE2); a pattern RE2 cannot compile is 400', async () => {
    const receiver = await policy({ name: 're', effect: 'deny', priority: 0, match: {}, when: 'tool.matches("a")' })
    expect(receiver.status).toBe(400)
    expect(receiver.body.error).toContain('matches(text, pattern)')
    const bad = await policy({ name: 're', effect: 'deny', priority: 0, match: {}, when: 'matches(tool, "(a")' })
    expect(bad.status).toBe(400)
    expect(bad.body.error).toContain('position 14')
    const ok = await policy({ name: 're', effect: 'deny', priority: 0, match: {}, when: 'matches(tool, "^zz.*")' })
    expect(ok.status).toBe(201)
    await remove(ok.body.id)
  })

  test('policies and approvals are words a slug never equals', async () => {
    expect((await createServer(app, { name: 'policies' })).slug).toBe('policies-server')
    expect((await createServer(app, { name: 'approvals' })).slug).toBe('approvals-server')
  })

  test('an mcp key may not manage policies', async () => {
    const k = await mcpKey()
    expect((await call(app, '/policies', { key: k.api_key })).status).toBe(403)
  })
})

describe('policies on calls', () => {
  test('a denied tool is absent from tools/list and a call of it is refused naming the policy', async () => {
    const s = await serverOf('deny-srv')
    const p = await policy({
      name: 'no-deletes',
      effect: 'deny',
      priority: 10,
      match: { servers: ['deny-*'], tools: ['delete_*'] },
      reason: 'deleting is not allowed here',
    })
    const { client } = await connectClient(app, s.slug)
    try {
      const names = (await client.listTools()).tools.map((t) => t.name)
      expect(names).toEqual(['other_tool', 'pay', 'read_file'])
      const r = await client.callTool({ name: 'delete_file', arguments: { path: '/x' } })
      expect(r.isError).toBe(true)
      expect(text(r)).toContain('policy "no-deletes"')
      expect(text(r)).toContain('deleting is not allowed here')
      expect(text(await client.callTool({ name: 'read_file', arguments: {} }))).toContain('ran')
    } finally {
      await client.close()
      await remove(p.body.id)
    }
    // Deleting the policy takes effect at once (the in-memory index drops at the commit).
    const { client: again } = await connectClient(app, s.slug)
    expect((await again.listTools()).tools.map((t) => t.name)).toContain('delete_file')
    await again.close()
  })

  test('the highest priority match wins: an allow above a deny keeps the tool; equal priority, deny wins', async () => {
    const s = await serverOf('prio-srv')
    const deny = await policy({ name: 'deny-all', effect: 'deny', priority: 1, match: { servers: [s.slug] } })
    const allow = await policy({ name: 'allow-read', effect: 'allow', priority: 2, match: { tools: ['read_*'] } })
    const { client } = await connectClient(app, s.slug)
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['read_file'])
      await call(app, `/policies/${allow.body.id}`, { method: 'PATCH', body: { priority: 1 } })
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual([])
    } finally {
      await client.close()
      await remove(deny.body.id)
      await remove(allow.body.id)
    }
  })

  test('principals: a policy for mcp keys or for one key leaves the others alone', async () => {
    const s = await serverOf('who-srv')
    const k = await mcpKey()
    const p = await policy({
      name: 'agents-no-pay',
      effect: 'deny',
      priority: 3,
      match: { servers: [s.slug], tools: ['pay'], principals: { roles: ['mcp'] } },
    })
    const admin = await connectClient(app, s.slug)
    const agent = await connectClient(app, s.slug, { key: k.api_key })
    try {
      expect((await admin.client.listTools()).tools.map((t) => t.name)).toContain('pay')
      expect((await agent.client.listTools()).tools.map((t) => t.name)).not.toContain('pay')
      await call(app, `/policies/${p.body.id}`, {
        method: 'PATCH',
        body: { match: { servers: [s.slug], tools: ['pay'], principals: { keys: [k.id] } } },
      })
      expect((await agent.client.listTools()).tools.map((t) => t.name)).not.toContain('pay')
      expect((await admin.client.listTools()).tools.map((t) => t.name)).toContain('pay')
    } finally {
      await admin.client.close()
      await agent.client.close()
      await remove(p.body.id)
    }
  })

  test('toolkits: a policy on a toolkit id hides its tools only', async () => {
    const s = await serverOf('kit-srv')
    const p = await policy({
      name: 'no-other',
      effect: 'deny',
      priority: 3,
      match: { servers: [s.slug], toolkits: [other] },
    })
    const { client } = await connectClient(app, s.slug)
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['delete_file', 'pay', 'read_file'])
    } finally {
      await client.close()
      await remove(p.body.id)
    }
  })

  test('a when over the arguments decides per call; the tool stays listed', async () => {
    const s = await serverOf('when-srv')
    const p = await policy({
      name: 'small-payments',
      effect: 'deny',
      priority: 3,
      match: { servers: [s.slug], tools: ['pay'] },
      when: 'has(args.amount) && args.amount > 100 && user.role == "admin" && server == "when-srv" && tool == "pay"',
    })
    const { client } = await connectClient(app, s.slug)
    try {
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('pay')
      expect(text(await client.callTool({ name: 'pay', arguments: { amount: 50 } }))).toContain('ran')
      const big = await client.callTool({ name: 'pay', arguments: { amount: 150 } })
      expect(big.isError).toBe(true)
      expect(text(big)).toContain('policy "small-payments"')
    } finally {
      await client.close()
      await remove(p.body.id)
    }
  })

  test('a condition that would run past its cost limit denies and says so', async () => {
    const s = await serverOf('cost-srv')
    const p = await policy({
      name: 'pairs',
      effect: 'allow',
      priority: 3,
      match: { servers: [s.slug], tools: ['read_file'] },
      when: 'args.items.all(x, args.items.all(y, x + y >= 0))',
    })
    const { client } = await connectClient(app, s.slug)
    try {
      expect(text(await client.callTool({ name: 'read_file', arguments: { items: [1, 2, 3] } }))).toContain('ran')
      const items = Array.from({ length: 2000 }, (_, i) => i)
      const r = await client.callTool({ name: 'read_file', arguments: { items } })
      expect(r.isError).toBe(true)
      expect(text(r)).toContain('policy "pairs"')
      expect(text(r)).toContain('cost limit')
    } finally {
      await client.close()
      await remove(p.body.id)
    }
  })

  test('a condition that fails on the arguments denies and says so', async () => {
    const s = await serverOf('fail-srv')
    const p = await policy({
      name: 'needs-amount',
      effect: 'allow',
      priority: 3,
      match: { servers: [s.slug], tools: ['pay'] },
      when: 'args.amount < 10',
    })
    const { client } = await connectClient(app, s.slug)
    try {
      const r = await client.callTool({ name: 'pay', arguments: {} })
      expect(r.isError).toBe(true)
      expect(text(r)).toContain('policy "needs-amount"')
      expect(text(r)).toContain('failed')
    } finally {
      await client.close()
      await remove(p.body.id)
    }
  })

  test('find_tools and call_tool (discovery mode) never offer or run a denied tool', async () => {
    const s = await serverOf('find-srv', [kit, other], { tool_discovery: { mode: 'always' } })
    const p = await policy({
      name: 'find-deny',
      effect: 'deny',
      priority: 3,
      match: { servers: [s.slug], tools: ['delete_*'] },
    })
    const { client } = await connectClient(app, s.slug)
    try {
      const found = await client.callTool({ name: 'find_tools', arguments: { query: 'file', limit: 10 } })
      const names = ((found.structuredContent as any).tools as { name: string }[]).map((t) => t.name)
      expect(names).toContain('read_file')
      expect(names).not.toContain('delete_file')
      const viaCall = await client.callTool({ name: 'call_tool', arguments: { name: 'delete_file', arguments: {} } })
      expect(viaCall.isError).toBe(true)
      expect(text(viaCall)).toContain('policy "find-deny"')
    } finally {
      await client.close()
      await remove(p.body.id)
    }
  })

  test('2026-07-28: a denied tool is absent from tools/list and refused', async () => {
    const s = await serverOf('modern-deny-srv')
    const p = await policy({
      name: 'modern-deny',
      effect: 'deny',
      priority: 3,
      match: { servers: [s.slug], tools: ['pay'] },
    })
    const send = (method: string, params: Record<string, unknown>) =>
      post(
        app,
        s.slug,
        {
          jsonrpc: '2.0',
          id: 1,
          method,
          params: {
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        },
        {
          headers: {
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': method,
            ...(params.name ? { 'mcp-name': String(params.name) } : {}),
          },
        },
      ).then((r) => json(r, 200))
    try {
      const listed = await send('tools/list', {})
      expect(listed.result.tools.map((t: { name: string }) => t.name)).not.toContain('pay')
      const r = await send('tools/call', { name: 'pay', arguments: {} })
      expect(r.result.isError).toBe(true)
      expect(text(r.result)).toContain('policy "modern-deny"')
    } finally {
      await remove(p.body.id)
    }
  })

  test('REST /tools/call is under the same policies, with server_id or without', async () => {
    const s = await serverOf('rest-srv', [other])
    const p = await policy({
      name: 'rest-deny',
      effect: 'deny',
      priority: 3,
      match: { servers: [s.slug], tools: ['other_tool'] },
    })
    try {
      const named = await call(app, '/tools/call', { body: { name: 'other_tool', arguments: {}, server_id: s.id } })
      expect(named.status).toBe(200)
      expect(named.body.isError).toBe(true)
      expect(text(named.body)).toContain('policy "rest-deny"')
      const unnamed = await call(app, '/tools/call', { body: { name: 'other_tool', arguments: {} } })
      expect(unnamed.body.isError).toBe(true)
      expect(text(unnamed.body)).toContain('policy "rest-deny"')
    } finally {
      await remove(p.body.id)
    }
    const ran = await call(app, '/tools/call', { body: { name: 'other_tool', arguments: {}, server_id: s.id } })
    expect(text(ran.body)).toContain('ran')
  })

  test('REST /tools/call with an approve policy answers that the approval is pending, and runs once it is granted', async () => {
    const s = await serverOf('rest-appr-srv', [kit])
    const p = await policy({
      name: 'rest-approve',
      effect: 'approve',
      priority: 3,
      match: { servers: [s.slug], tools: ['pay'] },
    })
    try {
      const body = { name: 'pay', arguments: { amount: 4 }, server_id: s.id }
      const first = await call(app, '/tools/call', { body })
      expect(first.body.isError).toBe(true)
      const pending = ((await call(app, '/approvals?status=pending')).body.approvals as any[]).find(
        (a) => a.server === s.slug,
      )
      expect(text(first.body)).toContain(`approval ${pending.id}`)
      expect((await call(app, `/approvals/${pending.id}`, { body: { decision: 'approve' } })).status).toBe(200)
      expect(text((await call(app, '/tools/call', { body })).body)).toBe('ran {"amount":4}')
    } finally {
      await remove(p.body.id)
    }
  })
})
