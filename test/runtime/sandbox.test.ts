// The QuickJS sandbox: results, errors, limits, isolation, ctx callbacks, concurrency and cancellation.
import { describe, expect, test } from 'bun:test'
import { detachedHost, type FunctionHost } from '../../src/runtime/host'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'
import type { SandboxFetch } from '../../src/runtime/sandbox-types'

const { run: runJavaScript } = createSandboxPool()

/** What the code's ctx is made of: the caller's callbacks, plus fetch and credentials from the runtime. */
type Ctx = Partial<Pick<FunctionHost, 'log' | 'progress' | 'sample' | 'elicit'>> & {
  credentials?: unknown
  fetch?: SandboxFetch
}

const run = (
  code: string,
  input: unknown = {},
  ctx: Ctx = {},
  extra: { memoryMb?: number; timeoutMs?: number; signal?: AbortSignal } = {},
) => {
  const { credentials, fetch, ...callbacks } = ctx
  const host: FunctionHost = { ...detachedHost(extra.signal ?? new AbortController().signal), ...callbacks }
  return runJavaScript({ code, input, host, fetch, credentials, memoryMb: extra.memoryMb, timeoutMs: extra.timeoutMs })
}

describe('runJavaScript', () => {
  test('returns the default export’s result (function and arrow forms)', async () => {
    expect(
      await run('export default async function (input) { return { sum: input.a + input.b } }', { a: 2, b: 3 }),
    ).toEqual({ sum: 5 })
    expect(await run('export default async (input, ctx) => `hi ${input.name}`', { name: 'Ada' })).toBe('hi Ada')
    expect(await run('const k = await Promise.resolve(7); export default async () => [k, null, true]')).toEqual([
      7,
      null,
      true,
    ])
  })

  test('a thrown error rejects with the user’s message', async () => {
    await expect(run('export default async () => { throw new Error("bad input: x") }')).rejects.toThrow('bad input: x')
    await expect(run('export default async () => { throw "plain string" }')).rejects.toThrow('plain string')
    await expect(run('export const notDefault = 1')).rejects.toThrow('default function')
  })

  test('an infinite loop times out and the next call still works', async () => {
    // The message names the call's own 200 ms limit: the loop was stopped by it (the test's timeout bounds a hang).
    await expect(run('export default async () => { while (true) {} }', {}, {}, { timeoutMs: 200 })).rejects.toThrow(
      'timed out after 200ms',
    )
    expect(await run('export default async () => 42')).toBe(42)
  })

  test('memory bombs end with out of memory and the next call still works', async () => {
    await expect(
      run(
        'export default async () => { const a = []; while (true) a.push({ n: a.length, list: [1, 2, 3] }) }',
        {},
        {},
        { memoryMb: 16 },
      ),
    ).rejects.toThrow('out of memory (limit 16 MB)')
    await expect(
      run('export default async () => { let s = "x"; while (true) s += s }', {}, {}, { memoryMb: 16 }),
    ).rejects.toThrow('out of memory (limit 16 MB)')
    expect(await run('export default async () => "still alive"')).toBe('still alive')
  })

  test('deep recursion is a stack overflow error, not a crash', async () => {
    await expect(run('export default async () => { const f = (n) => f(n + 1) + 1; return f(0) }')).rejects.toThrow(
      'stack overflow',
    )
    expect(await run('export default async () => 1')).toBe(1)
  })

  test('no process, require, Bun, file system or module imports (fetch is ctx.fetch)', async () => {
    const globals = await run(
      'export default async (i, ctx) => [typeof process, typeof require, typeof Bun, typeof std, typeof os, typeof host, fetch === ctx.fetch]',
    )
    expect(globals).toEqual([...Array(6).fill('undefined'), true])
    await expect(
      run('import fs from "fs"; export default async () => fs.readFileSync("/etc/passwd", "utf8")'),
    ).rejects.toThrow("could not load module 'fs'")
    await expect(
      run('export default async () => (await import("node:fs")).readFileSync("/etc/passwd")'),
    ).rejects.toThrow('could not load module')
  })

  test('ctx.log and ctx.progress reach the host; credentials are plain data', async () => {
    const logs: [string, string][] = []
    const progress: [number, number | undefined, string | undefined][] = []
    const result = await run(
      `export default async (input, ctx) => {
        ctx.log('info', 'starting'); ctx.log('warning', { detail: 1 });
        ctx.progress(1, 2, 'half'); ctx.progress(2);
        return { token: ctx.credentials.token, hasSample: typeof ctx.sample }
      }`,
      {},
      {
        credentials: { token: 'tok' },
        log: (l, m) => logs.push([l, m]),
        progress: (p, t, m) => progress.push([p, t, m]),
      },
    )
    expect(result).toEqual({ token: 'tok', hasSample: 'undefined' })
    expect(logs).toEqual([
      ['info', 'starting'],
      ['warning', '{"detail":1}'],
    ])
    expect(progress).toEqual([
      [1, 2, 'half'],
      [2, undefined, undefined],
    ])
  })

  test('a ctx.log level MCP does not know reaches the host as "info"', async () => {
    const logs: [string, string][] = []
    await run(
      `export default async (input, ctx) => { ctx.log('verbose', 'a'); ctx.log('error', 'b') }`,
      {},
      {
        log: (l, m) => logs.push([l, m]),
      },
    )
    expect(logs).toEqual([
      ['info', 'a'],
      ['error', 'b'],
    ])
  })

  test('ctx.fetch goes through the host fetch and exposes status, headers, text() and json()', async () => {
    const calls: unknown[] = []
    const result = await run(
      `export default async (input, ctx) => {
        const r = await ctx.fetch('https://api.example.com/items', { method: 'POST', body: { q: input.q } });
        return { status: r.status, ok: r.ok, type: r.headers.get('Content-Type'), data: await r.json(), raw: await r.text() }
      }`,
      { q: 'x' },
      {
        fetch: async (url, init) => {
          calls.push([url, init])
          return { status: 201, headers: { 'content-type': 'application/json' }, text: '{"id":9}' }
        },
      },
    )
    expect(result).toEqual({ status: 201, ok: true, type: 'application/json', data: { id: 9 }, raw: '{"id":9}' })
    expect(calls).toEqual([
      [
        'https://api.example.com/items',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"q":"x"}' },
      ],
    ])
  })

  test('a host fetch failure is a catchable error inside the sandbox', async () => {
    const code = `export default async (input, ctx) => { try { await ctx.fetch('http://10.0.0.1/') } catch (e) { return 'caught: ' + e.message } }`
    expect(
      await run(
        code,
        {},
        { fetch: async () => Promise.reject(new Error('egress refused: 10.0.0.1 is a private address')) },
      ),
    ).toBe('caught: egress refused: 10.0.0.1 is a private address')
  })

  test('sample and elicit exist only when the host offers them', async () => {
    const result = await run(
      'export default async (input, ctx) => ({ s: await ctx.sample({ messages: [] }), e: await ctx.elicit({ message: "name?" }) })',
      {},
      {
        sample: async (req) => ({ echoed: req }),
        elicit: async () => ({ action: 'accept', content: { name: 'Ada' } }),
      },
    )
    expect(result).toEqual({ s: { echoed: { messages: [] } }, e: { action: 'accept', content: { name: 'Ada' } } })
  })

  test('awaiting a host promise that never settles still times out', async () => {
    await expect(
      run(
        'export default async (i, ctx) => { await ctx.fetch("http://x/"); return 1 }',
        {},
        { fetch: () => new Promise(() => {}) },
        { timeoutMs: 150 },
      ),
    ).rejects.toThrow('timed out after 150ms')
  })

  test('three concurrent calls wait in their host fetch at the same time', async () => {
    // Each fetch waits until all three calls are inside theirs (or gives up after 5 s): only calls that really run side
    // by side all answer "ok", whatever the machine's load.
    let arrived = 0
    let allArrived!: () => void
    const together = new Promise<void>((resolve) => {
      allArrived = resolve
    })
    const waitingFetch: SandboxFetch = async () => {
      if (++arrived === 3) allArrived()
      const met = await Promise.race([together.then(() => true), Bun.sleep(5_000).then(() => false)])
      return { status: 200, headers: {}, text: met ? 'ok' : 'alone' }
    }
    await run('export default async () => 0') // load the WASM module outside the calls
    const results = await Promise.all(
      [1, 2, 3].map((i) =>
        run(
          'export default async (input, ctx) => (await (await ctx.fetch("u")).text()) + input.i',
          { i },
          { fetch: waitingFetch },
        ),
      ),
    )
    expect(results).toEqual(['ok1', 'ok2', 'ok3'])
  })

  test('an abort signal cancels a running call', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    // The fetch never answers, so only the abort can end the call: "canceled" is the structural proof.
    await expect(
      run(
        'export default async (i, ctx) => { await ctx.fetch("http://x/"); return 1 }',
        {},
        { fetch: () => new Promise(() => {}) },
        { signal: controller.signal },
      ),
    ).rejects.toThrow('canceled')
    expect(await run('export default async () => "ok"')).toBe('ok')
    const already = new AbortController()
    already.abort()
    await expect(run('export default async () => 1', {}, {}, { signal: already.signal })).rejects.toThrow('canceled')
  })
})
