// An OpenAPI call reads its call plan and its toolkit's import settings as they are stored when it runs (parsed once
// per stored text, docs/decisions/0401-openapi-call-reads.md): `toolyard apply --confirm` moving a toolkit's base_url,
// with no tool changed, moves the running server's very next call.
import { afterAll, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { call } from '../helpers/api'
import { runCli, startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { stylesDocument } from './fixtures'

const newDir = tempDirs('toolyard-openapi-settings-')
const first = startRecorder(() => Response.json({ at: 'first' }))
const second = startRecorder(() => Response.json({ at: 'second' }))
let app: TestApp | undefined
afterAll(async () => {
  await app?.stop()
})

const projectFile = (baseUrl: string) => `project: openapi-settings
toolkits:
  - name: styles
    review_changes: false
    openapi:
      file: styles.json
      include: { operations: [open] }
      base_url: ${baseUrl}
servers:
  - name: styles-server
    toolkits: [styles]
`

test('a base_url moved by apply --confirm, no tool changed, takes the next call of a running server there', async () => {
  const dir = newDir()
  const data = newDir()
  writeFileSync(join(dir, 'styles.json'), JSON.stringify(stylesDocument('http://127.0.0.1:9')))
  const file = join(dir, 'toolyard.yaml')
  writeFileSync(file, projectFile(`${first.origin}/v1`))
  expect((await runCli(['apply', '-f', file], data)).code).toBe(0)

  app = await startTestApp({}, { dataDir: data })
  const project = await app.server.deps.projects.projectOrCreate('openapi-settings')
  const { apiKey } = await app.server.deps.projects.createKey(project.id, { name: 'caller' })
  const open = async () => {
    const res = await call(app!, '/tools/call', {
      key: apiKey,
      body: { name: 'open', arguments: {} },
    })
    expect(res.status).toBe(200)
    if (!res.body.structuredContent) throw new Error(res.text)
    return res.body.structuredContent
  }
  expect(await open()).toEqual({ at: 'first' })

  writeFileSync(file, projectFile(`${second.origin}/v1`))
  const moved = await runCli(['apply', '-f', file, '--confirm'], data)
  expect(moved.code).toBe(0)
  expect(moved.stdout).toContain('updated toolkit styles')
  expect(await open()).toEqual({ at: 'second' })
  expect(second.requests).toHaveLength(1)
}, 60_000)
