// Approvals end to end: a policy with effect "approve" parks a call; a real webhook receiver gets the signed
// approval.requested event and decides through its single-use link; a 2025-11-25 SDK client's stream stays open with
// progress until then, or gets isError naming the approval after approval_wait_s (the same call then runs once it is
// granted); a 2026-07-28 client that offers tasks gets a task (raw requests: the SDK does not speak 2026-07-28);
// denied and expired requests; 409 for deciding one that was decided or expired.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { call, createServer, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
let kit: string
let rx: ReturnType<typeof startReceiver>
let secret: string

const echo = `export default async (input) => 'ran ' + JSON.stringify(input)`
const anyArgs = { type: 'object', properties: {}, additionalProperties: true }

beforeAll(async () => {
  app = await startTestApp()
  kit = await toolkitWithTools(app, 'appr-kit', [
    { name: 'pay', code: echo, input_schema: anyArgs },
    { name: 'free', code: echo, input_schema: anyArgs },
  ])
  rx = startReceiver()
  const sub = await call(app, '/subscribe', { body: { callback_url: rx.url } })
  expect(sub.status).toBe(201)
  secret = sub.body.secret
})
afterAll(async () => {
  await app.stop()
  await rx.stop()
})

const text = (r: any) => (r.content as { text: string }[]).map((c) => c.text).join('\n')

/** A server with the kit and an approve policy on `pay` there. */
async function approvalServer(name: string, approval_wait_s: number) {
  const s = await createServer(app, { name, toolkits: [{ toolkit_id: kit }] })
  const p = await call(app, '/policies', {
    body: {
      name: `${name}-approve`,
      effect: 'approve',
      priority: 1,
      match: { servers: [s.slug], tools: ['pay'] },
      approval_wait_s,
    },
  })
  expect(p.status).toBe(201)
  return { slug: s.slug as string, policy: p.body as { id: string; name: string } }
}

/** The approval.requested event for this server, verified with the subscription's secret. */
async function requested(server: string, tool = 'pay', seen = new Set<string>()): Promise<any> {
  return waitFor(`approval.requested for ${server}`, () => {
    for (const got of rx.received) {
      if (got.json?.event !== 'approval.requested' || got.json.approval.server !== server) continue
      if (got.json.approval.tool !== tool || seen.has(got.json.approval.id)) continue
      return new Webhook(secret).verify(got.body, {
        'webhook-id': got.headers['webhook-id']!,
        'webhook-timestamp': got.headers['webhook-timestamp']!,
        'webhook-signature': got.headers['webhook-signature']!,
      }) as any
    }
    return undefined
  })
}

const pendingFor = async (server: string) =>
  ((await call(app, '/approvals?status=pending')).body.approvals as any[]).filter((a) => a.server === server)

const decide = (id: string, decision: string, note?: string) =>
  call(app, `/approvals/${id}`, { body: { decision, ...(note ? { note } : {}) } })

