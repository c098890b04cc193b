// `apply` and `export` know remote toolkits: the file names the upstream (never a secret), apply lists it before its
// transaction and stores its tools, a changed upstream is re-listed, an unreachable one stops the apply, export writes
// it back in the same shape.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { applyProjectFile } from '../../src/modules/project-file/apply'
import { FileError, readProjectFile } from '../../src/modules/project-file/format'
import { exportProject } from '../../src/modules/project-file/snapshot'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
let first: Upstream
let second: Upstream
const dir = tempDirs('toolyard-remote-file-')()
beforeAll(async () => {
  ;[app, first, second] = await Promise.all([
    startTestApp(),
    startUpstream({ transport: 'streamable_http', name: 'first' }),
    startUpstream({ transport: 'sse', name: 'second' }),
  ])
})
afterAll(async () => {
  await app.stop()
  await Promise.all([first.stop(), second.stop()])
})

function fileWith(name: string, yaml: string) {
  const path = join(dir, name)
  writeFileSync(path, yaml)
  return path
}

async function apply(path: string, dryRun = false) {
  const doc = readProjectFile(path)
  return applyProjectFile(app.server.deps, doc, { path, projectName: 'file-remote', dryRun, prune: false, env: {} })
}

/** The id of the project `apply` made (found by its name). */
const projectId = async () => (await app.server.deps.projects.projectByName('file-remote'))!.id

describe('a remote toolkit in the project file', () => {
  test('apply creates it with the upstream tools; export writes it back; a second apply changes nothing', async () => {
    const path = fileWith(
      'remote.yaml',
      `project: file-remote
toolkits:
  - name: upstream
    toolkit_type: remote
    remote:
      url: ${first.url}
      prefix: up_
      headers: { X-Team: blue }
servers:
  - name: proxied
    toolkits: [upstream]
`,
    )
    const dry = await apply(path, true)
    expect(dry).toContainEqual({ action: 'created', kind: 'toolkit', name: 'upstream' })
    expect(await app.server.deps.projects.projectByName('file-remote')).toBeNull()
    const lines = await apply(path)
    expect(lines).toContainEqual({ action: 'created', kind: 'toolkit', name: 'upstream' })
    const pid = await projectId()
    const doc = await exportProject(app.server.deps, pid, 'file-remote')
    const kit = doc.toolkits.find((k) => k.name === 'upstream')
    expect(kit).toEqual({
      name: 'upstream',
      toolkit_type: 'remote',
      remote: { url: first.url, prefix: 'up_', headers: { 'X-Team': 'blue' } },
      // Made by apply without the field: a new toolkit reviews its upstream's changes.
      review_changes: true,
    })
    const server = (await app.server.deps.servers.list(pid, 10)).servers[0]!
    const listed = await app.server.deps.toolCalls.restList(pid, { ...server, project_id: pid })
    expect(listed.map((t) => t.name)).toContain('up_echo')
    expect((await apply(path)).find((l) => l.name === 'upstream')?.action).toBe('unchanged')
  })

  test('a changed upstream is listed again and its tools replaced', async () => {
    const path = fileWith(
      'moved.yaml',
      `project: file-remote
toolkits:
  - name: upstream
    toolkit_type: remote
    remote: { url: ${second.url}, transport: sse, prefix: up_, refresh_interval_s: 0 }
`,
    )
    expect((await apply(path)).find((l) => l.name === 'upstream')?.action).toBe('updated')
    const pid = await projectId()
    const kitId = (await app.server.deps.toolkits.list(pid, 50)).toolkits.find((k) => k.name === 'upstream')!.id
    const detail = (await app.server.deps.toolkits.get(pid, kitId)) as { remote?: Record<string, unknown> }
    expect(detail.remote).toMatchObject({ url: second.url, transport: 'sse', server_info: { name: 'second' } })
  })

  test('an upstream that cannot be listed stops the apply before anything is written', async () => {
    const gone = await startUpstream({ transport: 'streamable_http' })
    await gone.stop()
    const path = fileWith(
      'gone.yaml',
      `project: file-remote
functions:
  - { name: not-written, runtime: javascript, code: "export default async () => 1" }
toolkits:
  - name: gone
    toolkit_type: remote
    remote: { url: ${gone.url} }
`,
    )
    const error = await apply(path).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FileError)
    expect((error as Error).message).toContain('toolkit gone: remote.url: could not list the tools of')
    expect(await app.server.deps.functions.byName(await projectId(), 'not-written')).toBeFalsy()
  })

  test('remote without toolkit_type remote, or tools in a remote toolkit, are file errors', () => {
    const path = fileWith(
      'bad.yaml',
      `project: file-remote
toolkits:
  - { name: a, remote: { url: ${first.url} } }
  - { name: b, toolkit_type: remote, remote: { url: ${first.url} }, tools: [{ name: t, function_name: f }] }
  - { name: c, toolkit_type: remote }
`,
    )
    expect(() => readProjectFile(path)).toThrow(
      /toolkit a: remote: only for toolkit_type "remote"[\s\S]*toolkit b: tools:[\s\S]*toolkit c: remote: required/,
    )
  })
})

describe('review_changes in the project file', () => {
  const kitOf = async (project: string, name: string) => {
    const pid = (await app.server.deps.projects.projectByName(project))!.id
    const k = (await app.server.deps.toolkits.list(pid, 100)).toolkits.find((t) => t.name === name)!
    return { pid, detail: await app.server.deps.toolkits.get(pid, k.id) }
  }
  const applyAs = (path: string) =>
    applyProjectFile(app.server.deps, readProjectFile(path), {
      path,
      projectName: 'file-review',
      dryRun: false,
      prune: false,
      env: {},
    })
  const file = (review: string) =>
    fileWith(
      `review-${review || 'absent'}.yaml`,
      `project: file-review
toolkits:
  - name: pinned
    toolkit_type: remote
    remote: { url: ${first.url}, refresh_interval_s: 0 }
${review ? `    review_changes: ${review}\n` : ''}`,
    )

  test('the file sets it, export writes it back, and a file without it keeps what is stored', async () => {
    await applyAs(file('false'))
    let { pid, detail } = await kitOf('file-review', 'pinned')
    expect(detail.review_changes).toBe(false)
    const exported = (await exportProject(app.server.deps, pid, 'file-review')).toolkits.find(
      (k) => k.name === 'pinned',
    )
    expect(exported?.review_changes).toBe(false)
    expect((await applyAs(file('false'))).find((l) => l.name === 'pinned')?.action).toBe('unchanged')
    expect((await applyAs(file('true'))).find((l) => l.name === 'pinned')?.action).toBe('updated')
    ;({ detail } = await kitOf('file-review', 'pinned'))
    expect(detail.review_changes).toBe(true)
    // Left out of the file: kept as stored, not turned off, and nothing to update.
    expect((await applyAs(file(''))).find((l) => l.name === 'pinned')?.action).toBe('unchanged')
    expect((await kitOf('file-review', 'pinned')).detail.review_changes).toBe(true)
  })

  test('review_changes on a hosted toolkit is refused naming the field', () => {
    const path = fileWith(
      'review-hosted.yaml',
      'project: file-review\ntoolkits:\n  - name: mine\n    review_changes: true\n',
    )
    expect(() => readProjectFile(path)).toThrow('review_changes: only for a remote or openapi toolkit')
  })
})
