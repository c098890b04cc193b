// A function's source is data: nothing a tenant writes runs on the host or reads host files, whatever the path to
// Bun (POST and PATCH /functions, which the dashboard's Save calls, `toolyard apply` and `--dry-run`, a call at run
// time). Each case checks the host: the macro's marker file is never written, the secret file's text never comes back.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createEgress } from '../../src/egress/client'
import { detachedHost } from '../../src/runtime/host'
import { runFunction } from '../../src/runtime/run-function'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'
import { call, createFunction } from '../helpers/api'
import { runCli, startTestApp, type TestApp, tempDirs } from '../helpers/app'

const newDir = tempDirs('toolyard-holes-funcs-')
const host = newDir()
const MACRO = join(host, 'macro.ts')
const SECRET_FILE = join(host, 'secret.txt')
const SECRET = `TOPSECRET-${crypto.randomUUID()}`
writeFileSync(
  MACRO,
  `import { writeFileSync } from 'node:fs'\nexport function m() {\n  writeFileSync(${JSON.stringify(host)} + '/marker-' + Math.random(), 'ran')\n  return 1\n}\n`,
)
writeFileSync(SECRET_FILE, SECRET)
const markers = () => readdirSync(host).filter((f) => f.startsWith('marker-'))

const MACRO_IMPORT = `import { m } from ${JSON.stringify(MACRO)} with { type: "macro" }\nexport default async () => m()\n`
const CASES: [string, string, ('javascript' | 'typescript')[]][] = [
  ['a macro import', MACRO_IMPORT, ['javascript', 'typescript']],
  [
    'a macro re-export',
    `export { m } from ${JSON.stringify(MACRO)} with { type: "macro" }\nexport default async () => 1`,
    ['javascript', 'typescript'],
  ],
  [
    'require of a host file',
    `export default async () => require(${JSON.stringify(SECRET_FILE)})`,
    ['javascript', 'typescript'],
  ],
  [
    'import = require',
    `import s = require(${JSON.stringify(SECRET_FILE)})\nexport default async () => s`,
    ['typescript'],
  ],
  [
    'a text import',
    `import s from ${JSON.stringify(SECRET_FILE)} with { type: "text" }\nexport default async () => s`,
    ['javascript', 'typescript'],
  ],
  [
    'a dynamic import',
    `export default async () => (await import(${JSON.stringify(SECRET_FILE)})).default`,
    ['javascript', 'typescript'],
  ],
  ['import.meta', 'export default async () => import.meta.url', ['javascript', 'typescript']],
]
const each = CASES.flatMap(([what, code, runtimes]) => runtimes.map((runtime) => [what, runtime, code] as const))

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

/** The request's answer and, had it been saved, what calling it gives: the secret must be in neither. */
async function expectRefused(r: { status: number; body: any; text: string }, id?: string) {
  expect(markers()).toEqual([])
  expect(r.text).not.toContain(SECRET)
  const saved = id ?? (r.status === 201 ? r.body.id : undefined)
  if (saved) {
    const out = await call(app, `/functions/${saved}/invoke`, { body: {} })
    expect(out.text).not.toContain(SECRET)
  }
  expect(r.status).toBe(400)
  expect(r.body.code).toBe('invalid_function')
  expect(r.body.details[0].field).toBe('body.code')
  expect(r.body.error).toMatch(/line \d+, column \d+/)
}

describe('nothing a function names runs or is read on the host', () => {
  test.each(each)('POST /functions with %s (%s): 400, nothing ran, nothing read', async (_, runtime, code) => {
    const r = await call(app, '/functions', { body: { name: `f-${crypto.randomUUID().slice(0, 8)}`, runtime, code } })
    await expectRefused(r)
  })

  test.each(each)('PATCH /functions with %s (%s): 400, the old code stays', async (_, runtime, code) => {
    const f = await createFunction(app, {
      name: `p-${crypto.randomUUID().slice(0, 8)}`,
      runtime,
      code: 'export default async () => "old"',
    })
    const r = await call(app, `/functions/${f.id}`, { method: 'PATCH', body: { code } })
    await expectRefused(r, r.status === 200 ? f.id : undefined)
    expect((await call(app, `/functions/${f.id}`)).body.code).toBe('export default async () => "old"')
  })

  test.each(['javascript', 'typescript'] as const)(
    'at run time, stored code naming a module fails the call (%s)',
    async (runtime) => {
      const caller = { projectId: 'p1', host: detachedHost(new AbortController().signal) }
      const env = {
        pool: createSandboxPool(),
        queueLimit: 32,
        logBytes: 4 * 1024 * 1024,
        egress: createEgress({ allowPrivate: false }),
      }
      for (const [, code, runtimes] of CASES) {
        if (!runtimes.includes(runtime)) continue
        const out = await runFunction(caller, { name: 'f', runtime, code }, {}, env)
        expect(out.ok).toBe(false)
        expect(JSON.stringify(out)).not.toContain(SECRET)
      }
      expect(markers()).toEqual([])
    },
  )
})

