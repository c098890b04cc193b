// The compiled single binary, built exactly as `npm run build` builds it (dist/toolyard, sandbox worker included),
// takes the same commands as `npm start`, speaks MCP, serves the dashboard and runs JavaScript tools. This file is
// also CI's smoke test of the binary it ships: see docs/decisions/0023-test-tiers.md.
import { beforeAll, describe, expect, test } from 'bun:test'
import { accessSync, constants, existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import pkg from '../../package.json'
import { ROOT, runCli, startServe, tempDirs } from '../helpers/app'
import { post as mcpPost, openSession } from '../helpers/mcp'
import { startUpstream } from '../helpers/upstream-mcp'

// TOOLYARD_TEST_BINARY names a binary built just before this run (CI builds once, then tests what it ships);
// without it the test builds dist/toolyard itself.
const GIVEN = process.env.TOOLYARD_TEST_BINARY
const BINARY = GIVEN ? resolve(ROOT, GIVEN) : join(ROOT, 'dist/toolyard')
const fresh = tempDirs('toolyard-bin-')
const work = fresh()
const data = join(work, 'data')
// cwd is elsewhere on purpose: the binary must not need the source tree (migrations are embedded).
const program = { command: [BINARY], cwd: work }
const run = (args: string[]) => runCli(args, data, { TOOLYARD_LOG_LEVEL: 'warn' }, program)
/** POSTs JSON with the key to the running binary; answers status and parsed body. */
const poster = (base: string, key: string) => async (path: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

// Built once per test run unless given: a stale dist/toolyard left from an earlier build would test old code.
beforeAll(async () => {
  if (GIVEN) {
    accessSync(BINARY, constants.X_OK) // a missing binary fails here, by name, rather than as a spawn error
    return
  }
  const build = Bun.spawn(['npm', 'run', 'build'], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([
    new Response(build.stdout).text(),
    new Response(build.stderr).text(),
    build.exited,
  ])
  if (code !== 0) throw new Error(`npm run build failed:\n${out}\n${err}`)
}, 120_000)

describe('compiled binary', () => {
  test('--version, --help, migrate, keys create --json, projects list', async () => {
    expect((await run(['--version'])).stdout.trim()).toBe(pkg.version)
    expect((await run(['--help'])).stdout).toContain('keys create')
    expect((await run(['migrate'])).stdout).toMatch(/migrated database from version 0 to \d+/)
    const key = JSON.parse((await run(['keys', 'create', '--project', 'bin', '--json'])).stdout)
    expect(key.api_key).toMatch(/^tyk_/)
    expect(JSON.parse((await run(['projects', 'list', '--json'])).stdout)[0].name).toBe('bin')
    const bad = await run(['serve', '--port', 'nope'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('TOOLYARD_PORT')
  })

  test('serve --port 0: health, a key from `keys create`, a server, a JavaScript tool call over REST and MCP, dashboard assets, then SIGTERM exits 0', async () => {
    const key = JSON.parse((await run(['keys', 'create', '--project', 'bin2', '--json'])).stdout).api_key
    // TOOLYARD_PORT=1 cannot be bound, so listening at all proves the --port flag overrides it.
    const server = await startServe(data, { TOOLYARD_PORT: '1' }, { ...program, serveArgs: ['--port', '0'] })
    try {
      const post = poster(server.base, key)
      const health = await fetch(`${server.base}/health`)
      expect(health.status).toBe(200)
      expect(((await health.json()) as { status: string }).status).toBe('ok')
      const created = await post('/servers', { name: 'from the binary' })
      expect(created.status).toBe(201)
      expect(created.body.data.url).toBe(`${server.base}/from-the-binary`)

      // The sandbox worker is part of the binary: a JavaScript function runs.
      const fn = { name: 'double', runtime: 'javascript', code: 'export default async (input) => input.n * 2' }
      expect((await post('/functions', fn)).status).toBe(201)
      const kit = await post('/toolkits', { name: 'bin-kit' })
      expect(kit.status).toBe(201)
      const tool = await post('/tools', {
        toolkit_id: kit.body.id,
        name: 'double',
        description: 'doubles n',
        function_name: 'double',
        input_schema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      })
      expect(tool.status).toBe(201)
      const attached = await fetch(`${server.base}/servers/${created.body.data.id}`, {
        method: 'PATCH',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ toolkits: [{ toolkit_id: kit.body.id }] }),
      })
      expect(attached.status).toBe(200)
      const call = await post('/tools/call', { server_id: created.body.data.id, name: 'double', arguments: { n: 21 } })
      expect(call.status).toBe(200)
      expect(call.body).toMatchObject({ isError: false, content: [{ type: 'text', text: '42' }] })
      // The call log's writer thread is part of the binary too: the call is in the log.
      const log = await fetch(`${server.base}/calls`, { headers: { 'X-API-Key': key } })
      expect(log.status).toBe(200)
      expect(((await log.json()) as { calls: { name: string }[] }).calls.map((c) => c.name)).toEqual(['double'])

      // One MCP session (Streamable HTTP): initialize, notifications/initialized, tools/list, tools/call.
      const target = { base: server.base, apiKey: key }
      const { headers } = await openSession(target, 'from-the-binary', '2025-06-18')
      const rpc = async (id: number, method: string, params: unknown) => {
        const res = await mcpPost(target, 'from-the-binary', { jsonrpc: '2.0', id, method, params }, { headers })
        expect(res.status).toBe(200)
        return ((await res.json()) as { result: Record<string, unknown> }).result
      }
      const listed = (await rpc(2, 'tools/list', {})) as { tools: { name: string }[] }
      expect(listed.tools.map((t) => t.name)).toEqual(['double'])
      const called = await rpc(3, 'tools/call', { name: 'double', arguments: { n: 21 } })
      expect(called).toMatchObject({ isError: false, content: [{ type: 'text', text: '42' }] })

      // The dashboard's assets and the API reference come from inside the binary (no CDN, no source tree).
      expect((await fetch(`${server.base}/ui/htmx.min.js`)).status).toBe(200)
      // The charts (uPlot), the code editor (CodeMirror, bundled by scripts/build-ui-assets.ts) and the page script.
      for (const [asset, marker] of [
        ['uplot.min.js', 'uPlot'],
        ['uplot.min.css', '.uplot'],
        ['editor.js', 'ToolyardEditor'],
        ['dashboard.js', 'drawCharts'],
      ]) {
        const res = await fetch(`${server.base}/ui/assets/${asset}`)
        expect(res.status).toBe(200)
        expect(await res.text()).toContain(marker!)
      }
      const docs = await fetch(`${server.base}/docs`)
      expect(docs.status).toBe(200)
      expect(await docs.text()).toContain('API reference')
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  test('a remote MCP toolkit: the binary lists and calls an upstream McpServer through the SDK client it carries', async () => {
    const upstream = await startUpstream({ transport: 'streamable_http' })
    const key = JSON.parse((await run(['keys', 'create', '--project', 'bin-remote', '--json'])).stdout).api_key
    const server = await startServe(data, { TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true' }, program)
    try {
      const post = poster(server.base, key)
      const kit = await post('/toolkits', {
        name: 'upstream',
        toolkit_type: 'remote',
        remote: { url: upstream.url, prefix: 'up_' },
      })
      expect(kit.status).toBe(201)
      const created = await post('/servers', { name: 'proxied', toolkits: [{ toolkit_id: kit.body.id }] })
      expect(created.status).toBe(201)
      const call = await post('/tools/call', {
        server_id: created.body.data.id,
        name: 'up_echo',
        arguments: { text: 'through the binary' },
      })
      expect(call.body).toMatchObject({
        isError: false,
        content: [{ type: 'text', text: 'through the binary' }],
        structuredContent: { echoed: 'through the binary' },
      })
    } finally {
      expect(await server.stop()).toBe(0)
      await upstream.stop()
    }
  })

  test('apply examples/toolyard.yaml, then a TypeScript tool runs with its line-mapped errors (Bun’s transpiler in the binary); a macro import runs nothing', async () => {
    const applied = await run(['apply', '-f', join(ROOT, 'examples/toolyard.yaml')])
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain('created function text.slugify')
    const key = JSON.parse((await run(['keys', 'create', '--project', 'demo', '--json'])).stdout).api_key
    const server = await startServe(data, {}, program)
    try {
      const post = poster(server.base, key)
      const slug = await post('/tools/call', { name: 'slugify', arguments: { title: 'Héllo, World!' } })
      expect(slug.body).toMatchObject({ isError: false, content: [{ type: 'text', text: 'hello-world' }] })
      const empty = await post('/tools/call', { name: 'slugify', arguments: { title: '!!!' } })
      expect(empty.body.content[0].text).toBe('the title has no letters or digits (line 22)')
      // A macro import is refused before any parse: the macro's marker file is never written.
      const macro = join(work, 'macro.ts')
      const marker = join(work, 'macro-ran')
      writeFileSync(
        macro,
        `import { writeFileSync } from 'node:fs'\nexport const m = () => (writeFileSync(${JSON.stringify(marker)}, 'x'), 1)\n`,
      )
      const code = `import { m } from ${JSON.stringify(macro)} with { type: "macro" }\nexport default async () => m()\n`
      for (const runtime of ['javascript', 'typescript']) {
        const refused = await post('/functions', { name: `macro-${runtime}`, runtime, code })
        expect(existsSync(marker)).toBe(false)
        expect(refused.status).toBe(400)
      }
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  test('the data dir lock is an OS lock in the binary too: a stale pid-1 lock file is ignored, a live server is not, kill -9 frees it', async () => {
    const dir = join(fresh(), 'data')
    mkdirSync(dir, { mode: 0o700 })
    writeFileSync(join(dir, 'toolyard.lock'), '1\n')
    const first = await startServe(dir, {}, program)
    const second = await runCli(['serve'], dir, { TOOLYARD_PORT: '0' }, program)
    expect(second.code).toBe(2)
    expect(second.stderr).toContain(`is in use by pid ${first.proc.pid}`)
    first.proc.kill('SIGKILL')
    await first.proc.exited
    const third = await startServe(dir, {}, program)
    expect(await third.stop()).toBe(0)
  })
})
