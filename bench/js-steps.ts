// The steps of one JavaScript call in QuickJS, timed one by one (used by bench/js-hop.ts): the same sources and the
// same order as src/runtime/sandbox-vm.ts, without its host-side plumbing (timers, promise racing, limit checks).
import type { QuickJSHandle } from 'quickjs-emscripten-core'
import { acquireEngine } from '../src/runtime/quickjs-engine'
import { LIBRARY_SOURCES, PRELUDE } from '../src/runtime/sandbox-prelude'

const STEPS = ['runtime', 'context', 'prelude', 'host', 'module', 'call', 'dispose'] as const
export type Steps = Record<(typeof STEPS)[number], number>

/**
 * Microseconds of each step of a call of `code`: the least mean over rounds of `n` calls (a round slowed by other work
 * on the machine does not count), after a warm-up round (the WASM code tiers up slowly).
 */
export async function timeSteps(code: string, inputJson: string, n: number, rounds = 5): Promise<Steps> {
  const best = Object.fromEntries(STEPS.map((s) => [s, Number.POSITIVE_INFINITY])) as Steps
  for (let round = 0; round <= rounds; round++) {
    const total = await timeRound(code, inputJson, n)
    if (round > 0) for (const s of STEPS) best[s] = Math.min(best[s], total[s])
  }
  return Object.fromEntries(STEPS.map((s) => [s, Math.round((best[s] * 1000) / n)])) as Steps
}

async function timeRound(code: string, inputJson: string, n: number): Promise<Steps> {
  const { quickjs } = await acquireEngine()
  const total = Object.fromEntries(STEPS.map((s) => [s, 0])) as Steps
  for (let i = 0; i < n; i++) {
    let t = performance.now()
    const lap = (step: keyof Steps) => {
      const now = performance.now()
      total[step] += now - t
      t = now
    }
    const runtime = quickjs.newRuntime()
    runtime.setMemoryLimit(64 * 1024 * 1024)
    runtime.setMaxStackSize(256 * 1024)
    runtime.setInterruptHandler(() => false)
    lap('runtime')
    const context = runtime.newContext()
    lap('context')
    const prelude = context.unwrapResult(context.evalCode(PRELUDE, 'toolyard-prelude.js', { type: 'global' }))
    lap('prelude')
    const host = context.newFunction('host', () => undefined)
    const hosts = context.newString(',fetch,sleep,log,progress,random,listChanged,fail,')
    const load = context.newFunction('load', (name) => context.evalCode(LIBRARY_SOURCES[context.getString(name)] ?? ''))
    const run = context.unwrapResult(context.callFunction(prelude, context.undefined, host, load))
    lap('host')
    const namespace = context.unwrapResult(context.evalCode(code, 'tool.mjs', { type: 'module' }))
    const fn = context.getProp(namespace, 'default')
    lap('module')
    const input = context.newString(inputJson)
    const promise = context.unwrapResult(
      context.callFunction(run, context.undefined, fn, input, context.false, hosts, context.undefined),
    )
    runtime.executePendingJobs()
    const state = context.getPromiseState(promise)
    if (state.type !== 'fulfilled') throw new Error('the call did not finish at once')
    context.getString(state.value)
    lap('call')
    const handles: QuickJSHandle[] = [prelude, host, hosts, load, run, namespace, fn, input, promise, state.value]
    for (const handle of handles) if (handle.alive) handle.dispose()
    context.dispose()
    runtime.dispose()
    lap('dispose')
  }
  return total
}
