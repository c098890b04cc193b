// What crosses to a sandbox worker and back raw (a run's input, credentials and code; a call's result, framed after a
// short head: docs/decisions/0414-javascript-call-hop.md) arrives as it left: line breaks, colons, quotes, NULs and
// non-ASCII text in any of them, credentials or none, and code spread over many lines.
import { afterAll, describe, expect, test } from 'bun:test'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'

const pool = createSandboxPool({ size: 2 })
afterAll(() => pool.shutdown())

const AWKWARD = 'a\nb\r\n:c:"d"\u0000é😀\u2028\\n'
const ECHO = `// first line

export default async (input, ctx) => {
  // a comment with a line break before the code's end
  return { input, credentials: ctx.credentials ?? null, text: input.text + ':' }
}
`

describe('the framed messages of a call', () => {
  test('input, credentials, code and result cross unchanged, with or without credentials', async () => {
    const input = { text: AWKWARD, nested: { [AWKWARD]: [AWKWARD, 1, null, true] } }
    const credentials = { api_key: AWKWARD, extra: '\n' }
    expect(await pool.run({ code: ECHO, input, credentials, project: 'p', warmKey: 'p\0f\0v' })).toEqual({
      input,
      credentials,
      text: `${AWKWARD}:`,
    })
    expect(await pool.run({ code: ECHO, input, project: 'p', warmKey: 'p\0f\0v' })).toEqual({
      input,
      credentials: null,
      text: `${AWKWARD}:`,
    })
  })

  test('a result of undefined, a bare string and a failure with an awkward message keep their shape', async () => {
    expect(await pool.run({ code: 'export default async () => undefined', input: {} })).toBeUndefined()
    expect(await pool.run({ code: `export default async () => ${JSON.stringify(AWKWARD)}`, input: {} })).toBe(AWKWARD)
    await expect(
      pool.run({ code: `export default async () => { throw new Error(${JSON.stringify(AWKWARD)}) }`, input: {} }),
    ).rejects.toThrow(AWKWARD)
  })
})
