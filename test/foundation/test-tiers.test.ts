// The test tiers are chosen by where a file lives and how it is named (docs/decisions/0023-test-tiers.md): unit tests
// beside the code in src/ start nothing, test/**/*.test.ts run the app in this process, and test/**/*.e2e.test.ts
// start child processes (the CLI, `serve`, the compiled binary, conformance suites, mcp-remote, a linter). A file that
// starts a child without the .e2e name would slow `npm run test:int`; one named .e2e that starts none would hide from
// it. What starts a process is found in the source, every way there is: Bun.spawn/spawnSync, node:child_process,
// Bun's `$` shell, and any test helper that (directly or through another helper) does one of those.
// The PostgreSQL pass of npm test runs the files test/postgres-pass.txt lists
// (docs/decisions/0202-postgres-pass-storage-tests.md); each of its lines must still name in-process test files.
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { ROOT } from '../helpers/app'

/** The ways a source file starts a process itself. */
const PRIMITIVES = [
  /\bBun\.spawn(Sync)?\s*\(/,
  /\bfrom\s+['"](node:)?child_process['"]/,
  /\brequire\(\s*['"](node:)?child_process['"]\s*\)/,
  /\bimport\s*\{[^}]*\$[^}]*\}\s*from\s*['"]bun['"]/,
  /\bBun\.\$\s*`/,
]

/**
 * Helpers that start the test database server. npm test starts it once for the whole run (scripts/test-cluster.ts)
 * and every file, in-process or not, only creates databases on it; a file run alone starts one as a developer's
 * machine would have one running. Starting a cluster of one's own for its own sake (startCluster) still counts.
 */
const DATABASE_SERVER = new Set(['startAnyCluster'])

const files = (pattern: string) => [...new Bun.Glob(pattern).scanSync({ cwd: ROOT })].sort()
const source = (path: string) => readFileSync(join(ROOT, path), 'utf8')
const startsItself = (code: string) => PRIMITIVES.some((p) => p.test(code))

/** A file's top-level declarations: name and text, cut where the next one starts (the code is formatted by Biome). */
function declarations(code: string): { name: string; text: string }[] {
  const starts = [...code.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+([\w$]+)/gm)]
  return starts.map((m, i) => ({ name: m[1]!, text: code.slice(m.index, starts[i + 1]?.index ?? code.length) }))
}

/** The names a file (`path`, from the root) imports from test/helpers/<helper>.ts, and what each is called there. */
function helperImports(path: string, code: string): { local: string; exported: string; helper: string }[] {
  const found: { local: string; exported: string; helper: string }[] = []
  for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"](\.[^'"]*)['"]/g)) {
    const target = relative(ROOT, resolve(ROOT, dirname(path), m[2]!))
    if (dirname(target) !== 'test/helpers') continue
    for (const part of m[1]!.split(',')) {
      const [exported, local] = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim())
      if (exported) found.push({ exported, local: local ?? exported, helper: basename(target) })
    }
  }
  return found
}

/**
 * Per helper file (test/helpers/<name>.ts), the names it exports that start a process, found to a fixed point: a
 * declaration starts one if its text holds a primitive, calls a declaration of its file that does, or calls a
 * spawning export of another helper it imports.
 */
function spawningHelpers(): Map<string, Set<string>> {
  const helpers = files('test/helpers/*.ts').map((path) => {
    const code = source(path)
    return { name: basename(path, '.ts'), decls: declarations(code), imports: helperImports(path, code) }
  })
  const spawning = new Map(helpers.map((h) => [h.name, new Set<string>()]))
  const calls = (text: string, name: string) =>
    new RegExp(`(^|[^\\w$.])${name.replace('$', '\\$')}\\s*[(<\`]`).test(text)
  for (let changed = true; changed; ) {
    changed = false
    for (const h of helpers) {
      const mine = spawning.get(h.name)!
      for (const d of h.decls) {
        if (mine.has(d.name) || DATABASE_SERVER.has(d.name)) continue
        const body = d.text.slice(d.text.indexOf(d.name) + d.name.length)
        const starts =
          startsItself(d.text) ||
          [...mine].some((n) => calls(body, n)) ||
          h.imports.some((i) => spawning.get(i.helper)?.has(i.exported) && calls(body, i.local))
        if (starts) {
          mine.add(d.name)
          changed = true
        }
      }
    }
  }
  return spawning
}

const SPAWNING = spawningHelpers()

/** This file names the primitives as data (the cases below); it starts nothing. */
const SELF = 'test/foundation/test-tiers.test.ts'

/** Why a file starts a child process ('' when it does not): the primitive or the helper it uses. */
function startsChild(path: string): string {
  if (path === SELF) return ''
  const code = source(path)
  if (startsItself(code)) return 'starts a process itself'
  if (/node_modules\/conformance-next\//.test(code)) return 'runs a conformance suite'
  const used = helperImports(path, code).filter(
    (i) => SPAWNING.get(i.helper)?.has(i.exported) && new RegExp(`(^|[^\\w$.])${i.local}\\s*[(<\`]`).test(code),
  )
  return used.length ? `calls ${used.map((i) => `${i.helper}.${i.exported}`).join(', ')}` : ''
}

/**
 * An assertion bounding wall-clock time or memory from above: load on a shared machine moves those, so npm test holds
 * none (they are in test-load/, npm run test:load). A lower bound cannot fail from load and is not matched.
 */
const TIME_OR_MEMORY_BOUND =
  /expect\([^\n]*(performance\.now\(\)|Date\.now\(\)\s*-|-\s*Date\.now\(\)|\bmax\(|memoryUsage\(\)|Vm(RSS|HWM)|\b(ms|elapsed|waited|took|latency|peak|rss\w*|\w+Ms)\b)[^\n]*\)\.(not\.)?toBeLessThan/

/** What starts the whole app (in this process) or reaches for the test helpers that do. */
const APP = /helpers\/app|\bstartServer\(/

describe('test tiers', () => {
  test('the helpers that start a process are found (the CLI, serve, instances, mcp-remote, suites, clusters)', () => {
    expect([...SPAWNING.get('app')!].sort()).toEqual(['runCli', 'serveOrRefusal', 'startServe'])
    expect(SPAWNING.get('instances')).toContain('startInstances')
    expect(SPAWNING.get('mcp-remote')).toContain('startMcpRemote')
    expect(SPAWNING.get('conformance-suite')).toContain('runSuite')
    expect(SPAWNING.get('postgres-cluster')).toContain('startCluster')
    // The shared test database server is not a child of a test file (see DATABASE_SERVER).
    expect(SPAWNING.get('postgres-cluster')).not.toContain('startAnyCluster')
    expect(SPAWNING.get('postgres')!.size).toBe(0)
  })

  test('every way to start a process is caught', () => {
    const cases = [
      "const p = Bun.spawn(['true'])",
      "Bun.spawnSync(['true'])",
      "import { execFile } from 'node:child_process'",
      "import { spawn } from 'child_process'",
      "const cp = require('node:child_process')",
      "import { $ } from 'bun'",
      'await Bun.$`true`',
    ]
    for (const c of cases) expect(startsItself(c), c).toBe(true)
    expect(startsItself("import { SQL } from 'bun'\nconst r = /x$/.exec(s)")).toBe(false)
  })

  test('a file in test/ starts a child process exactly when it is named *.e2e.test.ts', () => {
    const all = files('test/**/*.test.ts')
    expect(all.length).toBeGreaterThan(50)
    const misnamed = all
      .map((f) => ({ f, why: startsChild(f) }))
      .filter(({ f, why }) => Boolean(why) !== f.endsWith('.e2e.test.ts'))
      .map(({ f, why }) => `${f}: ${why || 'starts no process'}`)
    expect(misnamed).toEqual([])
  })

  test('unit tests beside the code in src/ start neither the app nor a child process', () => {
    const unit = files('src/**/*.test.ts')
    expect(unit.length).toBeGreaterThan(0)
    expect(unit.filter((f) => APP.test(source(f)) || startsChild(f))).toEqual([])
  })

  test('no file npm test runs bounds wall-clock time or memory in an assertion', () => {
    const gated = [...files('test/**/*.test.ts'), ...files('src/**/*.test.ts')].filter((f) => f !== SELF)
    expect(gated.filter((f) => TIME_OR_MEMORY_BOUND.test(source(f)))).toEqual([])
    // The detector itself, on sample lines kept in a fixture (as text, they are data: nothing here is timed).
    const samples = source('test/foundation/fixtures/assertion-samples.txt')
      .split('\n')
      .filter((line) => /^(bound|free) /.test(line))
      .map((line) => ({ bound: line.startsWith('bound '), line: line.slice(line.indexOf(' ') + 1) }))
    expect(samples.length).toBeGreaterThan(4)
    expect(samples.filter((s) => TIME_OR_MEMORY_BOUND.test(s.line) !== s.bound)).toEqual([])
  })

  test('every line of test/postgres-pass.txt names in-process test files that exist', () => {
    const lines = source('test/postgres-pass.txt')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean)
    expect(lines.length).toBeGreaterThan(5)
    const inProcess = (f: string) => !/\.(e2e|sqlite)\.test\.ts$/.test(f) && !f.startsWith('test/postgres/')
    const empty = lines.filter((l) => !files(l).some((f) => f.endsWith('.test.ts') && inProcess(f)))
    expect(empty).toEqual([])
  })
})
