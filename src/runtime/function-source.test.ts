// Source-map decoding and error-line mapping of TypeScript functions.
import { describe, expect, test } from 'bun:test'
import { mapErrorLine, originalLines, transpileTypeScript } from './function-source'

describe('function-source', () => {
  test('originalLines decodes VLQ mappings to the last original line of each generated line', () => {
    // Line 1: no segment; line 2: source line 4 (delta 3 → "G"); line 3: line 5 then back to 4 (deltas +1, -1 → "C", "D").
    expect(originalLines(';AAGA;AACA,EAAD')).toEqual([undefined, 4, 5])
  })

  test('a TypeScript throw maps back to the user’s line; unknown lines are dropped', async () => {
    const src = 'interface A { x: number }\n\n\nexport default async (a: A) => {\n  throw new Error("x")\n}\n'
    const out = await transpileTypeScript(src)
    const generated = out.code.split('\n').findIndex((l) => l.includes('throw')) + 1
    expect(mapErrorLine(`x (line ${generated})`, out)).toBe('x (line 5)')
    expect(mapErrorLine('x (line 999)', out)).toBe('x')
    expect(mapErrorLine('x (line 2)', { code: '' })).toBe('x (line 2)')
  })
})
