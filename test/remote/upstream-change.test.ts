// A remote toolkit's upstream is kept in memory between calls (docs/decisions/0395-remote-call-cache.md): a change of
// it through the project file reaches the very next call, and the toolkit says when it last changed.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { applyProjectFile } from '../../src/modules/project-file/apply'
import { readProjectFile } from '../../src/modules/project-file/format'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
let first: Upstream
let second: Upstream
const dir = tempDirs('toolyard-remote-change-')()
beforeAll(async () => {
  ;[app, first, second] = await Promise.all([
    startTestApp(),
    startUpstream({ transport: 'streamable_http', name: 'first' }),
    startUpstream({ transport: 'streamable_http', name: 'second' }),
  ])
})
afterAll(async () => {
  await app.stop()
  await Promise.all([first.stop(), second.stop()])
})

/** Applies a file that points the toolkit `upstream` at `url` and serves it on the server `proxied`. */
async function applyWith(name: string, url: string) {
  const path = join(dir, name)
  writeFileSync(
    path,
    `project: file-change
toolkits:
  - name: upstream
    toolkit_type: remote
    review_changes: false
    remote: { url: ${url}, prefix: up_, refresh_interval_s: 0 }
servers:
  - name: proxied
    toolkits: [upstream]
`,
  )
  return applyProjectFile(app.server.deps, readProjectFile(path), {
    path,
    projectName: 'file-change',
    dryRun: false,
    prune: false,
    env: {},
  })
}

/** POSTs to the upstream's MCP endpoint (every request it saw, with its headers). */
const posts = (u: Upstream) => u.seen.length

test('a toolkit pointed at another upstream by the project file: the next call goes there, and updated_at moves', async () => {
  await applyWith('first.yaml', first.url)
  const deps = app.server.deps
  const pid = (await deps.projects.projectByName('file-change'))!.id
  const server = (await deps.servers.list(pid, 10)).servers[0]!
  const { apiKey } = await deps.projects.createKey(pid)
  const kitOf = async () => (await deps.toolkits.list(pid, 50)).toolkits.find((k) => k.name === 'upstream')!
  const { client } = await connectClient(app, server.slug, { key: apiKey })
  try {
    // Called once: the upstream is in memory now.
    expect(await client.callTool({ name: 'up_echo', arguments: { text: 'one' } })).toMatchObject({
      content: [{ type: 'text', text: 'one' }],
    })
    const before = await kitOf()
    const firstSeen = posts(first)
    const secondSeen = posts(second)

    const lines = await applyWith('second.yaml', second.url)
    expect(lines.find((l) => l.name === 'upstream')?.action).toBe('updated')
    expect(String((await kitOf()).updated_at) > String(before.updated_at)).toBe(true)

    expect(await client.callTool({ name: 'up_echo', arguments: { text: 'two' } })).toMatchObject({
      content: [{ type: 'text', text: 'two' }],
    })
    // The call went to the second upstream, and nothing more reached the first.
    expect(posts(second)).toBeGreaterThan(secondSeen)
    expect(second.seen.some((h) => h['mcp-session-id'] !== undefined)).toBe(true)
    expect(posts(first)).toBe(firstSeen)
  } finally {
    await client.close()
  }
})
