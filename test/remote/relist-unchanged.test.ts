// A re-list of a large remote toolkit compares tool by tool and writes and announces only what changed: an upstream of
// 1,000 tools re-listed unchanged (manual sync and the refresh job) writes no tool row and sends no list_changed; one
// changed tool of the 1,000 is the only row written.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
let upstream: Upstream
beforeAll(async () => {
  app = await startTestApp()
  upstream = await startUpstream({ transport: 'streamable_http' })
  // Six tools of its own, and 994 more.
  for (let i = 0; i < 994; i++) upstream.addTool(`bulk_${String(i).padStart(4, '0')}`, { silent: true })
})
afterAll(async () => {
  await app.stop()
  await upstream.stop()
})

test('an unchanged re-list of 1,000 tools writes no tool and sends no list_changed', async () => {
  const kit = await json(
    await app.api('/toolkits', {
      body: {
        name: 'thousand',
        toolkit_type: 'remote',
        remote: { url: upstream.url, prefix: 'big_', refresh_interval_s: 60 },
        // Follows its upstream: a changed description is written at once (pinned definitions hold it otherwise).
        review_changes: false,
      },
    }),
    201,
  )
  await createServer(app, { name: 'big server', toolkits: [{ toolkit_id: kit.id }] })
  const rows = () =>
    app.sql('SELECT id, name, description, input_schema, updated_at FROM tools WHERE toolkit_id = $id ORDER BY id', {
      id: kit.id,
    })
  const before = await rows()
  expect(before).toHaveLength(1000)
  const announced: unknown[] = []
  const unsubscribe = app.server.deps.events.subscribe((e) => {
    if (e.type === 'list_changed') announced.push(e)
  })
  try {
    expect(await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)).toEqual({
      added: 0,
      updated: 0,
      removed: 0,
      unchanged: 1000,
    })
    expect(await app.server.deps.remoteToolkits.tick(Date.now() + 61_000)).toEqual({ synced: 1, failed: 0 })
    // After-commit listeners run once the store has settled: a store round trip lets any pending one through.
    await app.server.deps.store.tx(async () => {})
    expect(announced).toEqual([])
    expect(await rows()).toEqual(before)

    upstream.redescribeEcho('Echo, described anew', { silent: true })
    expect(await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)).toEqual({
      added: 0,
      updated: 1,
      removed: 0,
      unchanged: 999,
    })
    const after = await rows()
    const changed = after.filter((r, i) => JSON.stringify(r) !== JSON.stringify(before[i]))
    expect(changed.map((r) => r.name)).toEqual(['big_echo'])
    await app.server.deps.store.tx(async () => {})
    expect(announced).toHaveLength(1)
  } finally {
    unsubscribe()
  }
})
