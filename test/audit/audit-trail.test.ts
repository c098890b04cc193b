// The audit trail through the real app (SQLite, or PostgreSQL with TOOLYARD_TEST_BACKEND=postgres): every kind of change
// named with its principal, tool calls with their argument hash, no secret anywhere in it, and a chain that finds an
// entry altered or removed behind the service's back, and stays checkable after pruning.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { call, createServer, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

const keyIdOf = async (apiKey: string) => (await app.server.deps.projects.authenticate(apiKey))!.keyId

async function auditOf(key: string): Promise<any[]> {
  const out: any[] = []
  let cursor: string | undefined
  for (;;) {
    const page = await json(await app.api(`/audit?limit=50${cursor ? `&cursor=${cursor}` : ''}`, { key }), 200)
    out.push(...page.entries)
    if (!page.next_cursor) return out
    cursor = page.next_cursor
  }
}

const exportOf = async (key: string) => {
  const res = await app.api('/audit/export', { key })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('application/x-ndjson')
  return res.text()
}

const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, x[k]]),
        )
      : x,
  )

describe('changes through REST', () => {
  test('creating, changing and deleting a server are entries naming the key, the resource and the fields sent', async () => {
    const p = await app.newProject('audit-changes')
    const keyId = await keyIdOf(p.apiKey)
    const server = await createServer(app, { name: 'Audited', description: 'x' }, p.apiKey)
    expect(
      (await call(app, `/servers/${server.id}`, { method: 'PATCH', body: { name: 'Renamed' }, key: p.apiKey })).status,
    ).toBe(200)
    expect((await call(app, `/servers/${server.id}`, { method: 'DELETE', key: p.apiKey })).status).toBe(200)
    const entries = (await auditOf(p.apiKey)).filter((e) => e.resource === 'servers')
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'delete'])
    for (const e of entries) {
      expect(e.actor).toEqual({ kind: 'key', key_id: keyId })
      expect(e.resource_id).toBe(server.id)
    }
    expect(entries[0].detail.fields).toEqual(['description', 'name'])
    expect(entries[1].detail.fields).toEqual(['name'])
    // Consecutive sequence numbers, each linked to the one before.
    const all = await auditOf(p.apiKey)
    all.forEach((e, i) => {
      expect(e.seq).toBe(i + 1)
      if (i > 0) expect(e.prev_hash).toBe(all[i - 1].hash)
    })
  })

  test('a refused change (400) and a read are not entries', async () => {
    const p = await app.newProject('audit-refused')
    expect((await call(app, '/servers', { body: { name: '' }, key: p.apiKey })).status).toBe(400)
    expect((await call(app, '/servers', { key: p.apiKey })).status).toBe(200)
    expect(await auditOf(p.apiKey)).toEqual([])
  })

  test('credentials, providers, keys and webhooks are audited by field name: no secret value reaches the trail or the export', async () => {
    const p = await app.newProject('audit-secrets')
    const secrets = ['cred-secret-4f9a1b7e', 'provider-secret-8c2d0e55']
    const provider = await json(
      await app.api('/providers', {
        key: p.apiKey,
        body: {
          id: 'acme',
          name: 'Acme',
          auth_type: 'oauth',
          authorize_url: 'https://acme.example/authorize',
          token_url: 'https://acme.example/token',
          client_id: 'acme-client',
          client_secret: secrets[1],
        },
      }),
      201,
    )
    expect(provider.id).toBe('acme')
    const cred = await call(app, '/credentials', {
      key: p.apiKey,
      body: { name: 'acme key', provider_id: 'acme', credential_data: { api_key: secrets[0] } },
    })
    expect(cred.status).toBe(201)
    const key = await json(await app.api('/keys', { key: p.apiKey, body: { name: 'second' } }), 201)
    secrets.push(key.api_key ?? key.key)
    const rx = startReceiver()
    try {
      const sub = await json(await app.api('/subscribe', { key: p.apiKey, body: { callback_url: rx.url } }), 201)
      secrets.push(sub.secret)
    } finally {
      await rx.stop()
    }
    const entries = await auditOf(p.apiKey)
    expect(entries.map((e) => `${e.action} ${e.resource}`)).toEqual([
      'create providers',
      'create credentials',
      'create keys',
      'subscribe subscriptions',
    ])
    expect(entries.find((e) => e.resource === 'credentials').detail.fields).toContain('credential_data')
    expect(entries.find((e) => e.resource === 'providers').detail.fields).toContain('client_secret')
    const text = JSON.stringify(entries) + (await exportOf(p.apiKey))
    for (const s of secrets) {
      expect(typeof s).toBe('string')
      expect(text).not.toContain(s)
    }
  })
})

