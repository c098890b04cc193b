// A server's toolkits in the project file carry their credential_mode (`{name, credential_mode}`; a plain name is
// shared): apply sets it, a second apply changes nothing, export writes it back, and a file naming the toolkit plainly
// never turns a per-user attachment into a shared one (docs/decisions/0333-credential-mode.md).
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

const doc = (project: string, servers: ProjectDoc['servers']): ProjectDoc => ({
  project,
  functions: [{ name: 'answer', runtime: 'javascript', code: 'export default async () => "ok"' }],
  toolkits: [{ name: 'sales', tools: [{ name: 'lookup', function_name: 'answer' }] }],
  servers,
  resources: [],
  prompts: [],
  providers: [],
})
const apply = (d: ProjectDoc) =>
  applyProjectFile(app.server.deps, d, {
    path: 'project.yaml',
    projectName: d.project!,
    dryRun: false,
    prune: false,
    env: {},
  })

async function modes(project: string): Promise<Record<string, string>> {
  const { deps } = app.server
  const p = await deps.projects.projectOrCreate(project)
  const s = (await deps.servers.list(p.id, 50)).servers.find((x) => x.name === 'desk')!
  const { toolkits } = await deps.serverTools.describe(p.id, s.id)
  return Object.fromEntries(
    (toolkits as { name: string; credential_mode: string }[]).map((k) => [k.name, k.credential_mode]),
  )
}

test('apply sets credential_mode, a second apply is unchanged, export writes it back', async () => {
  const toolkits = [{ name: 'sales', credential_mode: 'per_user' as const }, 'github']
  await apply(doc('file-mode', [{ name: 'desk', toolkits }]))
  expect(await modes('file-mode')).toEqual({ sales: 'per_user', github: 'shared' })
  expect((await apply(doc('file-mode', [{ name: 'desk', toolkits }]))).filter((l) => l.action !== 'unchanged')).toEqual(
    [],
  )
  const project = await app.server.deps.projects.projectOrCreate('file-mode')
  const exported = await exportProject(app.server.deps, project.id, 'file-mode')
  expect(exported.servers.find((s) => s.name === 'desk')!.toolkits).toEqual(toolkits)
})

test('a file naming a per-user toolkit plainly keeps it per user', async () => {
  await apply(doc('file-mode-kept', [{ name: 'desk', toolkits: [{ name: 'sales', credential_mode: 'per_user' }] }]))
  const plain = await apply(doc('file-mode-kept', [{ name: 'desk', toolkits: ['sales'] }]))
  expect(plain.filter((l) => l.action !== 'unchanged')).toEqual([])
  expect(await modes('file-mode-kept')).toEqual({ sales: 'per_user' })
})
