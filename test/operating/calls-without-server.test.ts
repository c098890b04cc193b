// Calls made without a server — REST /tools/call without server_id, and /functions/{id}/invoke — are calls like any
// other: each has its call log row (no server), the metrics count it, and the dashboard's overview shows it under
// "no server (REST)".
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'

const ADMIN = 'admin-token-for-metrics-0123456789'
let app: TestApp

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN })
  await toolkitWithTools(app, 'loose', [{ name: 'shout', code: 'export default async () => ({ said: "HI" })' }])
})
afterAll(() => app?.stop())

const loggedCalls = async () => (await json(await app.api('/calls?limit=50'), 200)).calls as Record<string, any>[]

test('a REST tool call without a server and a function invoke are logged, counted and shown on the overview', async () => {
  const called = await json(await app.api('/tools/call', { body: { name: 'shout', arguments: {} } }), 200)
  expect(called.isError).toBe(false)
  const { functions } = await json(await app.api('/functions'), 200)
  const fn = functions.find((f: { name: string }) => f.name === 'loose.shout')
  const invoked = await json(await app.api(`/functions/${fn.id}/invoke`, { body: { input: {} } }), 200)
  expect(invoked.result.isError).toBe(false)

  const rows = await waitFor('both calls in the call log', async () => {
    const calls = await loggedCalls()
    return calls.length >= 2 ? calls : undefined
  })
  expect(rows.map((c) => [c.name, c.server_id, c.outcome]).sort()).toEqual([
    ['loose.shout', null, 'ok'],
    ['shout', null, 'ok'],
  ])

  const metrics = await (await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).text()
  // Both without a server: labelled server="none", each by its name.
  expect(metrics).toContain('toolyard_tool_calls_total{outcome="ok",server="none",tool="shout"} 1')
  expect(metrics).toContain('toolyard_tool_calls_total{outcome="ok",server="none",tool="loose.shout"} 1')

  const signIn = await fetch(`${app.base}/ui/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: `key=${encodeURIComponent(app.apiKey)}`,
  })
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
  const overview = await (await fetch(`${app.base}/ui/overview?range=hour`, { headers: { cookie } })).text()
  expect(overview).toContain('<strong id="total-calls">2</strong>')
  expect(overview).toContain('no server (REST)')
})
