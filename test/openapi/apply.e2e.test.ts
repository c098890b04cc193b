// `toolyard apply` with `openapi:` toolkits: the document is read beside the project file (never outside its folder),
// the toolkit is created, left unchanged when nothing changed, brought up to date when the document changes, and
// pruned when the file no longer names it; `export` writes OpenAPI toolkits back so that `apply` plans no change.
import { describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { json } from '../helpers/api'
import { runCli, startTestApp, tempDirs } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { refBombDocument, stylesDocument } from './fixtures'

const newDir = tempDirs('toolyard-openapi-apply-')
const records = (stdout: string) => stdout.split('\n').filter((l) => /^(created|updated|unchanged|deleted) /.test(l))

const projectFile = (docPath: string, extra = '') => `project: openapi-demo
toolkits:
  - name: styles
    review_changes: false
    openapi:
      file: ${docPath}
      include: { tags: [pets] }
      base_url: http://127.0.0.1:9/v1${extra}
servers:
  - name: styles-server
    toolkits: [styles]
`

describe('apply with openapi toolkits', () => {
  test('create, unchanged, updated from the document, and pruned', async () => {
    const dir = newDir()
    const data = newDir()
    mkdirSync(join(dir, 'specs'))
    const doc = stylesDocument('http://127.0.0.1:9')
    writeFileSync(join(dir, 'specs', 'styles.json'), JSON.stringify(doc))
    const file = join(dir, 'toolyard.yaml')
    writeFileSync(file, projectFile('specs/styles.json'))

    const first = await runCli(['apply', '-f', file], data)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(records(first.stdout)).toEqual(['created toolkit styles', 'created server styles-server'])

    const again = await runCli(['apply', '-f', file], data)
    expect(again.code).toBe(0)
    expect(records(again.stdout)).toEqual(['unchanged toolkit styles', 'unchanged server styles-server'])

    const changed = structuredClone(doc) as any
    changed.paths['/pets'].post.summary = 'Adds a pet'
    writeFileSync(join(dir, 'specs', 'styles.json'), JSON.stringify(changed))
    const updated = await runCli(['apply', '-f', file], data)
    expect(updated.code).toBe(0)
    expect(records(updated.stdout)).toContain('updated toolkit styles')

    const app = await startTestApp({}, { dataDir: data })
    try {
      const project = await app.server.deps.projects.projectOrCreate('openapi-demo')
      const { apiKey } = await app.server.deps.projects.createKey(project.id, { name: 'check' })
      const { toolkits } = await json(await app.api('/toolkits?limit=200', { key: apiKey }), 200)
      const kit = toolkits.find((k: { name: string }) => k.name === 'styles')
      expect(kit.toolkit_type).toBe('openapi')
      const detail = await json(await app.api(`/toolkits/${kit.id}`, { key: apiKey }), 200)
      expect(detail.tools.map((t: { name: string }) => t.name).sort()).toEqual([
        'createPet',
        'deletePet',
        'getPhoto',
        'put_pets_petId',
      ])
      expect(detail.tools.find((t: { name: string }) => t.name === 'createPet').description).toBe('Adds a pet')
    } finally {
      await app.stop()
    }

    // Pruning keeps the providers the toolkit's security schemes made while the file names the toolkit.
    const kept = await runCli(['apply', '-f', file, '--prune'], data)
    expect(kept.code).toBe(0)
    expect(records(kept.stdout)).toEqual(['unchanged toolkit styles', 'unchanged server styles-server'])

    writeFileSync(file, 'project: openapi-demo\n')
    const pruned = await runCli(['apply', '-f', file, '--prune'], data)
    expect(pruned.code).toBe(0)
    expect(records(pruned.stdout)).toEqual([
      'deleted server styles-server',
      'deleted toolkit styles',
      'deleted provider styles-basic',
      'deleted provider styles-bearer',
      'deleted provider styles-key',
      'deleted provider styles-querykey',
    ])
  }, 60_000)

  test('a document outside the project file folder, or an invalid one, is refused naming it', async () => {
    const dir = newDir()
    const data = newDir()
    const inner = join(dir, 'inner')
    mkdirSync(inner)
    writeFileSync(join(dir, 'outside.json'), JSON.stringify(stylesDocument('http://127.0.0.1:9')))
    const file = join(inner, 'toolyard.yaml')
    writeFileSync(file, projectFile('../outside.json'))
    const outside = await runCli(['apply', '-f', file], data)
    expect(outside.code).not.toBe(0)
    expect(outside.stderr).toContain("openapi.file: ../outside.json is outside the project file's folder")

    writeFileSync(join(inner, 'swagger.json'), JSON.stringify({ swagger: '2.0', info: { title: 'x', version: '1' } }))
    writeFileSync(file, projectFile('swagger.json'))
    const swagger = await runCli(['apply', '-f', file], data)
    expect(swagger.code).not.toBe(0)
    expect(swagger.stderr).toContain('toolkit styles')
    expect(swagger.stderr).toContain('convert')
  }, 60_000)

  test('auth in the file gives every tool its provider; a document over TOOLYARD_MAX_SPEC_BYTES is refused naming it', async () => {
    const dir = newDir()
    const data = newDir()
    const doc = stylesDocument('http://127.0.0.1:9') as any
    delete doc.components.securitySchemes
    delete doc.security
    writeFileSync(join(dir, 'open.json'), JSON.stringify(doc))
    const file = join(dir, 'toolyard.yaml')
    writeFileSync(
      file,
      projectFile('open.json', '\n      auth: { type: header, credential_provider: styles-token, name: X-Token }'),
    )
    const applied = await runCli(['apply', '-f', file], data)
    expect(applied.stderr).toBe('')
    expect(applied.code).toBe(0)
    const small = await runCli(['apply', '-f', file], data, { TOOLYARD_MAX_SPEC_BYTES: '1024' })
    expect(small.code).not.toBe(0)
    expect(small.stderr).toContain('toolkit styles')
    expect(small.stderr).toContain('TOOLYARD_MAX_SPEC_BYTES')
    const app = await startTestApp({}, { dataDir: data })
    try {
      const project = await app.server.deps.projects.projectOrCreate('openapi-demo')
      const { apiKey } = await app.server.deps.projects.createKey(project.id, { name: 'check' })
      const { toolkits } = await json(await app.api('/toolkits?limit=200', { key: apiKey }), 200)
      const kit = toolkits.find((k: { name: string }) => k.name === 'styles')
      const detail = await json(await app.api(`/toolkits/${kit.id}`, { key: apiKey }), 200)
      expect(detail.tools.length).toBeGreaterThan(0)
      for (const t of detail.tools) expect(t.credential_provider).toBe('styles-token')
    } finally {
      await app.stop()
    }
  }, 60_000)

  test('a fan-out $ref bomb is refused naming the budget, and nothing is written', async () => {
    const dir = newDir()
    const data = newDir()
    writeFileSync(join(dir, 'bomb.json'), JSON.stringify(refBombDocument()))
    const file = join(dir, 'toolyard.yaml')
    writeFileSync(file, projectFile('bomb.json'))
    const bomb = await runCli(['apply', '-f', file], data)
    expect(bomb.code).not.toBe(0)
    expect(bomb.stderr).toContain('toolkit styles')
    expect(bomb.stderr).toContain('expands past the budget')
    expect(records(bomb.stdout)).toEqual([])
  }, 60_000)

  test('a base_url on another host takes --confirm: refused naming the old and new hosts, applied with it', async () => {
    const dir = newDir()
    const data = newDir()
    writeFileSync(join(dir, 'styles.json'), JSON.stringify(stylesDocument('http://127.0.0.1:9')))
    const file = join(dir, 'toolyard.yaml')
    writeFileSync(file, projectFile('styles.json'))
    expect((await runCli(['apply', '-f', file], data)).code).toBe(0)

    writeFileSync(file, projectFile('styles.json').replace('http://127.0.0.1:9/v1', 'http://127.0.0.1:10/v1'))
    const refused = await runCli(['apply', '-f', file], data)
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('toolkit styles')
    expect(refused.stderr).toContain('http://127.0.0.1:9 → http://127.0.0.1:10')
    expect(refused.stderr).toContain('apply --confirm')
    const confirmed = await runCli(['apply', '-f', file, '--confirm'], data)
    expect(confirmed.stderr).toBe('')
    expect(records(confirmed.stdout)).toContain('updated toolkit styles')
    expect(confirmed.stdout).toContain(
      'warning: toolkit styles: credential styles-key: hosts http://127.0.0.1:9 → http://127.0.0.1:10',
    )
  }, 60_000)

  const docServer = startRecorder((r) =>
    r.path === '/openapi.json' ? Response.json(stylesDocument('http://127.0.0.1:9')) : Response.json({}),
  )

  test('export writes OpenAPI toolkits (a URL, or an inline document in a file beside it) and apply changes nothing', async () => {
    const data = newDir()
    const env = { TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true' }
    const app = await startTestApp({}, { dataDir: data })
    try {
      const project = await app.server.deps.projects.projectOrCreate('openapi-export')
      const { apiKey } = await app.server.deps.projects.createKey(project.id, { name: 'setup' })
      const inline = await app.api('/toolkits/import/openapi', {
        key: apiKey,
        body: {
          name: 'styles-inline',
          display_name: 'Styles',
          spec: stylesDocument('http://127.0.0.1:9'),
          include: { tags: ['pets'] },
          exclude: { methods: ['delete'] },
          base_url: 'http://127.0.0.1:9/v2',
        },
      })
      await json(inline, 201)
      const fromUrl = await app.api('/toolkits/import/openapi', {
        key: apiKey,
        body: { name: 'styles-url', spec_url: `${docServer.origin}/openapi.json`, max_tools: 20 },
      })
      await json(fromUrl, 201)
    } finally {
      await app.stop()
    }

    const dir = newDir()
    const out = join(dir, 'toolyard.yaml')
    const exported = await runCli(['export', '--project', 'openapi-export', '-o', out], data, env)
    expect(exported.stderr).toBe('')
    expect(exported.code).toBe(0)
    const beside = join(dir, 'styles-inline.openapi.json')
    expect(existsSync(beside)).toBe(true)
    expect(JSON.parse(readFileSync(beside, 'utf8'))).toEqual(stylesDocument('http://127.0.0.1:9'))
    const text = readFileSync(out, 'utf8')
    const doc = Bun.YAML.parse(text) as any
    const kits = Object.fromEntries(doc.toolkits.map((k: any) => [k.name, k]))
    expect(kits['styles-inline'].openapi).toEqual({
      file: 'styles-inline.openapi.json',
      include: { tags: ['pets'] },
      exclude: { methods: ['delete'] },
      base_url: 'http://127.0.0.1:9/v2',
    })
    expect(kits['styles-inline'].display_name).toBe('Styles')
    expect(kits['styles-url'].openapi).toEqual({ url: `${docServer.origin}/openapi.json`, max_tools: 20 })
    expect(kits['styles-url'].tools).toBeUndefined()

    const dry = await runCli(['apply', '-f', out, '--dry-run', '--prune', '--json'], data, env)
    expect(dry.stderr).toBe('')
    expect(dry.code).toBe(0)
    const plan = JSON.parse(dry.stdout)
    expect(plan.changes.filter((c: { action: string }) => c.action !== 'unchanged')).toEqual([])
    expect(plan.changes).toContainEqual({ action: 'unchanged', kind: 'toolkit', name: 'styles-inline' })
    expect(plan.changes).toContainEqual({ action: 'unchanged', kind: 'toolkit', name: 'styles-url' })

    // To stdout there is no folder: the document stays inline as openapi.spec, and applying that changes nothing.
    const stdout = await runCli(['export', '--project', 'openapi-export'], data, env)
    expect(stdout.code).toBe(0)
    const inlineKit = (Bun.YAML.parse(stdout.stdout) as any).toolkits.find((k: any) => k.name === 'styles-inline')
    expect(inlineKit.openapi.spec).toEqual(stylesDocument('http://127.0.0.1:9'))
    const elsewhere = join(newDir(), 'stdout.yaml')
    writeFileSync(elsewhere, stdout.stdout)
    const again = await runCli(['apply', '-f', elsewhere, '--dry-run', '--json'], data, env)
    expect(again.stderr).toBe('')
    const againPlan = JSON.parse(again.stdout)
    expect(againPlan.summary).toMatchObject({ created: 0, updated: 0, deleted: 0 })

    // A changed base_url in the file is a change even though every tool stays the same.
    writeFileSync(out, text.replace('http://127.0.0.1:9/v2', 'http://127.0.0.1:9/v3'))
    const moved = await runCli(['apply', '-f', out, '--json'], data, env)
    expect(JSON.parse(moved.stdout).changes).toContainEqual({
      action: 'updated',
      kind: 'toolkit',
      name: 'styles-inline',
    })
  }, 60_000)
})
