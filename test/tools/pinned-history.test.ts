// The history of held changes stays bounded: an upstream that changes a tool's description on every re-list leaves
// one pending change (the newest proposal) and at most 100 superseded ones, however long it keeps flapping.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

test('a flapping proposal keeps one pending change and at most 100 superseded ones', async () => {
  const kit = await json(await app.api('/toolkits', { body: { name: 'flapping' } }), 201)
  const changes = app.server.deps.toolkitChanges
  const definition = (i: number) => ({
    name: 'flapper',
    title: null,
    description: `version ${i}`,
    function_name: 'flapper',
    input_schema: '{"type":"object"}',
    output_schema: null,
    annotations: null,
    credential_provider: null,
    required_client_capabilities: null,
    task_support: 'forbidden' as const,
  })
  // As a re-list does: inside a transaction, one proposal of a new tool each time.
  for (let i = 0; i < 130; i++)
    await app.server.deps.store.tx(() =>
      changes.hold(app.projectId, { id: kit.id, name: kit.name }, [{ proposal: { definition: definition(i) } }]),
    )
  const pending = await json(await app.api(`/toolkits/${kit.id}/changes?status=pending`), 200)
  expect(pending.changes.length).toBe(1)
  expect(pending.changes[0].diff[0]).toEqual({ field: 'description', old: null, new: 'version 129' })
  const superseded = await json(await app.api(`/toolkits/${kit.id}/changes?status=superseded&limit=200`), 200)
  expect(superseded.changes.length).toBe(100)
  // The newest superseded ones are kept.
  expect(superseded.changes[0].diff[0].new).toBe('version 128')
})
