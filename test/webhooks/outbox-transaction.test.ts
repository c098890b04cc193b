// The webhook outbox commits and rolls back with the change that published the event: resources applied from a
// project file inside one transaction (docs/decisions/0040-asynchronous-storage-ports.md) leave no outbox row and send
// nothing when that transaction rolls back (a dry run, a bad later record), and are delivered once it commits.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { applyProjectFile } from '../../src/modules/project-file/apply'
import type { ProjectDoc } from '../../src/modules/project-file/format'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
const rx = startReceiver()
beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_WEBHOOK_RETRY_BASE_MS: '50' })
})
afterAll(async () => {
  await app.stop()
  await rx.stop()
})

const PROJECT = 'outbox-tx'
const doc = (extra: Partial<ProjectDoc> = {}): ProjectDoc => ({
  project: PROJECT,
  functions: [],
  toolkits: [],
  servers: [{ name: 'docs' }],
  resources: [{ uri: 'notes://applied', name: 'Applied', server: 'docs', resource_type: 'static', content: 'v1' }],
  prompts: [],
  providers: [],
  ...extra,
})
const apply = (d: ProjectDoc, dryRun = false) =>
  applyProjectFile(app.server.deps, d, { path: 'project.yaml', projectName: PROJECT, dryRun, prune: false, env: {} })

/** Every outbox row of the project, read from the database itself. */
const outboxRows = (projectId: string) =>
  app.sql(
    `SELECT d.event, d.payload FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
     WHERE s.project_id = $projectId ORDER BY d.id`,
    { projectId },
  ) as Promise<{ event: string; payload: string }[]>

test("a resource event's outbox row rolls back with its transaction, and is delivered once one commits", async () => {
  const p = await app.newProject(PROJECT)
  const sub = await app.api('/subscribe', { body: { callback_url: rx.url }, key: p.apiKey })
  expect(sub.status).toBe(201)

  // A dry run creates the resource (its event written to the outbox) and then rolls the whole transaction back.
  const planned = await apply(doc(), true)
  expect(planned.map((l) => `${l.action} ${l.kind} ${l.name}`)).toContain('created resource notes://applied')
  expect(await outboxRows(p.projectId)).toEqual([])

  // A bad record after the resource fails the apply: the resource and its outbox row go together.
  const bad = doc({ prompts: [{ name: 'orphan', server: 'no-such-server', template: 'hi' } as never] })
  await expect(apply(bad)).rejects.toThrow('no server named "no-such-server"')
  expect(await outboxRows(p.projectId)).toEqual([])
  const listed = await app.api('/resources', { key: p.apiKey })
  expect(((await listed.json()) as any).resources).toEqual([])

  // Committed: exactly one row, delivered; the receiver never heard of the rolled-back ones.
  await apply(doc())
  const rows = await outboxRows(p.projectId)
  expect(rows.map((r) => r.event)).toEqual(['resource.created'])
  expect(JSON.parse(rows[0]!.payload).resource).toEqual({ uri: 'notes://applied', name: 'Applied' })
  const subId = ((await sub.json()) as any).id
  await waitFor('the committed event delivered', async () => {
    const res = await app.api(`/subscriptions/${subId}/deliveries`, { key: p.apiKey })
    const list = ((await res.json()) as any).deliveries
    return list.length === 1 && list[0].status === 'delivered'
  })
  expect(rx.received.map((r) => r.json.resource.uri)).toEqual(['notes://applied'])
}, 30_000)
