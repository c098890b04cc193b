// tool_discovery in the project file: apply sets it (a partial object gets the defaults), a second apply of the same
// file changes nothing, and export writes it back (left out when it is the default).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { applyProjectFile } from '../../src/modules/project-file/apply'
import type { ProjectDoc } from '../../src/modules/project-file/format'
import { exportProject } from '../../src/modules/project-file/snapshot'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

const doc = (servers: ProjectDoc['servers']): ProjectDoc => ({
  project: 'file-discovery',
  functions: [],
  toolkits: [],
  servers,
  resources: [],
  prompts: [],
  providers: [],
})
const apply = (d: ProjectDoc) =>
  applyProjectFile(app.server.deps, d, {
    path: 'project.yaml',
    projectName: 'file-discovery',
    dryRun: false,
    prune: false,
    env: {},
  })

test('apply and export carry tool_discovery; a second apply is unchanged', async () => {
  const file = doc([
    { name: 'big', toolkits: ['utilities'], tool_discovery: { mode: 'auto', pinned: ['echo'] } },
    { name: 'plain', toolkits: ['utilities'] },
  ])
  const first = await apply(file)
  expect(first.map((l) => `${l.action} ${l.name}`)).toEqual(expect.arrayContaining(['created big', 'created plain']))
  const { deps } = app.server
  const project = await deps.projects.projectOrCreate('file-discovery')
  const servers = (await deps.servers.list(project.id, 10)).servers
  expect(servers.find((s) => s.name === 'big')!.tool_discovery).toEqual({
    mode: 'auto',
    threshold: 40,
    pinned: ['echo'],
  })

  const second = await apply(file)
  expect(second.filter((l) => l.action !== 'unchanged')).toEqual([])

  const exported = await exportProject(deps, project.id, 'file-discovery')
  expect(exported.servers.find((s) => s.name === 'big')!.tool_discovery).toEqual({
    mode: 'auto',
    threshold: 40,
    pinned: ['echo'],
  })
  expect(exported.servers.find((s) => s.name === 'plain')!.tool_discovery).toBeUndefined()

  // Dropped from the file: back to off.
  const third = await apply(
    doc([
      { name: 'big', toolkits: ['utilities'] },
      { name: 'plain', toolkits: ['utilities'] },
    ]),
  )
  expect(third.map((l) => `${l.action} ${l.name}`)).toContain('updated big')
  expect((await deps.servers.list(project.id, 10)).servers.find((s) => s.name === 'big')!.tool_discovery.mode).toBe(
    'off',
  )
})