describe('toolyard apply', () => {
  const projectFile = (runtime: string, code: string) => {
    const dir = newDir()
    const indented = code
      .split('\n')
      .map((l) => `      ${l}`)
      .join('\n')
    const path = join(dir, 'toolyard.yaml')
    writeFileSync(path, `project: p\nfunctions:\n  - name: evil\n    runtime: ${runtime}\n    code: |\n${indented}\n`)
    return path
  }

  test.each([
    ['javascript', []],
    ['typescript', []],
    ['javascript', ['--dry-run']],
    ['typescript', ['--dry-run']],
  ] as const)(
    'a macro import (%s, %p): exit 2 naming the function, nothing ran',
    async (runtime, flags) => {
      const r = await runCli(['apply', '-f', projectFile(runtime, MACRO_IMPORT), ...flags], newDir())
      expect(markers()).toEqual([])
      expect(r.code).toBe(2)
      expect(r.stderr).toContain('function evil')
      expect(r.stderr).toContain('single modules')
    },
    30_000,
  )

  test('require of a host file through apply: refused, the secret never printed', async () => {
    const code = `export default async () => require(${JSON.stringify(SECRET_FILE)})\n`
    const r = await runCli(['apply', '-f', projectFile('typescript', code)], newDir())
    expect(r.stdout + r.stderr).not.toContain(SECRET)
    expect(r.code).toBe(2)
  }, 30_000)
})

// Text the scan once read differently from Bun's parser: a hashbang, an HTML-like comment, a `/` after
// `export default`, a private name spelt like a keyword, a `/` after an inserted semicolon, an escaped name in the
// reading Bun takes. Each hid a macro import from the scan; only Bun's `macro: false` stood between it and the host.
const M = `import { m } from ${JSON.stringify(MACRO)} with { type: "macro" }`
const NODE_MACRO = 'import { m } from "node:fs" with { type: "macro" }'
const HIDDEN: [string, string, ('javascript' | 'typescript')[], string][] = [
  [
    'a hashbang',
    `#!\`\n${M}\nm()\n//\`\nexport default async () => 1\n`,
    ['javascript', 'typescript'],
    'single modules',
  ],
  [
    'an HTML-like comment at a line start',
    `x = 1\n--> \`\n${M}\nm()\n--> \`\nexport default async () => 1\n`,
    ['javascript', 'typescript'],
    'HTML-like comments',
  ],
  [
    'a regular expression after export default',
    `export default /'/; ${M}; m(); //'\n`,
    ['javascript', 'typescript'],
    'single modules',
  ],
  [
    'a private name spelt like a keyword',
    `class A { static #return = 1; static y = A.#return / 1 }; ${NODE_MACRO}; m(); 0//\nexport default async () => 1\n`,
    ['javascript', 'typescript'],
    'single modules',
  ],
  [
    'a private method spelt like a condition',
    `class A { static #if(x) { return x }; static y = A.#if(1) / 1 }; ${NODE_MACRO}; m(); 0//\nexport default async () => 1\n`,
    ['javascript', 'typescript'],
    'single modules',
  ],
  [
    'a regular expression after let a and a line break',
    `let a\n/'/; ${M}; m(); //'\nexport default async () => 1\n`,
    ['javascript', 'typescript'],
    'single modules',
  ],
  [
    'a regular expression after break and a line break',
    `for (;;) { break\n/'/ }; ${M}; m(); //'\nexport default async () => 1\n`,
    ['javascript', 'typescript'],
    'single modules',
  ],
  [
    'a regular expression after a type and a line break',
    `let a: string[]\n/'/; ${M}; m(); //'\nexport default async () => 1\n`,
    ['typescript'],
    'single modules',
  ],
  [
    'an escaped name in the reading Bun takes',
    `{}\n/'/; var \\u0061; ${M}; m(); //'\nexport default async () => 1\n`,
    ['javascript', 'typescript'],
    'single modules',
  ],
]

describe('the scan reads the source as Bun parses it', () => {
  test.each(
    HIDDEN.flatMap(([what, code, runtimes, says]) => runtimes.map((runtime) => [what, runtime, code, says] as const)),
  )(
    'POST /functions with a macro import hidden by %s (%s): refused by the scan, nothing ran',
    async (_, runtime, code, says) => {
      const r = await call(app, '/functions', { body: { name: `h-${crypto.randomUUID().slice(0, 8)}`, runtime, code } })
      expect(markers()).toEqual([])
      expect(r.status).toBe(400)
      expect(r.body.code).toBe('invalid_function')
      // Refused by the scan, before Bun's parser saw the text (Bun's own refusal says "Macros are disabled").
      expect(r.body.error).toContain(says)
      expect(r.body.error).not.toContain('Macros are disabled')
    },
  )
})
