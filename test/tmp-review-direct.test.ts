import { afterAll, beforeAll, expect, test } from 'bun:test'
import { prebuiltToolkitId, serverWithToolkits } from './helpers/api'
import { startTestApp, type TestApp } from './helpers/app'

const ADMIN = 'admin-token-for-hot-path-0123456789'
let app: TestApp
let server: { id: string; slug: string }
beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN })
  server = await serverWithToolkits(app, 'hot', [await prebuiltToolkitId(app, 'utilities')])
})
afterAll(() => app.stop())
const metric = async (re: RegExp) => {
  const t = await (await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).text()
  return t.split('\n').filter((l) => re.test(l))
}
test('request id header vs body on fallback', async () => {
  const res = await fetch(`${app.base}/tools/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
    body: JSON.stringify({ name: 'echo', argumentz: {} }),
  })
  const body: any = await res.json()
  console.log('status', res.status, 'hdr', res.headers.get('x-request-id'), 'body', body.request_id)
})
test('metrics double count on fallback', async () => {
  console.log('before', await metric(/tools\/call/))
  for (let i = 0; i < 3; i++)
    await fetch(`${app.base}/tools/call`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  console.log('after 3x401', await metric(/tools\/call/))
})
test('POST /mcp/servers still goes to Elysia; POST /mcp/initialize', async () => {
  const r = await app.api('/servers', { method: 'POST', body: { name: 'x2' } })
  console.log('servers', r.status)
  const i = await app.api('/initialize', { method: 'POST', body: {} })
  console.log('initialize', i.status, (await i.text()).slice(0, 100))
})
test('invalid utf8 body fallback', async () => {
  const bytes = new Uint8Array([...new TextEncoder().encode('{"name":"echo","x":"'), 0xff, 0xfe, ...new TextEncoder().encode('"}')])
  const res = await fetch(`${app.base}/tools/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey },
    body: bytes,
  })
  console.log('utf8', res.status, await res.text())
})
test('application/json-patch+json', async () => {
  const res = await fetch(`${app.base}/tools/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/jsonfoo', 'x-api-key': app.apiKey },
    body: JSON.stringify({ name: 'echo', arguments: { text: 'a' } }),
  })
  console.log('ct jsonfoo direct', res.status, await res.text())
  const res2 = await app.api('/tools/call', { method: 'POST', body: { name: 'echo', arguments: { text: 'a' } } })
  console.log('plain', res2.status, [...res2.headers.keys()])
})