describe('tool calls', () => {
  test('a tool call is an entry with its caller, server, tool, argument hash, outcome and duration (no arguments by default)', async () => {
    const p = await app.newProject('audit-calls')
    const keyId = await keyIdOf(p.apiKey)
    const kit = await toolkitWithTools(
      app,
      'echoer',
      [{ name: 'echo', code: 'export default async (i) => i' }],
      p.apiKey,
    )
    const server = await createServer(app, { name: 'calls', toolkits: [{ toolkit_id: kit }] }, p.apiKey)
    const args = { b: 2, a: 'one', token: 'tool-arg-secret-77aa' }
    const res = await call(app, '/tools/call', {
      key: p.apiKey,
      body: { server_id: server.id, name: 'echo', arguments: args },
    })
    expect(res.status).toBe(200)
    const entry = (await auditOf(p.apiKey)).find((e) => e.resource === 'tool')
    expect(entry.action).toBe('call')
    expect(entry.resource_id).toBe('echo')
    expect(entry.actor).toEqual({ kind: 'key', key_id: keyId })
    expect(entry.detail.server_id).toBe(server.id)
    expect(entry.detail.outcome).toBe('ok')
    expect(typeof entry.detail.duration_ms).toBe('number')
    expect(entry.detail.arguments_sha256).toBe(createHash('sha256').update(canonical(args)).digest('hex'))
    expect(entry.detail.arguments).toBeUndefined()
    expect(await exportOf(p.apiKey)).not.toContain('tool-arg-secret-77aa')
  })

  test('log_arguments "redacted" keeps the arguments without secret fields; "full" keeps them whole', async () => {
    const p = await app.newProject('audit-args')
    const kit = await toolkitWithTools(
      app,
      'argkit',
      [{ name: 'echo', code: 'export default async (i) => i' }],
      p.apiKey,
    )
    const redacted = await createServer(
      app,
      { name: 'redacted', toolkits: [{ toolkit_id: kit }], log_arguments: 'redacted' },
      p.apiKey,
    )
    expect(redacted.log_arguments).toBe('redacted')
    const full = await createServer(app, { name: 'full', toolkits: [{ toolkit_id: kit }] }, p.apiKey)
    expect(full.log_arguments).toBe('none')
    const patched = await call(app, `/servers/${full.id}`, {
      method: 'PATCH',
      key: p.apiKey,
      body: { log_arguments: 'full' },
    })
    expect(patched.body.data.log_arguments).toBe('full')
    const bad = await call(app, `/servers/${full.id}`, {
      method: 'PATCH',
      key: p.apiKey,
      body: { log_arguments: 'all' },
    })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('log_arguments')
    const args = { city: 'Oslo', api_key: 'arg-secret-5151aa' }
    for (const s of [redacted, full])
      expect(
        (await call(app, '/tools/call', { key: p.apiKey, body: { server_id: s.id, name: 'echo', arguments: args } }))
          .status,
      ).toBe(200)
    const calls = (await auditOf(p.apiKey)).filter((e) => e.resource === 'tool')
    const onRedacted = calls.find((e) => e.detail.server_id === redacted.id)
    expect(onRedacted.detail.arguments).toEqual({ city: 'Oslo', api_key: '[redacted]' })
    expect(JSON.stringify(onRedacted)).not.toContain('arg-secret-5151aa')
    expect(calls.find((e) => e.detail.server_id === full.id).detail.arguments).toEqual(args)
  })
})

