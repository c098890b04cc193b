// Policies and a server's log_arguments in the project file: apply creates them, a second apply leaves them alone,
// export writes them back (and that export applies as unchanged), a changed policy is replaced (its version goes up),
// prune deletes one the file no longer names, and a `when` that does not parse is the file's error naming the policy
// and the field, before anything is written.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { applyProjectFile } from '../../src/modules/project-file/apply'
import { FileError, readProjectFile } from '../../src/modules/project-file/format'
import { exportProject } from '../../src/modules/project-file/snapshot'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'

let app: TestApp
const dir = tempDirs()
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

const PROJECT = 'file-policies'
const policies = [
  {
    name: 'no-big-payments',
    effect: 'deny',
    priority: 10,
    match: { tools: ['pay*'], principals: { roles: ['mcp'] } },
    when: 'args.amount > 100',
    reason: 'too much',
  },
  { name: 'review-deletes', effect: 'approve', priority: 5, match: { tools: ['delete_*'] }, approval_wait_s: 30 },
]
const fileOf = (extra: Record<string, unknown> = {}) => ({
  project: PROJECT,
  servers: [{ name: 'desk', log_arguments: 'redacted' }],
  policies,
  ...extra,
})

function write(doc: unknown, name = 'project.yaml'): string {
  const path = join(dir(), name)
  writeFileSync(path, Bun.YAML.stringify(doc, null, 2))
  return path
}
const apply = (path: string, prune = false) =>
  applyProjectFile(app.server.deps, readProjectFile(path), {
    path,
    projectName: PROJECT,
    dryRun: false,
    prune,
    env: {},
  })
const changed = (lines: { action: string; kind: string; name: string }[]) =>
  lines.filter((l) => l.action !== 'unchanged').map((l) => `${l.action} ${l.kind} ${l.name}`)
const projectId = async () => (await app.server.deps.projects.projectByName(PROJECT))!.id
const stored = async () => (await app.server.deps.policies.list(await projectId())).policies

describe('policies and log_arguments in the project file', () => {
  test('apply creates them; a second apply changes nothing', async () => {
    const path = write(fileOf())
    expect(changed(await apply(path))).toEqual([
      'created server desk',
      'created policy no-big-payments',
      'created policy review-deletes',
    ])
    const list = await stored()
    expect(list.map((p) => p.name)).toEqual(['no-big-payments', 'review-deletes'])
    expect(list[0]).toMatchObject({ ...policies[0], approval_wait_s: 120, version: 1 })
    expect(list[1]).toMatchObject({ ...policies[1], version: 1 })
    const server = (await app.server.deps.servers.list(await projectId(), 10)).servers[0]!
    expect(server.log_arguments).toBe('redacted')
    expect(changed(await apply(path))).toEqual([])
  })

  test('export writes them back, and the exported file applies as unchanged', async () => {
    const exported = await exportProject(app.server.deps, await projectId(), PROJECT)
    expect(exported.policies).toEqual(policies as never)
    expect(exported.servers).toEqual([{ name: 'desk', log_arguments: 'redacted' }])
    expect(changed(await apply(write(exported)))).toEqual([])
  })

  test('a changed policy is replaced (its version goes up); log_arguments back to none; prune deletes the rest', async () => {
    const edited = fileOf({
      servers: [{ name: 'desk' }],
      policies: [{ ...policies[0], priority: 20 }],
    })
    expect(changed(await apply(write(edited), true))).toEqual([
      'updated server desk',
      'updated policy no-big-payments',
      'deleted policy review-deletes',
    ])
    const list = await stored()
    expect(list.map((p) => [p.name, p.priority, p.version])).toEqual([['no-big-payments', 20, 2]])
    const server = (await app.server.deps.servers.list(await projectId(), 10)).servers[0]!
    expect(server.log_arguments).toBe('none')
  })

  test('a when that does not parse is the file error naming the policy and the field; nothing is written', async () => {
    const bad = fileOf({ policies: [{ ...policies[0], priority: 30, when: 'args.amount >' }] })
    const path = write(bad)
    const error = await apply(path).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FileError)
    expect((error as Error).message).toStartWith(`${path}: policy no-big-payments: when: `)
    expect((error as Error).message).toContain('position 13')
    expect((await stored()).map((p) => p.priority)).toEqual([20])
  })

  test('a bad effect or log_arguments is the file error naming the field', async () => {
    const path = write(
      fileOf({ servers: [{ name: 'desk', log_arguments: 'all' }], policies: [{ ...policies[0], effect: 'maybe' }] }),
    )
    let message = ''
    try {
      readProjectFile(path)
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain(`${path}: server desk: log_arguments: `)
    expect(message).toContain(`${path}: policy no-big-payments: effect: `)
  })
})
