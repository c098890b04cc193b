// REST: api resources go through the egress guard — private addresses are refused unless allowed.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { type ResourceFixture, resourceFixture } from '../helpers/resources'

let f: ResourceFixture
let upstream: ReturnType<typeof Bun.serve>
let hits = 0
beforeAll(async () => {
  f = await resourceFixture({ TOOLYARD_ALLOW_PRIVATE_EGRESS: 'false' })
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => {
      hits++
      return new Response('private data')
    },
  })
})
afterAll(async () => {
  upstream.stop(true)
  await f.app.stop()
})

test('a loopback upstream is refused with a clear 502 and never contacted', async () => {
  await f.create({
    name: 'Local',
    uri: 'api://local',
    resource_type: 'api',
    url: `http://127.0.0.1:${upstream.port}/x`,
  })
  const r = await f.read('api://local')
  expect(r.status).toBe(502)
  expect(r.body.code).toBe('upstream_error')
  expect(r.body.error).toContain('refused')
  expect(hits).toBe(0)
})
