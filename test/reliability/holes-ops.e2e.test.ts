// The data dir lock, backups and restore over the real CLI: a lock file left by a crash never blocks a start (the
// OS lock dies with its process), backups are owner-only from their first byte, and restore refuses what this
// binary cannot run on without touching the data dir.
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { CLI_COMMAND, ROOT, runCli, startServe, tempDirs } from '../helpers/app'

const fresh = tempDirs('toolyard-holes-ops-')

/** Every file of the data dir with a hash of its bytes: "left as it was" means this does not change. */
const snapshot = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, new Bun.CryptoHasher('sha256').update(readFileSync(join(dir, f))).digest('hex')]),
  )

/** A data dir with a real Toolyard database (one project) and no server running. */
async function dataDirWithProject(): Promise<string> {
  const dir = join(fresh(), 'data')
  const r = await runCli(['projects', 'create', 'acme'], dir)
  expect(r.code).toBe(0)
  return dir
}

const setVersion = (file: string, version: number) => {
  const db = new Database(file)
  db.exec(`PRAGMA user_version = ${version}`)
  db.close()
}

/** Runs the CLI with a deadline, so that a command which wrongly keeps running fails the test instead of hanging. */
async function runWithin(args: string[], dataDir: string, ms: number) {
  const proc = Bun.spawn([...CLI_COMMAND, ...args], {
    cwd: ROOT,
    env: { ...process.env, TOOLYARD_DATA_DIR: dataDir, TOOLYARD_PORT: '0', TOOLYARD_LOG_LEVEL: 'warn' },
    stdout: 'pipe',
    stderr: 'pipe',
    timeout: ms,
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stdout, stderr }
}

describe.concurrent('holes: data dir lock', () => {
  test('a lock file left by a crash never blocks a start, whatever pid it names (1 in a container, or a live one)', async () => {
    for (const pid of [1, process.pid]) {
      const dir = fresh()
      writeFileSync(join(dir, 'toolyard.lock'), `${pid}\n`)
      writeFileSync(join(dir, 'toolyard.pid'), `${pid}\n`)
      const server = await startServe(dir)
      const code = await server.stop()
      expect({ pid, code, out: code === 0 ? '' : server.output() }).toEqual({ pid, code: 0, out: '' })
    }
  }, 60_000)

  test('a second live server on the same dir exits 2; after kill -9 of the first a new start succeeds', async () => {
    const dir = fresh()
    const first = await startServe(dir)
    const second = await runCli(['serve'], dir, { TOOLYARD_PORT: '0' })
    expect(second.code).toBe(2)
    expect(second.stderr).toContain(`data dir ${dir} is in use by pid ${first.proc.pid}`)
    expect(second.stderr).not.toContain('    at ')
    first.proc.kill('SIGKILL')
    await first.proc.exited
    // The crash left its lock file behind.
    expect(existsSync(join(dir, 'toolyard.lock'))).toBe(true)
    const third = await startServe(dir)
    try {
      expect((await fetch(`${third.base.replace(/\/mcp$/, '')}/mcp/health`)).status).toBe(200)
      // The new holder is a real holder: restore (which takes the same lock) is refused.
      const backup = join(fresh(), 'b.sqlite')
      expect((await runCli(['backup', backup], dir)).code).toBe(0)
      const refused = await runCli(['restore', backup], dir)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`is in use by pid ${third.proc.pid}`)
    } finally {
      expect(await third.stop()).toBe(0)
    }
  }, 60_000)
})