describe('approvals', () => {
  test('2025-11-25: the stream stays open with progress; the webhook is signed and its single-use link approves; the call then runs', async () => {
    const { slug, policy } = await approvalServer('appr-held', 60)
    const { client } = await connectClient(app, slug)
    try {
      const progress: unknown[] = []
      const result = client.callTool({ name: 'pay', arguments: { to: 'bob', amount: 5 } }, undefined, {
        onprogress: (p) => progress.push(p),
        resetTimeoutOnProgress: true,
      })
      const event = await requested(slug)
      const a = event.approval
      const digest = createHash('sha256').update('{"amount":5,"to":"bob"}').digest('hex')
      expect(a).toMatchObject({
        status: 'pending',
        server: slug,
        tool: 'pay',
        args: { to: 'bob', amount: 5 },
        args_digest: digest,
        policy: policy.name,
        policy_version: 1,
        user: null,
      })
      expect(a.key).toBeString()
      expect(a.approve_url).toStartWith(`${app.base}/approvals/${a.id}/link?token=`)
      expect((await pendingFor(slug)).map((x) => x.id)).toEqual([a.id])
      await waitFor('a progress notification', () => progress.length > 0)

      // The link's page names the call; a wrong token is refused.
      const page = await fetch(a.approve_url)
      expect(await page.text()).toContain('pay')
      const wrong = await fetch(`${app.base}/approvals/${a.id}/link?token=nope`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'approve' }),
      })
      expect(wrong.status).toBe(403)
      const approved = await fetch(a.approve_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'approve' }),
      })
      expect((await json(approved, 200)).status).toBe('approved')
      expect(text(await result)).toBe('ran {"to":"bob","amount":5}')

      // Single use: the link and the admin key can no longer decide it; the grant was used once.
      const again = await fetch(a.approve_url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'deny' }),
      })
      expect(again.status).toBe(409)
      expect((await decide(a.id, 'deny')).status).toBe(409)
      const after = (await call(app, `/approvals/${a.id}`)).body
      expect(after).toMatchObject({ status: 'approved', decided_by: 'link' })
      expect(after.used_at).toBeString()
    } finally {
      await client.close()
    }
  })

  test('2025-11-25: after approval_wait_s the call gets isError naming the approval; once granted the same call runs once', async () => {
    const { slug } = await approvalServer('appr-retry', 1)
    const { client } = await connectClient(app, slug)
    try {
      const first = await client.callTool({ name: 'pay', arguments: { amount: 7 } })
      expect(first.isError).toBe(true)
      const [pending] = await pendingFor(slug)
      expect(text(first)).toContain(`approval ${pending.id}`)
      expect(text(first)).toContain('pending')
      // The same call again while it is pending is bound to the same request (no second one).
      await client.callTool({ name: 'pay', arguments: { amount: 7 } })
      expect((await pendingFor(slug)).length).toBe(1)

      expect((await decide(pending.id, 'approve', 'ok once')).body.status).toBe('approved')
      // Other arguments are another request.
      const other = await client.callTool({ name: 'pay', arguments: { amount: 8 } })
      expect(other.isError).toBe(true)
      expect(text(other)).not.toContain(pending.id)
      // The granted call runs once; the next one asks again.
      expect(text(await client.callTool({ name: 'pay', arguments: { amount: 7 } }))).toBe('ran {"amount":7}')
      const third = await client.callTool({ name: 'pay', arguments: { amount: 7 } })
      expect(third.isError).toBe(true)
      expect(text(third)).not.toContain(pending.id)
      // A tool no policy names runs as before.
      expect(text(await client.callTool({ name: 'free', arguments: {} }))).toBe('ran {}')
    } finally {
      await client.close()
    }
  })

  test('a denied request ends the held call with isError saying so, with the note', async () => {
    const { slug } = await approvalServer('appr-deny', 60)
    const { client } = await connectClient(app, slug)
    try {
      const result = client.callTool({ name: 'pay', arguments: { amount: 1 } })
      const event = await requested(slug)
      expect((await decide(event.approval.id, 'deny', 'not today')).body.status).toBe('denied')
      const r = await result
      expect(r.isError).toBe(true)
      expect(text(r)).toContain('denied')
      expect(text(r)).toContain('not today')
      expect(((await call(app, '/approvals?status=denied')).body.approvals as any[]).map((a) => a.id)).toContain(
        event.approval.id,
      )
    } finally {
      await client.close()
    }
  })

  test('an expired request is listed as expired and cannot be decided (409)', async () => {
    const { slug } = await approvalServer('appr-expired', 1)
    const { client } = await connectClient(app, slug)
    try {
      await client.callTool({ name: 'pay', arguments: { amount: 2 } })
      const [pending] = await pendingFor(slug)
      await app.sql('UPDATE approvals SET expires_at = $past WHERE id = $id', {
        past: '2000-01-01T00:00:00.000Z',
        id: pending.id,
      })
      const expired = (await call(app, '/approvals?status=expired')).body.approvals as any[]
      expect(expired.map((a) => a.id)).toContain(pending.id)
      const r = await decide(pending.id, 'approve')
      expect(r.status).toBe(409)
      expect(r.body.error).toContain('expired')
      expect((await decide('no-such-approval', 'approve')).status).toBe(404)
    } finally {
      await client.close()
    }
  })

  test('2026-07-28 with tasks: the call answers with a task, working until approved, then completed with the result', async () => {
    const { slug } = await approvalServer('appr-task', 60)
    const send = (method: string, params: Record<string, unknown>) =>
      post(
        app,
        slug,
        {
          jsonrpc: '2.0',
          id: 1,
          method,
          params: {
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
            },
          },
        },
        {
          headers: {
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': method,
            ...(params.name ? { 'mcp-name': String(params.name) } : {}),
            ...(params.taskId ? { 'mcp-name': String(params.taskId) } : {}),
          },
        },
      ).then((r) => json(r, 200))
    const created = (await send('tools/call', { name: 'pay', arguments: { amount: 9 } })).result
    expect(created).toMatchObject({ resultType: 'task', status: 'working' })
    const event = await requested(slug)
    expect((await send('tasks/get', { taskId: created.taskId })).result.status).toBe('working')
    await decide(event.approval.id, 'approve')
    const done = await waitFor('the task completed', async () => {
      const r = (await send('tasks/get', { taskId: created.taskId })).result
      return r.status === 'completed' ? r : undefined
    })
    expect(done.result.content[0].text).toBe('ran {"amount":9}')
    // A tool no policy names still answers at once.
    expect((await send('tools/call', { name: 'free', arguments: {} })).result).toMatchObject({ resultType: 'complete' })
  })

  test('the dashboard lists pending approvals and approves one; the held call then runs', async () => {
    const { slug } = await approvalServer('appr-ui', 60)
    const { client } = await connectClient(app, slug)
    try {
      const result = client.callTool({ name: 'pay', arguments: { amount: 3 } })
      const event = await requested(slug)
      const form = { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded' }
      const signIn = await fetch(`${app.base}/ui/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: form,
        body: `key=${encodeURIComponent(app.apiKey)}`,
      })
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
      const page = await (await fetch(`${app.base}/ui/approvals`, { headers: { cookie } })).text()
      expect(page).toContain(`id="approval-${event.approval.id}"`)
      expect(page).toContain('Approve')
      const decided = await fetch(`${app.base}/ui/approvals/${event.approval.id}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...form, cookie },
        body: 'decision=approve&note=looks+fine',
      })
      expect(decided.status).toBe(303)
      expect(text(await result)).toBe('ran {"amount":3}')
      expect((await call(app, `/approvals/${event.approval.id}`)).body).toMatchObject({
        status: 'approved',
        note: 'looks fine',
      })
    } finally {
      await client.close()
    }
  })
})
