// Tool calls with short-lived OAuth tokens (60 s, far inside the 900 s refresh margin): a call refreshes only when the
// refresh job would — once half the token's lifetime has passed — and concurrent calls share one token request. The
// scheduled job is stopped, so every refresh counted here is a call's. Before, every call inside the margin refreshed.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import {
  connectProvider,
  credentialTool,
  fingerprint,
  type MockIdp,
  type RecordingApp,
  startMockIdp,
  startRecordingApp,
} from '../helpers/oauth-idp'

const LIFETIME_S = 60
let app: RecordingApp
let idp: MockIdp
let credentialId = ''
let tool: { serverId: string; tool: string }

beforeAll(async () => {
  idp = await startMockIdp()
  idp.server.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
    if (typeof response.body.access_token === 'string') response.body.expires_in = LIFETIME_S
  })
  app = await startRecordingApp()
  app.server.deps.scheduler.stop()
  credentialId = await connectProvider(app, idp, 'short')
  tool = await credentialTool(app, 'short', credentialId, 'short')
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

const refreshes = () => idp.calls.filter((c) => c.grant_type === 'refresh_token').length
async function callTool(): Promise<string> {
  const res = await app.call('/tools/call', { body: { server_id: tool.serverId, name: tool.tool, arguments: {} } })
  expect(res.status).toBe(200)
  expect(res.body.isError).toBe(false)
  return res.body.content[0].text
}
const sequential = async (n: number) => {
  const seen: string[] = []
  for (let i = 0; i < n; i++) seen.push(await callTool())
  return seen
}
const concurrent = (n: number) => Promise.all(Array.from({ length: n }, callTool))
/** The token was obtained `ageS` ago and expires `leftS` from now. */
const shiftToken = (ageS: number, leftS: number) =>
  app.sql('UPDATE credentials SET refreshed_at = $obtained, expires_at = $expires WHERE id = $id', {
    obtained: new Date(Date.now() - ageS * 1000).toISOString(),
    expires: new Date(Date.now() + leftS * 1000).toISOString(),
    id: credentialId,
  })

test('a fresh 60 s token: ten sequential and ten concurrent calls refresh nothing', async () => {
  const before = refreshes()
  const seen = [...(await sequential(10)), ...(await concurrent(10))]
  expect(refreshes()).toBe(before)
  expect(new Set(seen).size).toBe(1)
})

test('past half its lifetime: ten concurrent calls make one token request, and the calls after it none', async () => {
  // Obtained 40 s ago, 20 s left: past half of its 60 s, still valid.
  const old = await callTool()
  await shiftToken(40, 20)
  const before = refreshes()
  const seen = await concurrent(10)
  expect(refreshes()).toBe(before + 1)
  // A call that came in while the refresh was under way used the old token, still valid: only an expired one waits.
  const fresh = fingerprint(idp.issued.at(-3)!)
  for (const s of seen) expect([old, fresh]).toContain(s)
  expect(seen).toContain(fresh)
  // The new token is due in 30 s: the calls now use it as it is.
  expect(new Set(await sequential(10))).toEqual(new Set([fresh]))
  expect(refreshes()).toBe(before + 1)
})

test('still inside its first half (20 s of 60 passed): no refresh, although inside the margin', async () => {
  await shiftToken(20, 40)
  const before = refreshes()
  await concurrent(5)
  await sequential(5)
  expect(refreshes()).toBe(before)
})

test('expired: ten concurrent calls share one refresh and all get the new token', async () => {
  await shiftToken(70, -10)
  const before = refreshes()
  const seen = await concurrent(10)
  expect(refreshes()).toBe(before + 1)
  expect(new Set(seen)).toEqual(new Set([fingerprint(idp.issued.at(-3)!)]))
})

test('expired and leased by a claimer that died: a call waits out the lease, then refreshes it once itself', async () => {
  // The claim of an instance that stopped mid-refresh: a retry-after 1 s ahead with no error recorded.
  await app.sql(
    'UPDATE credentials SET expires_at = $expired, refresh_retry_after = $lease, last_error = NULL WHERE id = $id',
    {
      expired: new Date(Date.now() - 10_000).toISOString(),
      lease: new Date(Date.now() + 1_000).toISOString(),
      id: credentialId,
    },
  )
  const before = refreshes()
  const seen = await concurrent(3)
  expect(refreshes()).toBe(before + 1)
  expect(new Set(seen)).toEqual(new Set([fingerprint(idp.issued.at(-3)!)]))
})
