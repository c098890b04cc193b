// The QuickJS runtimes and contexts of this worker thread outside a call: the next call's, made ahead once a call ends
// (creating them and parsing the prelude, most of a cold call's fixed cost, then happen off the next call's path), and
// the warm ones, each holding one function version's evaluated module for later calls of that function in that
// project with that credential, as Workers and Lambda do (docs/functions.md, "Warm JavaScript").
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core'
import { type Engine, retireEngine, takeGrowth } from './quickjs-engine'
import { PRELUDE } from './sandbox-prelude'

/** A runtime and its context with the prelude's function evaluated in it; `ready` once the prelude ran for a host. */
export interface LiveVm {
  engine: Engine
  runtime: QuickJSRuntime
  context: QuickJSContext
  /** The prelude's function, evaluated (not yet called). */
  prelude: QuickJSHandle
  /** After its first call: the prelude's `run` and the module's default export, kept for later calls when warm. */
  ready?: { run: QuickJSHandle; exported: QuickJSHandle }
  /** The last call's host function names as a VM string (sandbox-vm.ts): the next call with the same names reuses it. */
  hosts?: { text: string; handle: QuickJSHandle }
  /** Handles that live as long as the VM (host function, loader, run, default export). */
  own: QuickJSHandle[]
  /** The call it serves now: the VM's one host function answers for it (none between calls). */
  current?: { dispatch(name: QuickJSHandle, args: QuickJSHandle[]): QuickJSHandle | undefined }
}

/** Below the host's native stack: a deeper QuickJS stack would overflow the host and corrupt the instance. */
const MAX_STACK_BYTES = 256 * 1024

let made: LiveVm | undefined
let scheduled = false

/** The VM made ahead when it belongs to this (live) engine, else a new one; throws a host-level failure as is. */
export function takeVm(engine: Engine): LiveVm {
  const ahead = made
  made = undefined
  if (ahead?.engine === engine && !engine.retired) return ahead
  if (ahead && !ahead.engine.retired) freeVm(ahead)
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
      made = newVm(engine)
    } catch {
      // A trap here leaves the instance in an unknown state: later calls load a fresh one.
      retireEngine(engine)
    }
    // The WASM memory this grew is nobody's: no call was running.
    takeGrowth(engine)
  })
}

function newVm(engine: Engine): LiveVm {
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
  return { engine, runtime, context, prelude: result.value, own: [result.value] }
}

/** Frees a VM that ended cleanly (never one interrupted or out of memory: see sandbox-vm.ts dispose). */
export function freeVm(vm: LiveVm): void {
  for (const handle of vm.own) if (handle.alive) handle.dispose()
  vm.context.dispose()
  vm.runtime.dispose()
}

// ── Warm VMs ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Warm VMs by key (project, function version, credential; src/runtime/run-function.ts), least recently used first. A
 * VM in use is not here: a second call of the same key meanwhile gets a fresh VM, so two calls never share one.
 */
const warm = new Map<string, LiveVm>()
/** How many this worker keeps (TOOLYARD_SANDBOX_WARM_PER_WORKER, from the pool's 'init' message); 0: none. */
let capacity = 0

export function setWarmCapacity(n: number): void {
  capacity = Math.max(0, n)
  evict()
}

/** The warm VM of `key` on this (live) engine, taken out of the store while its call runs. */
export function takeWarm(key: string, engine: Engine): LiveVm | undefined {
  const vm = warm.get(key)
  if (!vm) return undefined
  warm.delete(key)
  if (vm.engine === engine && !engine.retired) return vm
  // Its instance was retired (it may be unsafe to free): dropped with it.
  return undefined
}

/** Keeps a VM whose call ended cleanly for the next call of `key`; false when it is not kept (freed instead). */
export function keepWarm(key: string, vm: LiveVm): boolean {
  const other = warm.get(key)
  if (capacity === 0 || other) freeVm(vm)
  // Another call of the key kept its VM meanwhile: that one stays, as the most recently used.
  if (other) warm.delete(key)
  if (capacity === 0) return false
  warm.set(key, other ?? vm)
  evict()
  return true
}

/** Down to the capacity, least recently used first (the pool mirrors the same order: sandbox-job.ts). */
function evict(): void {
  for (const [key, vm] of warm) {
    if (warm.size <= capacity) return
    warm.delete(key)
    if (!vm.engine.retired) freeVm(vm)
  }
}
