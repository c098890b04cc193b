// Two app instances on one PostgreSQL, as behind a round-robin balancer, receiving the same call at the same moment
// while an approve policy holds it: one approval request is made for the binding (caller, server, tool, arguments,
// policy version), not one per instance (docs/decisions/0393-one-approval-per-binding.md).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { call, createServer, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let a: TestApp
let b: TestApp
let serverId: string

beforeAll(async () => {
  const url = await newDatabase()
  const env = { TOOLYARD_DATABASE_URL: url, TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') }
  ;[a, b] = await Promise.all([startTestApp(env), startTestApp(env)])
  const kit = await toolkitWithTools(a, 'held-once', [
    { name: 'transfer', code: `export default async (input) => 'sent ' + input.amount` },
  ])
  serverId = (await createServer(a, { name: 'held-once', toolkits: [{ toolkit_id: kit }] })).id
  const p = await call(a, '/policies', {
    body: { name: 'transfer-approve', effect: 'approve', priority: 1, match: { tools: ['transfer'] } },
  })
  expect(p.status).toBe(201)
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

/** A REST call of `transfer` with instance a's key (one caller), through `app`; the approval id it names, if any. */
async function transfer(app: TestApp, amount: number): Promise<string | undefined> {
  const r = await call(app, '/tools/call', {
    key: a.apiKey,
    body: { server_id: serverId, name: 'transfer', arguments: { amount } },
  })
  expect(r.status).toBe(200)
  return /needs approval (\S+) /.exec(r.text)?.[1]
}

test('the same held call on two instances at once makes one approval request', async () => {
  // Both instances hold the tool for approval (the policy reaches b through the change feed).
  for (const app of [a, b]) await waitFor('the policy on each instance', async () => !!(await transfer(app, 0)))

  const named = await Promise.all(Array.from({ length: 16 }, (_, i) => transfer(i % 2 ? b : a, 7)))
  expect(named.every((id) => typeof id === 'string')).toBe(true)
  expect(new Set(named).size).toBe(1)
  const pending = (await call(a, '/approvals?status=pending&limit=100')).body.approvals as {
    id: string
    args: { amount: number }
  }[]
  expect(pending.filter((x) => x.args.amount === 7).map((x) => x.id)).toEqual([named[0]!])
})