describe('the chain', () => {
  async function projectWithEntries(name: string, n: number) {
    const p = await app.newProject(name)
    for (let i = 0; i < n; i++) await createServer(app, { name: `${name}-${i}` }, p.apiKey)
    const entries = await auditOf(p.apiKey)
    expect(entries.length).toBe(n)
    return { ...p, entries }
  }
  const verify = async (key: string) => json(await app.api('/audit/verify', { key }), 200)

  test('an intact chain verifies', async () => {
    const p = await projectWithEntries('chain-ok', 3)
    expect(await verify(p.apiKey)).toMatchObject({ ok: true, entries: 3, last_seq: 3 })
  })

  test('an entry altered in the database is found and named', async () => {
    const p = await projectWithEntries('chain-altered', 4)
    await app.sql(`UPDATE audit_entries SET detail = '{"fields":["forged"]}' WHERE project_id = $p AND seq = 2`, {
      p: p.projectId,
    })
    const r = await verify(p.apiKey)
    expect(r.ok).toBe(false)
    expect(r.first_bad).toEqual({ seq: 2, id: p.entries[1].id, problem: 'altered' })
  })

  test('an entry deleted from the database is found and named, in the middle or at the end', async () => {
    const p = await projectWithEntries('chain-deleted', 4)
    await app.sql('DELETE FROM audit_entries WHERE project_id = $p AND seq = 2', { p: p.projectId })
    expect((await verify(p.apiKey)).first_bad).toEqual({ seq: 2, problem: 'missing' })
    const q = await projectWithEntries('chain-tail', 3)
    await app.sql('DELETE FROM audit_entries WHERE project_id = $p AND seq = 3', { p: q.projectId })
    expect((await verify(q.apiKey)).first_bad).toEqual({ seq: 3, problem: 'missing' })
  })

  test('pruning old entries keeps the chain checkable from its checkpoint', async () => {
    const p = await projectWithEntries('chain-pruned', 5)
    await app.sql(`UPDATE audit_entries SET at = '2000-01-01T00:00:00.000Z' WHERE project_id = $p AND seq <= 3`, {
      p: p.projectId,
    })
    expect(await app.server.deps.audit.pruneOlderThan(90)).toBeGreaterThanOrEqual(3)
    const left = await auditOf(p.apiKey)
    expect(left.map((e) => e.seq)).toEqual([4, 5])
    expect(await verify(p.apiKey)).toMatchObject({ ok: true, entries: 2, checkpoint_seq: 3, last_seq: 5 })
    // And appending goes on from the head.
    await createServer(app, { name: 'after-prune' }, p.apiKey)
    expect(await verify(p.apiKey)).toMatchObject({ ok: true, entries: 3, last_seq: 6 })
  })

  test('GET /audit pages from `since` and refuses a bad cursor or time by name', async () => {
    const p = await projectWithEntries('chain-pages', 3)
    const first = await json(await app.api('/audit?limit=2', { key: p.apiKey }), 200)
    expect(first.entries.map((e: any) => e.seq)).toEqual([1, 2])
    const second = await json(await app.api(`/audit?limit=2&cursor=${first.next_cursor}`, { key: p.apiKey }), 200)
    expect(second.entries.map((e: any) => e.seq)).toEqual([3])
    expect(second.next_cursor).toBeUndefined()
    const since = await json(
      await app.api(`/audit?since=${encodeURIComponent(p.entries[2].at)}`, { key: p.apiKey }),
      200,
    )
    expect(since.entries[0].seq).toBeGreaterThanOrEqual(2)
    const badCursor = await call(app, '/audit?cursor=nope', { key: p.apiKey })
    expect(badCursor.status).toBe(400)
    expect(badCursor.text).toContain('cursor')
    const badSince = await call(app, '/audit?since=yesterday', { key: p.apiKey })
    expect(badSince.status).toBe(400)
    expect(badSince.text).toContain('since')
  })
})

describe('audit.batch webhooks', () => {
  test('a subscription to toolyard://audit receives signed batches of entries', async () => {
    const p = await app.newProject('audit-hooks')
    const rx = startReceiver()
    try {
      const sub = await json(
        await app.api('/resources/subscribe', {
          key: p.apiKey,
          body: { uri: 'toolyard://audit', callback_url: rx.url },
        }),
        201,
      )
      await createServer(app, { name: 'hooked' }, p.apiKey)
      await app.server.deps.audit.flush()
      const withServer = (r: (typeof rx.received)[number]) =>
        r.json?.event === 'audit.batch' && r.json.entries.some((e: any) => e.resource === 'servers')
      await waitFor('an audit.batch delivery naming the server', () => rx.received.some(withServer))
      const got = rx.received.find(withServer)!
      new Webhook(sub.secret).verify(got.body, got.headers as Record<string, string>)
      expect(got.json.subscription_id).toBe(sub.id)
      expect(got.json.entries[0].actor.kind).toBe('key')
    } finally {
      await rx.stop()
    }
  })
})
