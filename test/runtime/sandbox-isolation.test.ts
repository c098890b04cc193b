// Calls share a WASM instance (and a worker) but never state: each gets a fresh context; the lazily installed web
// globals and ctx behave as if they had been set up front.
import { describe, expect, test } from 'bun:test'
import { detachedHost } from '../../src/runtime/host'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'
import { runInVm } from '../../src/runtime/sandbox-vm'

const { run: runJavaScript } = createSandboxPool()

const host = detachedHost(new AbortController().signal)
const fetchNone = async () => {
  throw new Error('no fetch')
}
/** On this thread: every call uses this thread's one WASM instance, so a leak between calls would show. */
const inThread = async (code: string) => {
  const { json } = await runInVm({ code, inputJson: '{}', host, fetch: fetchNone, memoryMb: 64, timeoutMs: 5_000 })
  return (JSON.parse(json) as { value: unknown }).value
}

/** Sets a global, a property on a lazily loaded global, on ctx's prototype chain and on a built-in prototype. */
const POLLUTE = `
globalThis.leaked = 'global';
console.leaked = 'console';
URL.prototype.leaked = 'url';
Object.prototype.leaked = 'object';
Array.prototype.push = () => 'patched';
export default async (input, ctx) => { globalThis.alsoLeaked = ctx.credentials; return 'set' }`
const LOOK = `export default async () => [
  typeof leaked, typeof alsoLeaked, console.leaked, URL.prototype.leaked, ({}).leaked, [1].push(2),
]`
const CLEAN = ['undefined', 'undefined', null, null, null, 2]

describe('no state crosses calls', () => {
  test('globals, lazy globals and built-in prototypes set by one call are not seen by the next (same instance)', async () => {
    expect(await inThread(POLLUTE)).toBe('set')
    // JSON turns the missing values into null.
    expect(await inThread(LOOK)).toEqual(CLEAN)
    expect(await inThread(POLLUTE)).toBe('set')
    await Bun.sleep(5) // the thread is idle: the next call's VM is made ahead
    expect(await inThread(LOOK)).toEqual(CLEAN)
  })

  test('nor through the worker pool, call after call (the next VM made ahead while the worker is idle)', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await runJavaScript({ code: POLLUTE, input: {}, host, credentials: { k: i } })).toBe('set')
      await Bun.sleep(5)
      expect(await runJavaScript({ code: LOOK, input: {}, host })).toEqual(CLEAN)
      expect(await runJavaScript({ code: LOOK, input: {}, host })).toEqual(CLEAN)
    }
  })

  test('after a call that timed out, the next call (on a fresh instance) is clean', async () => {
    await expect(
      runJavaScript({ code: 'export default async () => { while (true) {} }', input: {}, host, timeoutMs: 100 }),
    ).rejects.toThrow('timed out after 100ms')
    await Bun.sleep(5)
    expect(await runJavaScript({ code: LOOK, input: {}, host })).toEqual(CLEAN)
  })
})

describe('lazy globals and ctx', () => {
  test('a global assigned or deleted before it is read stays as the code left it', async () => {
    expect(
      await inThread(`globalThis.URL = 5; delete globalThis.console; globalThis.btoa = undefined;
        export default async () => [URL, typeof console, btoa, typeof atob('aGk='), 'console' in globalThis]`),
    ).toEqual([5, 'undefined', null, 'string', false])
  })

  test('once read, a global is a plain writable, enumerable, configurable property; every global is listed', async () => {
    const [descriptor, keys] = (await inThread(`export default async () => {
      TextEncoder;
      const d = Object.getOwnPropertyDescriptor(globalThis, 'TextEncoder');
      return [{ writable: d.writable, enumerable: d.enumerable, configurable: d.configurable, fn: typeof d.value }, Object.keys(globalThis)];
    }`)) as [unknown, string[]]
    expect(descriptor).toEqual({ writable: true, enumerable: true, configurable: true, fn: 'function' })
    for (const name of ['fetch', 'console', 'setTimeout', 'clearTimeout', 'crypto', 'TextEncoder', 'TextDecoder'])
      expect(keys).toContain(name)
    for (const name of ['btoa', 'atob', 'URL', 'URLSearchParams']) expect(keys).toContain(name)
  })

  test('globals of one library share their state; ctx is frozen, lists its functions, and they are stable', async () => {
    expect(
      await inThread(`export default async (input, ctx) => {
        let fired = false;
        clearTimeout(setTimeout(() => { fired = true }, 1));
        await new Promise((r) => setTimeout(r, 20));
        const u = new URL('https://a.example/p?x=1');
        u.searchParams.set('y', '2');
        return [fired, u.href, crypto.randomUUID().length, Object.isFrozen(ctx), Object.keys(ctx),
          ctx.log === ctx.log, fetch === ctx.fetch, new TextDecoder().decode(new TextEncoder().encode('é'))];
      }`),
    ).toEqual([
      false,
      'https://a.example/p?x=1&y=2',
      36,
      true,
      ['credentials', 'fetch', 'log', 'progress', 'notifyListChanged', 'fail', 'sleep'],
      true,
      true,
      'é',
    ])
  })
})

describe('libraries that share a class', () => {
  test('URL and URLSearchParams load separately and share URLSearchParams', async () => {
    expect(
      await inThread(`export default async () => {
        const q = new URLSearchParams({ a: '1 2' }).toString();
        const u = new URL('https://h.example/?x=1');
        u.searchParams.append('y', '2');
        return [q, u.searchParams instanceof URLSearchParams, u.href];
      }`),
    ).toEqual(['a=1+2', true, 'https://h.example/?x=1&y=2'])
  })
})