describe.concurrent('holes: backup and restore', () => {
  test('a backup is never group- or world-readable, from its first byte to the end', async () => {
    const dir = await dataDirWithProject()
    // Ballast (16 MB) so that VACUUM INTO takes long enough to be watched: thousands of polls see the file non-empty.
    const db = new Database(join(dir, 'toolyard.sqlite'))
    db.exec('CREATE TABLE ballast (b BLOB)')
    db.exec(
      'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250) INSERT INTO ballast SELECT randomblob(65536) FROM n',
    )
    db.close()
    const file = join(fresh(), 'backup.sqlite')
    // umask 022, the usual default, under which a file SQLite creates is 0644.
    const proc = Bun.spawn(['sh', '-c', 'umask 022; exec "$0" "$@"', ...CLI_COMMAND, 'backup', file], {
      cwd: ROOT,
      env: { ...process.env, TOOLYARD_DATA_DIR: dir },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    let done = false
    void proc.exited.then(() => (done = true))
    const seen = new Set<number>()
    let sizes = 0
    while (!done) {
      try {
        const st = statSync(file)
        seen.add(st.mode & 0o777)
        if (st.size > 0) sizes++
      } catch {}
      await new Promise((r) => setImmediate(r))
    }
    expect(await proc.exited).toBe(0)
    seen.add(statSync(file).mode & 0o777)
    expect([...seen]).toEqual([0o600])
    // The watch did see the file while it was being written, not only at the end.
    expect(sizes).toBeGreaterThan(0)
  }, 60_000)

  test('restore refuses a newer schema, missing tables, a non-SQLite file and schema 0, leaving the data dir as it was', async () => {
    const dir = await dataDirWithProject()
    const files = fresh()
    // A copy of the real database (the CLI has exited, so the file is whole), then made newer.
    const newer = join(files, 'newer.sqlite')
    copyFileSync(join(dir, 'toolyard.sqlite'), newer)
    setVersion(newer, 999)
    const partial = join(files, 'partial.sqlite')
    const p = new Database(partial)
    p.exec('CREATE TABLE projects (id TEXT PRIMARY KEY, name TEXT)')
    p.exec('PRAGMA user_version = 9')
    p.close()
    const text = join(files, 'text.sqlite')
    writeFileSync(text, 'not a database at all, but long enough to look like a file someone meant to restore')
    const empty = join(files, 'empty.sqlite')
    new Database(empty).exec('CREATE TABLE projects (id TEXT)')
    const before = snapshot(dir)
    const cases: [string, string][] = [
      [newer, 'schema version 999 but this Toolyard knows versions up to'],
      [partial, 'missing tables'],
      [text, 'is not a readable SQLite database'],
      [empty, 'schema version 0'],
    ]
    for (const [file, message] of cases) {
      const r = await runCli(['restore', file], dir)
      expect({ file, code: r.code }).toEqual({ file, code: 2 })
      expect(r.stderr).toContain(message)
      expect(r.stderr).not.toContain('    at ')
      expect(snapshot(dir)).toEqual(before)
    }
    // The data dir still works as before.
    const list = await runCli(['projects', 'list', '--json'], dir)
    expect(JSON.parse(list.stdout).map((x: { name: string }) => x.name)).toEqual(['acme'])
  }, 60_000)

  test('serve (and the other commands) on a database of a newer schema exit 2 with a message, not a stack trace', async () => {
    const dir = await dataDirWithProject()
    setVersion(join(dir, 'toolyard.sqlite'), 999)
    for (const args of [['serve'], ['projects', 'list'], ['migrate']]) {
      const r = await runWithin(args, dir, 20_000)
      expect({ args, code: r.code }).toEqual({ args, code: 2 })
      expect(r.stderr).toContain('the database has schema version 999')
      expect(r.stderr).not.toContain('    at ')
      expect(r.stdout).not.toContain('listening')
    }
  }, 60_000)
})

describe('holes: engines and docs', () => {
  test('engines.node is set, in package.json and its lock, and admits no Node that the Node-run dev tools refuse', async () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'))
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
    const ours: string = pkg.engines?.node
    expect(typeof ours).toBe('string')
    expect(lock.packages[''].engines?.node).toBe(ours)
    // Node runs npm and knip (with its parser); Toolyard itself runs on Bun.
    const tools = ['knip', 'oxc-parser'].map((name) => lock.packages[`node_modules/${name}`].engines.node as string)
    const versions = ['18.20.0', '20.0.0', '20.18.0', '20.19.0', '21.7.0', '22.0.0', '22.12.0', '24.0.0']
    for (const v of versions)
      if (Bun.semver.satisfies(v, ours))
        for (const range of tools) expect({ v, ok: Bun.semver.satisfies(v, range) }).toEqual({ v, ok: true })
    // And it is not stricter than the truth: the Node 20 LTS this project is installed and checked with.
    expect(Bun.semver.satisfies('20.19.0', ours)).toBe(true)
  })

  test('every $VARIABLE in the README and docs examples is set before it is used', () => {
    const files = [
      'README.md',
      ...readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ]
    const unset: string[] = []
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8')
      for (const block of text.matchAll(/```([^\n]*)\n([\s\S]*?)```/g)) {
        // YAML and JSON are files Toolyard reads (their `${HOME}` is its own substitution), not commands to paste.
        if (/^(ya?ml|json)\b/.test(block[1]!.trim())) continue
        for (const use of block[2]!.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)) {
          const name = use[1]!
          const at = block.index! + block[0].indexOf(block[2]!) + use.index!
          // Set earlier in the file: `NAME=` in an example or `export NAME=` in the text.
          if (!new RegExp(`(^|[\\s\`(])(export )?${name}=`).test(text.slice(0, at))) unset.push(`${file}: $${name}`)
        }
      }
    }
    expect([...new Set(unset)]).toEqual([])
  })

  test("docs/functions.md's ctx table lists every ctx member the sandbox gives, and the {key} option", () => {
    const prelude = readFileSync(join(ROOT, 'src/runtime/sandbox-prelude.ts'), 'utf8')
    const members = [...prelude.matchAll(/^\s+'(\w+):\w+:[\w.]+',$/gm)].map((m) => m[1]!)
    expect(members).toContain('sleep')
    const doc = readFileSync(join(ROOT, 'docs/functions.md'), 'utf8')
    const table = doc.slice(doc.indexOf('## ctx'), doc.indexOf('## Globals'))
    const missing = [...members, 'credentials'].filter((m) => !table.includes(`\`ctx.${m}`))
    expect(missing).toEqual([])
    expect(table).toContain('{key}')
  })
})
