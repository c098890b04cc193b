// A server's toolkits in the project file carry their prefix: `{name, prefix}` (a plain name where the prefix is the
// toolkit's default). Apply sets it, a second apply changes nothing, export writes it back, and the export applied to
// another project lists the same names (docs/decisions/0211-attachment-prefix.md).
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

const lookup = { name: 'lookup', function_name: 'answer' }
const doc = (project: string, servers: ProjectDoc['servers']): ProjectDoc => ({
  project,
  functions: [{ name: 'answer', runtime: 'javascript', code: 'export default async () => "ok"' }],
  toolkits: [
    { name: 'sales', tools: [lookup] },
    { name: 'crm', tools: [lookup] },
  ],
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

async function toolNames(project: string, server: string): Promise<string[]> {
  const { deps } = app.server
  const p = await deps.projects.projectOrCreate(project)
  const s = (await deps.servers.list(p.id, 50)).servers.find((x) => x.name === server)!
  return (await deps.serverTools.describe(p.id, s.id)).tools.map((t) => (t as { name: string }).name)
}

test('apply sets each toolkit’s prefix, a second apply is unchanged, export writes it back and applies elsewhere alike', async () => {
  const toolkits = ['sales', { name: 'crm', prefix: 'crm' }, 'github', { name: 'slack', prefix: '' }]
  const file = doc('file-prefix', [{ name: 'desk', toolkits }])
  const first = await apply(file)
  expect(first.map((l) => `${l.action} ${l.name}`)).toContain('created desk')
  const names = await toolNames('file-prefix', 'desk')
  expect(names).toEqual(expect.arrayContaining(['lookup', 'crm_lookup', 'github_create_issue', 'post_message']))
  expect(names).not.toContain('create_issue')

  expect((await apply(file)).filter((l) => l.action !== 'unchanged')).toEqual([])

  const project = await app.server.deps.projects.projectOrCreate('file-prefix')
  const exported = await exportProject(app.server.deps, project.id, 'file-prefix')
  expect(exported.servers.find((s) => s.name === 'desk')!.toolkits).toEqual(toolkits)
  expect((await apply(exported)).filter((l) => l.action !== 'unchanged')).toEqual([])

  await apply({ ...exported, project: 'file-prefix-copy' })
  expect(await toolNames('file-prefix-copy', 'desk')).toEqual(names)
})

test('a file naming a kept toolkit plainly keeps its prefix; a bad prefix is refused naming the field', async () => {
  await apply(doc('file-prefix-kept', [{ name: 'desk', toolkits: [{ name: 'github', prefix: '' }] }]))
  // An older file, written before prefixes, names the toolkit plainly: its tools keep the names they have.
  const plain = await apply(doc('file-prefix-kept', [{ name: 'desk', toolkits: ['github'] }]))
  expect(plain.filter((l) => l.action !== 'unchanged')).toEqual([])
  expect(await toolNames('file-prefix-kept', 'desk')).toContain('create_issue')

  const refused = apply(doc('file-prefix-kept', [{ name: 'desk', toolkits: [{ name: 'crm', prefix: 'no spaces' }] }]))
  await expect(refused).rejects.toThrow(/toolkits\.0\.prefix/)
})
