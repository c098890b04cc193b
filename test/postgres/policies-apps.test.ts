// Two app instances on one PostgreSQL, as behind a round-robin balancer, and policies: a policy written through one
// instance hides a tool on the other (its read model hears the change feed), and a call held for an approval on one
// instance runs when the request is approved through the other (docs/decisions/0342-approvals.md).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { call, createServer, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let a: TestApp
let b: TestApp
let slug: string

beforeAll(async () => {
  const url = await newDatabase()
  const env = { TOOLYARD_DATABASE_URL: url, TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') }
  ;[a, b] = await Promise.all([startTestApp(env), startTestApp(env)])
  const kit = await toolkitWithTools(a, 'shared-policies', [
    { name: 'pay', code: `export default async (input) => 'paid ' + input.amount` },
    { name: 'wipe', code: `export default async () => 'wiped'` },
  ])
  slug = (await createServer(a, { name: 'shared-pol', toolkits: [{ toolkit_id: kit }] })).slug
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

test('a policy written through one instance hides the tool on the other', async () => {
  const { client } = await connectClient(a, slug)
  try {
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('wipe')
    const p = await call(b, '/policies', {
      body: { name: 'no-wipe', effect: 'deny', priority: 1, match: { tools: ['wipe'] } },
    })
    expect(p.status).toBe(201)
    await waitFor('the other instance to hide wipe', async () =>
      (await client.listTools()).tools.every((t) => t.name !== 'wipe'),
    )
    const r = await client.callTool({ name: 'wipe', arguments: {} })
    expect(r.isError).toBe(true)
  } finally {
    await client.close()
  }
})

test('a call held on one instance runs when the request is approved through the other', async () => {
  const p = await call(b, '/policies', {
    body: { name: 'pay-approve', effect: 'approve', priority: 1, match: { tools: ['pay'] }, approval_wait_s: 60 },
  })
  expect(p.status).toBe(201)
  const { client } = await connectClient(a, slug)
  try {
    // The new policy reaches instance a through the change feed; until then the call would simply run.
    let held: ReturnType<typeof client.callTool> | undefined
    const pending = await waitFor('an approval request', async () => {
      held ??= client.callTool({ name: 'pay', arguments: { amount: 3 } })
      const list = (await call(b, '/approvals?status=pending')).body.approvals as { id: string }[]
      if (list.length) return list[0]!
      const settled = await Promise.race([held.then(() => true), Bun.sleep(50).then(() => false)])
      if (settled) held = undefined
      return undefined
    })
    expect((await call(b, `/approvals/${pending.id}`, { body: { decision: 'approve' } })).status).toBe(200)
    const result = await held!
    expect((result.content as { text: string }[])[0]!.text).toBe('paid 3')
  } finally {
    await client.close()
  }
})
