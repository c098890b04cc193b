// A binding's request, once closed, no longer holds the binding: after it is denied, or after it expired undecided,
// the same call (same caller, server, tool and arguments) is parked on a new request; while it is open, the same call
// names it again (docs/decisions/0393-one-approval-per-binding.md). REST calls: an approve policy answers at once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
let serverId: string

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'after-close', [
    { name: 'send', code: `export default async (input) => 'sent ' + input.n` },
  ])
  serverId = (await createServer(app, { name: 'after-close', toolkits: [{ toolkit_id: kit }] })).id
  const p = await call(app, '/policies', {
    body: { name: 'send-approve', effect: 'approve', priority: 1, match: { tools: ['send'] } },
  })
  expect(p.status).toBe(201)
})
afterAll(async () => {
  await app.stop()
})

/** The approval a REST call of `send` is parked on. */
async function parked(n: number): Promise<string> {
  const r = await call(app, '/tools/call', { body: { server_id: serverId, name: 'send', arguments: { n } } })
  expect(r.status).toBe(200)
  const id = /needs approval (\S+) /.exec(r.text)?.[1]
  expect(id).toBeString()
  return id!
}

describe('a closed request frees its binding', () => {
  test('while open, the same call names the same request', async () => {
    expect(await parked(1)).toBe(await parked(1))
  })

  test('after a denial, the same call is parked on a new request', async () => {
    const first = await parked(2)
    expect((await call(app, `/approvals/${first}`, { body: { decision: 'deny' } })).status).toBe(200)
    const second = await parked(2)
    expect(second).not.toBe(first)
    expect((await call(app, `/approvals/${second}`)).body.status).toBe('pending')
  })

  test('after it expired undecided, the same call is parked on a new request', async () => {
    const first = await parked(3)
    await app.sql('UPDATE approvals SET expires_at = $past WHERE id = $id', {
      past: '2000-01-01T00:00:00.000Z',
      id: first,
    })
    const second = await parked(3)
    expect(second).not.toBe(first)
    expect((await call(app, `/approvals/${first}`)).body.status).toBe('expired')
    expect((await call(app, `/approvals/${second}`)).body.status).toBe('pending')
  })
})
