// A QuickJS runtime and context for the next call, made ahead once a call ends: creating them and parsing the prelude
// (most of a call's fixed cost) then happen off the next call's path. Each serves exactly one call, like one made on
// the spot: nothing of a call ever reaches another.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core'
import { type Engine, retireEngine, takeGrowth } from './quickjs-engine'
import { PRELUDE } from './sandbox-prelude'

/** A fresh runtime, its context, and the prelude's function evaluated in it (not yet called). */
export interface FreshVm {
  runtime: QuickJSRuntime
  context: QuickJSContext
  prelude: QuickJSHandle
}

/** Below the host's native stack: a deeper QuickJS stack would overflow the host and corrupt the instance. */
const MAX_STACK_BYTES = 256 * 1024

let made: { engine: Engine; vm: FreshVm } | undefined
let scheduled = false

/** The VM made ahead when it belongs to this (live) engine, else a new one; throws a host-level failure as is. */
export function takeVm(engine: Engine): FreshVm {
  const ahead = made
  made = undefined
  if (ahead?.engine === engine && !engine.retired) return ahead.vm
  if (ahead && !ahead.engine.retired) free(ahead.vm)
  return newVm(engine)
}

/** After a call ended cleanly: make the next call's VM once the thread has nothing else to do. */
export function prepareNext(engine: Engine): void {
  if (made || scheduled || engine.retired) return
  scheduled = true
  setImmediate(() => {
    scheduled = false
    if (made || engine.retired) return
    try {
      made = { engine, vm: newVm(engine) }
    } catch {
      // A trap here leaves the instance in an unknown state: later calls load a fresh one.
      retireEngine(engine)
    }
    // The WASM memory this grew is nobody's: no call was running.
    takeGrowth(engine)
  })
}

function newVm(engine: Engine): FreshVm {
  const runtime = engine.quickjs.newRuntime()
  runtime.setMaxStackSize(MAX_STACK_BYTES)
  const context = runtime.newContext()
  const result = context.evalCode(PRELUDE, 'toolyard-prelude.js', { type: 'global' })
  if (result.error) {
    result.error.dispose()
    context.dispose()
    runtime.dispose()
    throw new Error('the sandbox prelude failed to load')
  }
  return { runtime, context, prelude: result.value }
}

function free(vm: FreshVm): void {
  vm.prelude.dispose()
  vm.context.dispose()
  vm.runtime.dispose()
}
