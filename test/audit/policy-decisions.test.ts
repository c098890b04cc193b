// Policy decisions and approvals in the audit trail: a call a deny policy refuses and one an approve policy parks,
// each naming the policy (id, name, version) and the caller; an approval decided by an admin key, a dashboard member
// and the single-use link, each naming who; a pinned-definition change approved and rejected, naming who. Neither the
// arguments nor the link's token ever reach an entry.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { call, createServer, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
let rx: ReturnType<typeof startReceiver>
let secret: string
let keyId: string
let slug: string
const policies: Record<string, { id: string; name: string; version: number }> = {}

const SECRET_ARG = 'card-4111-1111-1111-1111'
const echo = `export default async (input) => 'ran ' + JSON.stringify(input)`
const anyArgs = { type: 'object', properties: {}, additionalProperties: true }

beforeAll(async () => {
  app = await startTestApp()
  keyId = (await app.server.deps.projects.authenticate(app.apiKey))!.keyId
  rx = startReceiver()
  const sub = await call(app, '/subscribe', { body: { callback_url: rx.url } })
  expect(sub.status).toBe(201)
  secret = sub.body.secret
  const kit = await toolkitWithTools(app, 'audited-kit', [
    { name: 'pay', code: echo, input_schema: anyArgs },
    { name: 'wipe', code: echo, input_schema: anyArgs },
  ])
  slug = (await createServer(app, { name: 'audited', toolkits: [{ toolkit_id: kit }] })).slug
  for (const [tool, effect] of [
    ['wipe', 'deny'],
    ['pay', 'approve'],
  ] as const) {
    const p = await call(app, '/policies', {
      body: { name: `${tool}-${effect}`, effect, priority: 1, match: { tools: [tool] }, approval_wait_s: 1 },
    })
    expect(p.status).toBe(201)
    policies[tool] = { id: p.body.id, name: p.body.name, version: p.body.version }
  }
})
afterAll(async () => {
  await app.stop()
  await rx.stop()
})

const entries = async (): Promise<any[]> => (await json(await app.api('/audit?limit=1000'), 200)).entries

/** The signed approval.requested event of one approval. */
const requested = (approvalId: string): Promise<any> =>
  waitFor(`approval.requested for ${approvalId}`, () => {
    for (const got of rx.received) {
      if (got.json?.event !== 'approval.requested' || got.json.approval.id !== approvalId) continue
      return new Webhook(secret).verify(got.body, {
        'webhook-id': got.headers['webhook-id']!,
        'webhook-timestamp': got.headers['webhook-timestamp']!,
        'webhook-signature': got.headers['webhook-signature']!,
      }) as any
    }
    return undefined
  })

/** Parks one call of `pay` (it returns pending after approval_wait_s) and gives its approval id. */
async function parkedPay(amount: number): Promise<string> {
  const { client } = await connectClient(app, slug)
  try {
    const r = await client.callTool({ name: 'pay', arguments: { amount, card: SECRET_ARG } })
    expect(r.isError).toBe(true)
  } finally {
    await client.close()
  }
  const pending = (await call(app, '/approvals?status=pending')).body.approvals as any[]
  return pending.find((a) => a.args.amount === amount).id
}

