// Where a JavaScript tool call's time goes: the same call through the worker pool and on this thread (fresh runtime +
// context, prelude, module evaluation, the call), each QuickJS step of it, and the bare main thread ↔ worker message
// round trip (the hop). Run by bench/run.ts (`bun bench/js-hop.ts`); prints one JSON line.
import { detachedHost } from '../src/runtime/host'
import { createSandboxPool } from '../src/runtime/sandbox-pool'
import { runInVm } from '../src/runtime/sandbox-vm'
import { setWarmCapacity } from '../src/runtime/sandbox-warm'
import { timeSteps } from './js-steps'

const { run: runJavaScript, shutdown: shutdownSandbox } = createSandboxPool()

const CODE = 'export default async (input) => input.text'
const N = Number(process.env.BENCH_JS_CALLS ?? 1000)
/** The WASM code of QuickJS tiers up over thousands of calls: a short warm-up measures the compiler, not the call. */
const WARM_UP = Number(process.env.BENCH_JS_WARM_UP ?? 1000)
const host = detachedHost(new AbortController().signal)
const fetchNone = async () => {
  throw new Error('no fetch')
}

/** µs per call: the least mean of 5 rounds of n/5 calls (the machine is shared), after a warm-up (WASM loaded, JIT warm). */
async function timeEach(n: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(WARM_UP, n); i++) await call()
  let best = Number.POSITIVE_INFINITY
  for (let round = 0; round < 5; round++) {
    const t0 = performance.now()
    for (let i = 0; i < n / 5; i++) await call()
    best = Math.min(best, ((performance.now() - t0) * 1000) / (n / 5))
  }
  return best
}

const echo = new Worker(new URL('./echo-worker.ts', import.meta.url).href)
const roundTrip = await timeEach(N * 5, () => {
  const { promise, resolve } = Promise.withResolvers<unknown>()
  echo.onmessage = (e) => resolve(e.data)
  echo.postMessage({ id: 1, inputJson: '{"text":"hi"}' })
  return promise
})
echo.terminate()

const inThread = await timeEach(N, () =>
  runInVm({ code: CODE, inputJson: '{"text":"hi"}', host, fetch: fetchNone, memoryMb: 64, timeoutMs: 10_000 }),
)
// A function version's warm VM on this thread (its module evaluated once; ctx made per call).
setWarmCapacity(4)
const inThreadWarm = await timeEach(N, () =>
  runInVm({
    code: CODE,
    inputJson: '{"text":"hi"}',
    host,
    fetch: fetchNone,
    memoryMb: 64,
    timeoutMs: 10_000,
    warmKey: 'bench',
  }),
)
const steps = await timeSteps(CODE, '{"text":"hi"}', Math.max(100, Math.round(N / 5)))
const pooled = await timeEach(N, () => runJavaScript({ code: CODE, input: { text: 'hi' }, host }))
const pooledWarm = await timeEach(N, () =>
  runJavaScript({ code: CODE, input: { text: 'hi' }, host, project: 'bench', warmKey: 'bench' }),
)

/** The median call through the pool after its worker was idle 2 ms (its next VM made ahead, as between agent steps). */
async function afterIdle(calls: number): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < calls; i++) {
    await Bun.sleep(2)
    const t0 = performance.now()
    await runJavaScript({ code: CODE, input: { text: 'hi' }, host })
    times.push((performance.now() - t0) * 1000)
  }
  return times.sort((a, b) => a - b)[Math.floor(calls / 2)] ?? 0
}
const pooledIdle = await afterIdle(Math.max(50, Math.round(N / 5)))

/** Calls per second through the pool with 32 in flight. */
async function poolRate(calls: number, warmKey?: string): Promise<number> {
  const t0 = performance.now()
  let done = 0
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (done < calls) {
        done++
        await runJavaScript({
          code: CODE,
          input: { text: 'hi' },
          host,
          ...(warmKey ? { project: 'bench', warmKey } : {}),
        })
      }
    }),
  )
  return Math.round((done * 1000) / (performance.now() - t0))
}
await poolRate(WARM_UP * 4) // every worker warm, not only the one the sequential calls used
const poolRps = await poolRate(N * 2)
await poolRate(WARM_UP, 'bench')
const poolWarmRps = await poolRate(N * 2, 'bench')
shutdownSandbox()
console.log(
  JSON.stringify({
    pooled_us: Math.round(pooled),
    pooled_warm_us: Math.round(pooledWarm),
    in_thread_warm_us: Math.round(inThreadWarm),
    pool_warm_rps: poolWarmRps,
    pooled_after_idle_us: Math.round(pooledIdle),
    in_thread_us: Math.round(inThread),
    round_trip_us: Number(roundTrip.toFixed(1)),
    pool_rps: poolRps,
    steps_us: steps,
    plumbing_us: Math.round(inThread - Object.values(steps).reduce((a, b) => a + b, 0)),
  }),
)
process.exit(0)
