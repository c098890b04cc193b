// The compiled single binary (`bun build --compile`) takes the same commands as `npm start`.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import pkg from '../../package.json'
import { ROOT, tempDir, waitFor } from './process'

const work = tempDir()
const binary = join(work, 'toolyard')
const data = join(work, 'data')
const env = (): Record<string, string> => {
  const e: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('TOOLYARD_') && v !== undefined) e[k] = v
  return { ...e, TOOLYARD_DATA_DIR: data, TOOLYARD_LOG_LEVEL: 'warn' }
}
const run = async (args: string[]) => {
  // cwd is elsewhere on purpose: the binary must not need the source tree (migrations are embedded).
  const p = Bun.spawn([binary, ...args], { cwd: work, env: env(), stdout: 'pipe', stderr: 'pipe' })
  const [stdout, stderr, code] = await Promise.all([
    new Response(p.stdout).text(),
    new Response(p.stderr).text(),
    p.exited,
  ])
  return { stdout, stderr, code }
}

beforeAll(async () => {
  const build = Bun.spawn([process.execPath, 'build', '--compile', 'src/main.ts', '--outfile', binary], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [out, err, code] = await Promise.all([
    new Response(build.stdout).text(),
    new Response(build.stderr).text(),
    build.exited,
  ])
  if (code !== 0) throw new Error(`bun build --compile failed:\n${out}\n${err}`)
}, 120_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

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

  test('serve --port 0: health, a key from `keys create`, a server, then SIGTERM exits 0', async () => {
    const key = JSON.parse((await run(['keys', 'create', '--project', 'bin2', '--json'])).stdout).api_key
    const proc = Bun.spawn([binary, 'serve', '--port', '0'], { cwd: work, env: env(), stdout: 'pipe', stderr: 'pipe' })
    let out = ''
    void (async () => {
      for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) out += new TextDecoder().decode(chunk)
    })()
    try {
      const port = await waitFor('the listening line', () => /\(port (\d+)\)/.exec(out)?.[1])
      const base = `http://127.0.0.1:${port}/mcp`
      expect((await fetch(`${base}/health`)).status).toBe(200)
      const res = await fetch(`${base}/servers`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: '{"name":"from the binary"}',
      })
      expect(res.status).toBe(201)
      expect((await res.json()).data.url).toBe(`${base}/from-the-binary`)
    } finally {
      proc.kill('SIGTERM')
    }
    expect(await proc.exited).toBe(0)
  })
})