describe('policy decisions in the audit trail', () => {
  test('a call a deny policy refuses names the policy, its version and the caller', async () => {
    const { client } = await connectClient(app, slug)
    try {
      const r = await client.callTool({ name: 'wipe', arguments: { card: SECRET_ARG } })
      expect(r.isError).toBe(true)
    } finally {
      await client.close()
    }
    const refused = (await entries()).filter((e) => e.action === 'refuse')
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({
      resource: 'tool',
      resource_id: 'wipe',
      actor: { kind: 'key', key_id: keyId },
      detail: { tool: 'wipe', effect: 'deny', policy: { ...policies.wipe, version: 1 } },
    })
    expect(refused[0].detail.arguments_sha256).toMatch(/^[0-9a-f]{64}$/)
    // The refused call's own entry names the caller too.
    const call = (await entries()).find((e) => e.action === 'call' && e.resource_id === 'wipe')
    expect(call).toMatchObject({ actor: { kind: 'key', key_id: keyId }, detail: { outcome: 'denied' } })
  })

  test('a call an approve policy parks names the policy and the approval request', async () => {
    const approvalId = await parkedPay(1)
    const held = (await entries()).filter((e) => e.action === 'hold')
    expect(held.length).toBeGreaterThanOrEqual(1)
    expect(held.at(-1)).toMatchObject({
      resource: 'tool',
      resource_id: 'pay',
      actor: { kind: 'key', key_id: keyId },
      detail: { effect: 'approve', approval_id: approvalId, policy: { ...policies.pay, version: 1 } },
    })
  })

  test('approvals decided by a key, a dashboard member and the single-use link each name who decided', async () => {
    const byKey = await parkedPay(2)
    expect((await call(app, `/approvals/${byKey}`, { body: { decision: 'approve', note: 'ok by ops' } })).status).toBe(
      200,
    )

    const byDashboard = await parkedPay(3)
    const signIn = await fetch(`${app.base}/ui/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${encodeURIComponent(app.apiKey)}`,
    })
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const decided = await fetch(`${app.base}/ui/approvals/${byDashboard}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'decision=deny',
    })
    expect(decided.status).toBe(303)

    const byLink = await parkedPay(4)
    const link = (await requested(byLink)).approval.approve_url as string
    const viaLink = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    })
    expect(viaLink.status).toBe(200)

    const all = await entries()
    const decision = (id: string) => all.find((e) => e.resource === 'approvals' && e.resource_id === id)
    expect(decision(byKey)).toMatchObject({
      action: 'approve',
      actor: { kind: 'key', key_id: keyId },
      detail: { tool: 'pay', policy: { ...policies.pay, version: 1 }, note: 'ok by ops' },
    })
    expect(decision(byDashboard)).toMatchObject({
      action: 'deny',
      actor: { kind: 'dashboard', key_id: keyId, member: `key:${keyId}` },
    })
    expect(decision(byLink)).toMatchObject({ action: 'approve', actor: { kind: 'approval_link' } })
    // One entry per decision: the generic REST change entry does not double it.
    expect(all.filter((e) => e.resource === 'approvals')).toHaveLength(3)

    const text = JSON.stringify(all)
    expect(text).not.toContain(SECRET_ARG)
    expect(text).not.toContain(new URL(link).searchParams.get('token')!)
  })
})

describe('pinned-definition changes in the audit trail', () => {
  const api = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => Response.json({}) })
  afterAll(() => api.stop(true))
  const ok = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } }
  const doc = (summary: string, more = false) => ({
    openapi: '3.1.0',
    info: { title: 'Notes', version: '1.0.0' },
    servers: [{ url: `http://127.0.0.1:${api.port}` }],
    paths: {
      '/notes': {
        get: { operationId: 'listNotes', summary, responses: ok },
        ...(more ? { post: { operationId: 'addNote', summary: 'Adds a note', responses: ok } } : {}),
      },
    },
  })

  test('a held change approved with a key and one rejected in the dashboard each name who decided', async () => {
    const made = await json(
      await app.api('/toolkits/import/openapi', { body: { name: 'notes', spec: doc('Lists') } }),
      201,
    )
    const kitId = made.toolkit.id
    const re = await json(
      await app.api(`/toolkits/${kitId}/reimport`, { body: { spec: doc('Lists notes', true) } }),
      200,
    )
    expect(re.held.sort()).toEqual(['addNote', 'listNotes'])
    const changes = (await json(await app.api(`/toolkits/${kitId}/changes?status=pending`), 200)).changes as any[]
    const added = changes.find((c) => c.tool_name === 'addNote')
    const updated = changes.find((c) => c.tool_name === 'listNotes')
    expect((await call(app, `/toolkits/${kitId}/changes/${added.id}`, { body: { decision: 'approve' } })).status).toBe(
      200,
    )
    const signIn = await fetch(`${app.base}/ui/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${encodeURIComponent(app.apiKey)}`,
    })
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const rejected = await fetch(`${app.base}/ui/toolkits/${kitId}/changes/${updated.id}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: 'decision=reject',
    })
    expect(rejected.status).toBe(303)

    const decided = (await entries()).filter((e) => e.resource === 'changes')
    expect(decided).toHaveLength(2)
    expect(decided.find((e) => e.resource_id === added.id)).toMatchObject({
      action: 'approve',
      actor: { kind: 'key', key_id: keyId },
      detail: { toolkit_id: kitId, tool: 'addNote', kind: 'added' },
    })
    expect(decided.find((e) => e.resource_id === updated.id)).toMatchObject({
      action: 'reject',
      actor: { kind: 'dashboard', key_id: keyId, member: `key:${keyId}` },
      detail: { toolkit_id: kitId, tool: 'listNotes', kind: 'updated', fields: ['title', 'description'] },
    })
  })
})
