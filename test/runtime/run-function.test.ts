// runFunction: each runtime end to end, and failures as isError results (never thrown).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createEgress } from '../../src/egress/client'
import { runFunction } from '../../src/runtime/run-function'

let server: ReturnType<typeof Bun.serve>
let base: string
beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) => Response.json({ path: new URL(req.url).pathname, auth: req.headers.get('authorization') }),
  })
  base = `http://127.0.0.1:${server.port}`
})
afterAll(() => server.stop(true))

const open = createEgress({ allowPrivate: true })
const closed = createEgress({ allowPrivate: false })

describe('runFunction', () => {
  test('javascript: value mapped, ctx.fetch through egress, structuredContent with an output schema', async () => {
    const fn = {
      name: 'f',
      runtime: 'javascript' as const,
      code: `export default async (input, ctx) => (await ctx.fetch('${base}/p', { headers: { authorization: ctx.credentials.k } })).json()`,
    }
    const result = await runFunction(
      fn,
      {},
      { egress: open, credentials: { k: 'key' }, outputSchema: { type: 'object' } },
    )
    expect(result).toEqual({
      content: [{ type: 'text', text: JSON.stringify({ path: '/p', auth: 'key' }, null, 2) }],
      structuredContent: { path: '/p', auth: 'key' },
      isError: false,
    })
  })

  test('javascript: errors, timeouts and egress refusals are isError results', async () => {
    const thrown = await runFunction(
      { name: 'f', runtime: 'javascript', code: 'export default async () => { throw new Error("nope") }' },
      {},
      { egress: open },
    )
    expect(thrown).toEqual({ content: [{ type: 'text', text: 'nope' }], isError: true })
    const slow = await runFunction(
      { name: 'f', runtime: 'javascript', code: 'export default async () => { for (;;) {} }', timeout_ms: 100 },
      {},
      { egress: open },
    )
    expect(slow).toEqual({ content: [{ type: 'text', text: 'timed out after 100ms' }], isError: true })
    const refused = await runFunction(
      { name: 'f', runtime: 'javascript', code: `export default async (i, ctx) => ctx.fetch('${base}/x')` },
      {},
      { egress: closed },
    )
    expect(refused.isError).toBe(true)
    expect(refused.content[0]!.text).toContain('egress refused: 127.0.0.1 is a private address')
  })

  test('http: 2xx text, egress refusal surfaced', async () => {
    const ok = await runFunction(
      { name: 'h', runtime: 'http', http: { url: `${base}/u/{{args.id}}` } },
      { id: 'z' },
      { egress: open },
    )
    expect(ok.isError).toBe(false)
    expect(JSON.parse(ok.content[0]!.text as string)).toEqual({ path: '/u/z', auth: null })
    const refused = await runFunction(
      { name: 'h', runtime: 'http', http: { url: `${base}/u` } },
      {},
      { egress: closed },
    )
    expect(refused.isError).toBe(true)
    expect(refused.content[0]!.text).toContain('TOOLYARD_ALLOW_PRIVATE_EGRESS')
  })

  test('builtin: echo, and an unknown builtin is an isError result', async () => {
    expect(
      await runFunction({ name: 'builtin.utilities.echo', runtime: 'builtin' }, { text: 'a<b' }, { egress: open }),
    ).toEqual({ content: [{ type: 'text', text: 'a<b' }], isError: false })
    const unknown = await runFunction({ name: 'builtin.nope', runtime: 'builtin' }, {}, { egress: open })
    expect(unknown).toEqual({
      content: [{ type: 'text', text: 'unknown built-in function: builtin.nope' }],
      isError: true,
    })
  })
})
