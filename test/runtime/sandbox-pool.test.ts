// The sandbox worker pool: user code runs off the main thread, so a looping or bloated call never stalls other work.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { detachedHost } from '../../src/runtime/host'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'

// This file's own pool (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md, "One function runner"): each app, and each test, makes its own.
const pool = createSandboxPool()
const { run: runJavaScript, stats: sandboxStats, shutdown: shutdownSandbox } = pool

const LOOP = 'export default async () => { while (true) {} }'

async function waitFor(check: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time')
    await Bun.sleep(10)
  }
}

describe('sandbox worker pool', () => {
  let upstream: ReturnType<typeof Bun.serve>
  beforeAll(() => {
    upstream = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('pong') })
  })
  afterAll(() => upstream.stop(true))

  test('an infinite loop does not block the main thread: a timer, an HTTP request and another call finish first', async () => {
    await runJavaScript({ code: 'export default async () => 0', input: {} }) // a warm worker, outside the ordering
    const events: string[] = []
    const looping = runJavaScript({ code: LOOP, input: {}, timeoutMs: 3000 }).then(
      () => events.push('loop resolved'),
      (error: Error) => events.push(`loop: ${error.message}`),
    )
    // Give the loop time to start spinning on its worker before the other work is issued.
    await Bun.sleep(100)
    const others = [
      new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => events.push('timer')),
      fetch(`http://127.0.0.1:${upstream.port}/`).then(async (r) => events.push(`http ${await r.text()}`)),
      runJavaScript({ code: 'export default async (input) => input.n * 2', input: { n: 21 } }).then((v) =>
        events.push(`call ${String(v)}`),
      ),
    ]
    await Promise.all([...others, looping])
    expect(events.slice(0, 3).sort()).toEqual(['call 42', 'http pong', 'timer'])
    expect(events[3]).toBe('loop: timed out after 3000ms')
  })

  test('ctx host calls from the worker run on the main thread and can reach a real server', async () => {
    const result = await runJavaScript({
      code: `export default async (input, ctx) => { ctx.log('info', 'go'); const r = await ctx.fetch(input.url); return { status: r.status, body: await r.text() } }`,
      input: { url: `http://127.0.0.1:${upstream.port}/` },
      fetch: async (url) => {
        const r = await fetch(url)
        return { status: r.status, headers: Object.fromEntries(r.headers), text: await r.text() }
      },
    })
    expect(result).toEqual({ status: 200, body: 'pong' })
  })

  test('cancelling a CPU-bound call stops it inside its worker', async () => {
    const controller = new AbortController()
    const call = runJavaScript({ code: LOOP, input: {}, timeoutMs: 30_000, host: detachedHost(controller.signal) })
    await Bun.sleep(100)
    controller.abort()
    await expect(call).rejects.toThrow('canceled')
    // The worker reports the call ended (the cancel flag is read by the VM's interrupt handler), well before its 30 s deadline.
    await waitFor(() => sandboxStats().calls === 0)
    expect(await runJavaScript({ code: 'export default async () => "next"', input: {} })).toBe('next')
  })

  test('a memory bomb ends that call only; a call waiting on the host meanwhile completes', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const waiting = runJavaScript({
      code: 'export default async (input, ctx) => (await (await ctx.fetch("http://x/")).text()) + "!"',
      input: {},
      fetch: async () => {
        await gate
        return { status: 200, headers: {}, text: 'done' }
      },
    })
    const bomb = runJavaScript({
      code: 'export default async () => { const a = []; while (true) a.push({ n: a.length, list: [1, 2, 3] }) }',
      input: {},
      memoryMb: 16,
    })
    await expect(bomb).rejects.toThrow('out of memory (limit 16 MB)')
    release()
    expect(await waiting).toBe('done!')
    expect(await runJavaScript({ code: 'export default async () => "healthy"', input: {} })).toBe('healthy')
  })

  test('the pool never holds more than four workers, even under many concurrent calls', async () => {
    const calls = Array.from({ length: 12 }, (_, i) =>
      runJavaScript({
        code: 'export default async (input, ctx) => { await ctx.fetch("u"); return input.i }',
        input: { i },
        fetch: async () => ({ status: 200, headers: {}, text: '' }),
      }),
    )
    expect(sandboxStats().workers).toBeLessThanOrEqual(4)
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 12 }, (_, i) => i))
  })

  test('calls of one project that await the host share the workers it holds: all six are parked at once', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let asked = 0
    const fetch = async () => {
      asked++
      await gate
      return { status: 200, headers: {}, text: 'ok' }
    }
    const code = 'export default async (input, ctx) => { await ctx.fetch("u"); return input.i }'
    const calls = Array.from({ length: 6 }, (_, i) => runJavaScript({ code, input: { i }, fetch, project: 'one' }))
    // With one call per worker at a time, at most the project's share (1 or 2 workers) would be parked here.
    await waitFor(() => asked === 6)
    release()
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4, 5])
  })

  test('shutdownSandbox ends idle workers; later calls start new ones', async () => {
    await runJavaScript({ code: 'export default async () => 1', input: {} })
    shutdownSandbox()
    expect(sandboxStats().workers).toBe(0)
    expect(await runJavaScript({ code: 'export default async () => "again"', input: {} })).toBe('again')
  })
})
