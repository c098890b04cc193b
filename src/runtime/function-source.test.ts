// The source scan that runs before any Bun parse (what names a module is refused, text in strings, comments and
// regular expressions is not code) and the TypeScript line map.
import { describe, expect, test } from 'bun:test'
import { mapErrorLine, runnableSource, SourceError } from './function-source'
import { scanSource } from './source-scan'

const problem = (code: string) => scanSource(code).problem

describe('source scan', () => {
  test.each([
    ['static import', 'import x from "node:fs"\nexport default () => x'],
    ['import type', 'import type { A } from "./a"\nexport default () => 1'],
    ['macro import', 'import { m } from "/tmp/m.ts" with { type: "macro" }\nexport default () => m()'],
    ['re-export', 'export { a } from "./a"\nexport default () => 1'],
    ['re-export all', 'export * from "./a"\nexport default () => 1'],
    ['dynamic import', 'export default async () => (await import("node:fs")).readFileSync'],
    ['import.meta', 'export default () => import.meta.url'],
    ['require', 'export default () => require("/etc/passwd")'],
    ['import = require', 'import fs = require("fs")\nexport default () => fs'],
    ['require in a template substitution', 'export default () => `${require("x")}`'],
    ['import after a number', 'const a = 1.import("x")\nexport default () => a'],
    ['after a line separator ending a comment', '// note\u2028import x from "y"\nexport default () => x'],
    [
      'hidden behind a block’s regular expression',
      'if (a) {}\n/"/; import m from "m" with {type:"macro"}; "/"\nexport default () => 1',
    ],
    [
      'hidden behind a division read as a regular expression',
      'const a = b! / 1; import m from "m" /\nexport default () => 1',
    ],
    [
      'hidden behind an object’s division',
      'x = {}\n/1; import m from "m" with {type:"macro"}; /\nexport default () => 1',
    ],
    ['after a hashbang', '#!`\nimport m from "m" with {type:"macro"}\n//`\nexport default () => 1'],
    ['hidden behind a regular expression after export default', 'export default /\'/; import m from "m"; //\'\n'],
    ['hidden behind a private name', 'class A { static #return = 1; y = A.#return / 1; z = import("m") / 1 }'],
    ['hidden behind a private method', 'class A { static #if(x) { return x }; y = A.#if(1) / 1; z = import("m") / 1 }'],
    ['hidden after let and a line break', 'let a\n/\'/; import m from "m"; //\'\nexport default () => 1'],
    ['hidden after break and a line break', 'for (;;) { break\n/\'/ }; import m from "m"; //\'\n'],
    ['hidden after a type and a comment’s line break', 'let a: T[] /*\n*/ /\'/; import m from "m"; //\'\n'],
    ['hidden behind a script’s yield', 'function g() { var yield = 1; return yield / 1; import("m") / 1 }'],
    ['hidden behind an escaped name in the other reading', '{}\n/\'/; var \\u0061; import m from "m"; //\'\n'],
    ['spelt with escapes', 'export default () => requir\\u0065("/etc/passwd")'],
  ])('refuses %s', (_, code) => {
    expect(problem(code)?.kind).toBe('module')
  })

  test.each([
    ['strings', 'export default () => "import x from \'y\'" + \'require("z")\''],
    ['comments', '// import x from "y"\n/* require("z") */\nexport default () => 1'],
    ['regular expressions', 'export default (s) => /import|require\\(/.test(s) && s.split(/"/)'],
    ['template text', 'export default () => `import ${1 / 2} require("x")`'],
    ['a division after a call', 'export default (a) => (a + 1) / 2 / "import".length'],
    ['a regular expression after a condition', 'export default (s) => { if (s) /"/.test(s); return 1 }'],
  ])('keeps %s as data', (_, code) => {
    expect(problem(code)).toBeUndefined()
  })

  test('an unterminated string is a syntax problem; a name spelt with escapes is read as Bun reads it', () => {
    expect(problem('export default () => "abc\n"')?.kind).toBe('syntax')
    expect(problem('export default () => \\u0069mport("x")')?.kind).toBe('module')
    expect(problem('export default () => requir\\u{65}("x")')?.kind).toBe('module')
  })

  test('HTML-like comments and a scan out of forks are refused, whatever the other reading found', () => {
    expect(problem('x = 1\n--> `\nimport m from "m"\n--> `\n')?.message).toContain('HTML-like comments')
    expect(problem('x = a <!-- b')?.message).toContain('HTML-like comments')
    const forks = 'x = {} /1/ 1; '.repeat(40)
    expect(problem(`{}\n/'/; ${forks} import m from "m"; //'\n`)?.message).toContain('too many ambiguous')
  })

  test('a refusal names the line and column of the user’s source, before Bun sees the code', () => {
    const error = (() => {
      try {
        runnableSource('typescript', 'const a: number = 1\n  import x from "lodash"\nexport default () => a')
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(SourceError)
    expect((error as SourceError).problem).toMatchObject({ kind: 'module', line: 2, column: 3 })
    expect((error as SourceError).problem.message).toContain('"lodash"')
  })
})

describe('line map', () => {
  test('a TypeScript throw maps back to the user’s line; unknown lines are dropped', () => {
    const src = 'interface A { x: number }\n\n\nexport default async (a: A) => {\n  throw new Error("x")\n}\n'
    const out = runnableSource('typescript', src)
    const generated = out.code.split('\n').findIndex((l) => l.includes('throw')) + 1
    expect(mapErrorLine(`x (line ${generated})`, out)).toBe('x (line 5)')
    expect(mapErrorLine('x (line 999)', out)).toBe('x')
    expect(mapErrorLine('x (line 2)', { code: '' })).toBe('x (line 2)')
  })

  test('enums, namespaces and parameter properties (code the transform adds) keep the lines after them', () => {
    const src = `enum E { A, B }
namespace N { export const x: number = 1 }
class K { constructor(private a: number, public b = 2) {} }
interface Big { ${Array.from({ length: 40 }, (_, i) => `f${i}: string`).join('; ')} }

export default async (input: Big): Promise<number> => {
  const k = new K(E.B, N.x)

  if (k.b > 1) throw new Error('too big')
  return 1
}
`
    const out = runnableSource('typescript', src)
    const generated = out.code.split('\n').findIndex((l) => l.includes('too big')) + 1
    expect(mapErrorLine(`too big (line ${generated})`, out)).toBe('too big (line 9)')
  })
})
