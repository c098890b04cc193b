// A busy project's next call is sent to its worker ahead (docs/decisions/0414-javascript-call-hop.md): it starts when
// the call before it ends, without a round trip through the main thread; its deadline starts then, not when it was
// sent; a free worker takes it back from behind a long call; and a call stopped before it started never runs.
import { afterAll, describe, expect, test } from 'bun:test'
import { detachedHost } from '../../src/runtime/host'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'

/** Runs code for `input.ms` milliseconds, then answers its tag. */
const SPIN =
  'export default async (input) => { const end = Date.now() + input.ms; while (Date.now() < end) {} return input.tag }'
/** Counts its runs in module state (kept by a warm context). */
const COUNTS = 'let runs = 0; export default async () => ++runs'
/** Asks the host once (ctx.fetch): the host's count says whether it ran at all. */
const ASKS = 'export default async (input, ctx) => { await ctx.fetch("http://x/"); return "ran" }'

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await Bun.sleep(5)
  }
}

const pools: ReturnType<typeof createSandboxPool>[] = []
const newPool = (size: number) => {
  const pool = createSandboxPool({ size })
  pools.push(pool)
  return pool
}
afterAll(() => {
  for (const pool of pools) pool.shutdown()
})

describe('calls queued on a worker', () => {
  test("a busy project's next call is already on its worker while the one before it runs", async () => {
    // Two workers: a project may hold one.
    const pool = newPool(2)
    await pool.run({ code: SPIN, input: { ms: 0, tag: 'warm' }, project: 'p' })
    const first = pool.run({ code: SPIN, input: { ms: 400, tag: 'first' }, project: 'p' })
    const second = pool.run({ code: SPIN, input: { ms: 0, tag: 'second' }, project: 'p' })
    // Both are on the project's one worker: the second does not wait in the pool's line for the first to end.
    expect(pool.stats().calls).toBe(2)
    expect(pool.stats().workers).toBe(1)
    expect(await Promise.all([first, second])).toEqual(['first', 'second'])
  })

  test('a call queued behind another is not charged for the wait: its deadline starts when it starts', async () => {
    const pool = newPool(2)
    await pool.run({ code: SPIN, input: { ms: 0, tag: 'warm' }, project: 'p' })
    const long = pool.run({ code: SPIN, input: { ms: 600, tag: 'long' }, project: 'p', timeoutMs: 5_000 })
    const short = pool.run({ code: SPIN, input: { ms: 0, tag: 'short' }, project: 'p', timeoutMs: 300 })
    expect(pool.stats().calls).toBe(2)
    expect(await Promise.all([long, short])).toEqual(['long', 'short'])
  })

  test('a worker left free takes a call queued behind a long call on another worker', async () => {
    // Four workers: a project may hold two.
    const pool = newPool(4)
    await Promise.all(['a', 'b'].map((tag) => pool.run({ code: SPIN, input: { ms: 0, tag }, project: 'p' })))
    const order: string[] = []
    const track = (p: Promise<unknown>) => p.then((v) => order.push(String(v)))
    const long = track(pool.run({ code: SPIN, input: { ms: 3_000, tag: 'long' }, project: 'p', timeoutMs: 10_000 }))
    const brief = track(pool.run({ code: SPIN, input: { ms: 200, tag: 'brief' }, project: 'p' }))
    // Both workers busy: this one is queued behind one of them (behind the long call, as the first of equals).
    const queued = track(pool.run({ code: SPIN, input: { ms: 0, tag: 'queued' }, project: 'p' }))
    expect(pool.stats().calls).toBe(3)
    await Promise.all([long, brief, queued])
    expect(order.indexOf('queued')).toBeLessThan(order.indexOf('long'))
    expect(order.at(-1)).toBe('long')
  })

  test('a call cancelled while queued behind another never runs', async () => {
    const pool = newPool(2)
    let asked = 0
    const fetch = async () => {
      asked++
      return { status: 200, headers: {}, text: '' }
    }
    // Counts its runs in module state, in the worker's warm context of its key.
    const count = (host?: ReturnType<typeof detachedHost>) =>
      pool.run({ code: COUNTS, input: {}, project: 'p', warmKey: 'p\0count\0v1', ...(host ? { host } : {}) })
    expect(await count()).toBe(1)
    const long = pool.run({ code: SPIN, input: { ms: 400, tag: 'long' }, project: 'p' })
    const controllers = [new AbortController(), new AbortController()]
    const asking = pool.run({ code: ASKS, input: {}, project: 'p', fetch, host: detachedHost(controllers[0]!.signal) })
    expect(pool.stats().calls).toBe(2)
    controllers[0]!.abort()
    await expect(asking).rejects.toThrow('canceled')
    const counting = count(detachedHost(controllers[1]!.signal))
    expect(pool.stats().calls).toBe(2)
    controllers[1]!.abort()
    await expect(counting).rejects.toThrow('canceled')
    expect(await long).toBe('long')
    // The worker got to the cancelled calls' messages after the long call: it skipped them (neither asked the host
    // nor counted in the warm context).
    await waitFor(() => pool.stats().calls === 0)
    expect(await count()).toBe(2)
    expect(await pool.run({ code: ASKS, input: {}, project: 'p', fetch })).toBe('ran')
    expect(asked).toBe(1)
  })

  test('under a mix of short and long calls, some awaiting the host, every call runs exactly once and answers its own input', async () => {
    const pool = newPool(4)
    const asked = new Map<number, number>()
    const fetch = async (url: string) => {
      const n = Number(new URL(url).searchParams.get('n'))
      asked.set(n, (asked.get(n) ?? 0) + 1)
      await Bun.sleep(n % 3)
      return { status: 200, headers: {}, text: String(n) }
    }
    const code = `export default async (input, ctx) => {
      const end = Date.now() + input.ms; while (Date.now() < end) {}
      if (input.ask) return Number(await (await ctx.fetch('http://h/?n=' + input.n)).text())
      return input.n
    }`
    const inputs = Array.from({ length: 60 }, (_, n) => ({ n, ms: (n * 7) % 6, ask: n % 2 === 0 }))
    const results = await Promise.all(
      inputs.map((input) => pool.run({ code, input, fetch, project: 'mix', warmKey: 'mix\0f\0v', queueLimit: 100 })),
    )
    expect(results).toEqual(inputs.map((i) => i.n))
    expect([...asked.keys()].sort((a, b) => a - b)).toEqual(inputs.filter((i) => i.ask).map((i) => i.n))
    expect([...asked.values()].every((count) => count === 1)).toBe(true)
    await waitFor(() => pool.stats().calls === 0)
  })
})
