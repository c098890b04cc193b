// toolyard apply / export through the CLI: the example project, idempotence, export round trips, dry runs, prune,
// all-or-nothing errors naming file, record and field, providers' secrets from the environment, and a running server
// serving what was applied.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { call } from '../helpers/api'
import { ROOT, runCli, startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

const newDir = tempDirs('toolyard-apply-')
const EXAMPLE = join(ROOT, 'examples/toolyard.yaml')

const recordLines = (stdout: string) =>
  stdout.split('\n').filter((l) => /^(created|updated|unchanged|deleted) /.test(l))

async function cli(args: string[], dataDir: string, env: Record<string, string> = {}) {
  const r = await runCli(args, dataDir, env)
  return r
}

function writeFile(dir: string, name: string, text: string) {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('the example project', () => {
  test('apply to an empty data dir, export, apply again: only unchanged; the export reproduces the project', async () => {
    const data = newDir()
    const first = await cli(['apply', '-f', EXAMPLE], data)
    expect(first.code).toBe(0)
    const created = recordLines(first.stdout)
    expect(created.length).toBeGreaterThan(8)
    expect(created.every((l) => l.startsWith('created '))).toBe(true)
    expect(created).toContain('created function weather.forecast')
    expect(created).toContain('created tool text/word_count')
    expect(created).toContain('created server demo')
    expect(created).toContain('created resource docs://readme')
    expect(created).toContain('created prompt summarize')
    expect(first.stdout).toContain(`${created.length} created`)

    const out = join(newDir(), 'export.yaml')
    const exported = await cli(['export', '--project', 'demo', '-o', out], data)
    expect(exported.code).toBe(0)
    const again = await cli(['apply', '-f', out], data)
    expect(again.code).toBe(0)
    const lines = recordLines(again.stdout)
    expect(lines.length).toBe(created.length)
    expect(lines.every((l) => l.startsWith('unchanged '))).toBe(true)
    expect(again.stdout).toContain(`0 created, 0 updated, ${created.length} unchanged, 0 deleted`)

    // The export applied to another empty data dir reproduces the project: its own export is identical.
    const other = newDir()
    expect((await cli(['apply', '-f', out], other)).code).toBe(0)
    const stdoutExport = await cli(['export', '--project', 'demo'], other)
    expect(stdoutExport.stdout).toBe(await Bun.file(out).text())
    expect(stdoutExport.stdout).toContain('code: |')
  }, 60_000)
})

describe('a running server', () => {
  let app: TestApp
  let dataDir: string
  beforeAll(async () => {
    dataDir = newDir()
    app = await startTestApp({}, { dataDir })
  })
  afterAll(() => app.stop())

  const project = (code: string, resourceFunction = 'note-a') => `
project: test
functions:
  - name: greet
    runtime: typescript
    code: |
${code
  .split('\n')
  .map((l) => `      ${l}`)
  .join('\n')}
  - name: note-a
    runtime: javascript
    code: "export default async () => 'note a'"
  - name: note-b
    runtime: javascript
    code: "export default async () => 'note b'"
resources:
  - uri: memo://note
    server: greeter
    name: Note
    resource_type: function
    function_name: ${resourceFunction}
    cache_ttl_seconds: 3600
toolkits:
  - name: greetings
    tools:
      - name: greet
        description: Greets
        function_name: greet
        input_schema: { type: object, properties: { who: { type: string } }, required: [who] }
servers:
  - name: greeter
    toolkits: [greetings, utilities]
`

  test('serves the applied tool at once, and the updated one after a second apply', async () => {
    const dir = newDir()
    const file = writeFile(
      dir,
      'toolyard.yaml',
      project(
        "export default async ({ who }: { who: string }) => {\n  console.log('greeting')\n  return `hello ${who}`\n}",
      ),
    )
    const applied = await cli(['apply', '-f', file], dataDir)
    expect(applied.code).toBe(0)
    const servers = (await call(app, '/servers')).body.data as { slug: string; name: string }[]
    const slug = servers.find((s) => s.name === 'greeter')!.slug
    const { client } = await connectClient(app, slug)
    const tools = (await client.listTools()).tools.map((t) => t.name)
    expect(tools).toContain('greet')
    expect(tools).toContain('echo')
    expect((await client.callTool({ name: 'greet', arguments: { who: 'Ada' } })).content).toEqual([
      { type: 'text', text: 'hello Ada' },
    ])
    const note = async () =>
      (await call(app, '/resources/read', { body: { uri: 'memo://note' } })).body.contents[0].text
    expect(await note()).toBe('note a')
    writeFile(
      dir,
      'toolyard.yaml',
      project('export default async ({ who }: { who: string }) => `bye ${who}`', 'note-b'),
    )
    const second = await cli(['apply', '-f', file], dataDir)
    expect(recordLines(second.stdout)).toContain('updated function greet')
    expect(recordLines(second.stdout)).toContain('updated resource memo://note')
    expect((await client.callTool({ name: 'greet', arguments: { who: 'Ada' } })).content).toEqual([
      { type: 'text', text: 'bye Ada' },
    ])
    // The server had the old resource cached for an hour: the applied change is served at once all the same.
    expect(await note()).toBe('note b')
    await client.close()
  }, 60_000)
})

describe('plans, prune and errors', () => {
  const base = `
project: p1
functions:
  - name: one
    runtime: javascript
    code: "export default async () => 1"
  - name: two
    runtime: javascript
    file: two.js
toolkits:
  - name: kit
    tools:
      - name: one
        function_name: one
      - name: two
        function_name: two
servers:
  - name: srv
    auth: none
    toolkits: [kit]
resources:
  - uri: memo://one
    server: srv
    name: One
    resource_type: static
    content: hi
prompts:
  - name: hello
    template: "Hello {{name}}"
    arguments: [{ name: name, required: true }]
`
  test('--dry-run prints the plan and writes nothing; --json gives one object', async () => {
    const data = newDir()
    const dir = newDir()
    writeFile(dir, 'two.js', 'export default async () => 2\n')
    const file = writeFile(dir, 'toolyard.yaml', base)
    const dry = await cli(['apply', '-f', file, '--dry-run'], data)
    expect(dry.code).toBe(0)
    expect(recordLines(dry.stdout)).toContain('created function two')
    expect(dry.stdout).toContain('dry run, nothing written')
    const json = await cli(['apply', '-f', file, '--json'], data)
    const parsed = JSON.parse(json.stdout.trim())
    expect(parsed.dry_run).toBe(false)
    expect(parsed.summary.created).toBe(recordLines(dry.stdout).length)
    expect(parsed.changes[0]).toEqual({ action: 'created', kind: 'function', name: 'one' })
  }, 60_000)

  test('--prune deletes what the file does not name; without it, records stay', async () => {
    const data = newDir()
    const dir = newDir()
    writeFile(dir, 'two.js', 'export default async () => 2\n')
    const file = writeFile(dir, 'toolyard.yaml', base)
    expect((await cli(['apply', '-f', file], data)).code).toBe(0)
    const smaller = writeFile(
      dir,
      'smaller.yaml',
      base
        .replace(/ {2}- name: two\n {4}runtime: javascript\n {4}file: two.js\n/, '')
        .replace(/ {6}- name: two\n {8}function_name: two\n/, '')
        .replace(/prompts:[\s\S]*$/, ''),
    )
    const kept = await cli(['apply', '-f', smaller], data)
    expect(recordLines(kept.stdout).filter((l) => !l.startsWith('unchanged'))).toEqual([])
    const pruned = await cli(['apply', '-f', smaller, '--prune'], data)
    expect(pruned.code).toBe(0)
    expect(recordLines(pruned.stdout).filter((l) => !l.startsWith('unchanged'))).toEqual([
      'deleted prompt hello',
      'deleted tool kit/two',
      'deleted function two',
    ])
    const exported = await cli(['export', '--project', 'p1'], data)
    expect(exported.stdout).not.toContain('name: two')
    expect(exported.stdout).not.toContain('hello')
  }, 60_000)

  test('an invalid record: exit 2 naming file, record and field, and nothing is written', async () => {
    const data = newDir()
    const dir = newDir()
    writeFile(dir, 'two.js', 'export default async () => {\n  return 2 +\n}\n')
    const file = writeFile(dir, 'toolyard.yaml', base)
    const bad = await cli(['apply', '-f', file], data)
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain(file)
    expect(bad.stderr).toContain('function two')
    expect(bad.stderr).toContain('line 3, column 1')
    expect(bad.stdout).toBe('')

    // A record only the service can refuse (a tool naming a missing toolkit-level field is fine; an unknown toolkit on
    // a server is not): the records before it are rolled back too.
    writeFile(dir, 'two.js', 'export default async () => 2\n')
    const unknownKit = writeFile(dir, 'unknown-kit.yaml', base.replace('toolkits: [kit]', 'toolkits: [kit, nope]'))
    const refused = await cli(['apply', '-f', unknownKit], data)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(unknownKit)
    expect(refused.stderr).toContain('server srv: toolkits: no toolkit named "nope"')

    const schema = writeFile(
      dir,
      'schema.yaml',
      base.replace('resource_type: static', 'resource_type: static\n    cache_ttl_seconds: -1'),
    )
    const badField = await cli(['apply', '-f', schema], data)
    expect(badField.code).toBe(2)
    expect(badField.stderr).toContain('resource memo://one: cache_ttl_seconds')

    const exported = await cli(['export', '--project', 'p1'], data)
    expect(exported.code).toBe(2)
    expect(exported.stderr).toContain('no project named "p1"')
    const ok = await cli(['apply', '-f', file], data)
    expect(recordLines(ok.stdout).every((l) => l.startsWith('created '))).toBe(true)
  }, 60_000)

  test('providers: the client secret comes from the named environment variable, never the file', async () => {
    const data = newDir()
    const dir = newDir()
    const file = writeFile(
      dir,
      'toolyard.yaml',
      `project: p2
providers:
  - id: acme
    name: Acme
    auth_type: oauth
    authorize_url: https://auth.acme.test/authorize
    token_url: https://auth.acme.test/token
    client_id: cid
    scopes: [read]
    client_secret_env: ACME_SECRET
`,
    )
    const missing = await cli(['apply', '-f', file], data)
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('provider acme: client_secret_env: environment variable ACME_SECRET is not set')
    const created = await cli(['apply', '-f', file], data, { ACME_SECRET: 's3cret' })
    expect(recordLines(created.stdout)).toEqual(['created provider acme'])
    expect(recordLines((await cli(['apply', '-f', file], data)).stdout)).toEqual(['unchanged provider acme'])
    const exported = await cli(['export', '--project', 'p2'], data)
    expect(exported.stdout).toContain('client_secret_env: ACME_CLIENT_SECRET')
    expect(exported.stdout).not.toContain('s3cret')
  }, 60_000)
})

describe('a function-backed prompt', () => {
  test('export then apply round trips it (function_name is part of a prompt in the file)', async () => {
    const dir = newDir()
    const file = writeFile(
      dir,
      'toolyard.yaml',
      `project: fp
functions:
  - name: p.hello
    runtime: javascript
    code: "export default async ({ who }) => 'hello ' + who"
prompts:
  - name: hello
    description: Greets
    function_name: p.hello
    arguments: [{ name: who, required: true }]
`,
    )
    const data = newDir()
    const first = await cli(['apply', '-f', file], data)
    expect(first.stderr).toBe('')
    expect(recordLines(first.stdout)).toContain('created prompt hello')
    const out = join(newDir(), 'export.yaml')
    expect((await cli(['export', '--project', 'fp', '-o', out], data)).code).toBe(0)
    expect(await Bun.file(out).text()).toContain('function_name: p.hello')
    const other = newDir()
    const again = await cli(['apply', '-f', out], other)
    expect(again.stderr).toBe('')
    expect(again.code).toBe(0)
    expect((await cli(['export', '--project', 'fp'], other)).stdout).toBe(await Bun.file(out).text())
    const same = await cli(['apply', '-f', out], data)
    expect(recordLines(same.stdout)).toContain('unchanged prompt hello')
  }, 60_000)
})

describe('tool names providers refuse', () => {
  test('apply prints a warning under the tool (and --json carries it); the tool is applied all the same', async () => {
    const file = writeFile(
      newDir(),
      'toolyard.yaml',
      `project: warn
functions:
  - name: f
    runtime: javascript
    code: "export default async () => 1"
toolkits:
  - name: kit
    tools:
      - name: crm.lookup
        function_name: f
      - name: fine
        function_name: f
`,
    )
    const data = newDir()
    const r = await cli(['apply', '-f', file], data)
    expect(r.code).toBe(0)
    const lines = r.stdout.split('\n')
    const at = lines.indexOf('created tool kit/crm.lookup')
    expect(at).toBeGreaterThan(-1)
    expect(lines[at + 1]).toMatch(/^ {2}warning: tool kit\/crm\.lookup: name "crm\.lookup" contains "\."/)
    expect(r.stdout.match(/warning:/g)?.length).toBe(1)
    const json = JSON.parse((await cli(['apply', '-f', file, '--json'], data)).stdout.trim())
    const tool = json.changes.find((c: { name: string }) => c.name === 'kit/crm.lookup')
    expect(tool).toMatchObject({ action: 'unchanged', warnings: [expect.stringContaining('contains "."')] })
  }, 60_000)
})
