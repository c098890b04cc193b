// Loads the QuickJS WASM instance of this (worker) thread, charges calls for the WASM memory they grow, retires bloated instances.

import variant from '@jitl/quickjs-singlefile-mjs-release-sync'
import { newQuickJSWASMModuleFromVariant, newVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core'

/**
 * One WASM instance, loaded lazily and shared by every call (each call gets its own runtime and context).
 * QuickJS's memory limit counts allocations, not bytes, in this build (no malloc_usable_size under Emscripten),
 * so calls are also charged for the WASM memory growth they cause. WASM memory never shrinks: an instance that
 * grew past RECYCLE_BYTES is retired and the next call loads a fresh one; the old one is collected when idle.
 */
export interface Engine {
  quickjs: QuickJSWASMModule
  memory: WebAssembly.Memory
  /** WASM memory size when last looked at; growth since then is charged to the call that looks. */
  seenBytes: number
  retired: boolean
  source?: Promise<Engine>
}

const RECYCLE_BYTES = 256 * 1024 * 1024
const PAGE = 64 * 1024
/**
 * Hard ceiling of one instance's memory (Emscripten's own is 2 GB). The VM checks limits only every ~10,000
 * operations, so one huge allocation (a string doubled in a loop) is stopped by this ceiling instead.
 */
const MAX_INSTANCE_BYTES = 512 * 1024 * 1024
const INITIAL_BYTES = 16 * 1024 * 1024

let engine: Promise<Engine> | undefined
/** How many instances this thread has retired: the sandbox worker asks to be replaced once it is non-zero. */
let retirements = 0

export const retiredEngines = (): number => retirements

export function acquireEngine(): Promise<Engine> {
  if (!engine) {
    const memory = new WebAssembly.Memory({ initial: INITIAL_BYTES / PAGE, maximum: MAX_INSTANCE_BYTES / PAGE })
    const loading: Promise<Engine> = newQuickJSWASMModuleFromVariant(newVariant(variant, { wasmMemory: memory })).then(
      (quickjs) => {
        return { quickjs, memory, seenBytes: memory.buffer.byteLength, retired: false, source: loading }
      },
    )
    engine = loading
    loading.catch(() => {
      if (engine === loading) engine = undefined
    })
  }
  return engine
}

/** Stops handing out this instance (it grew too big, or a failure may have left it inconsistent). */
export function retireEngine(e: Engine): void {
  if (!e.retired) retirements++
  e.retired = true
  if (engine === e.source) engine = undefined
}

/** Retires the instance after a call when its memory has grown past the recycling threshold. */
export function releaseEngine(e: Engine): void {
  if (e.memory.buffer.byteLength > RECYCLE_BYTES) retireEngine(e)
}

/**
 * Bytes the WASM memory grew since anyone last looked. VM code runs synchronously, so growth seen right after a
 * call's own VM entry (or inside its interrupt handler) was caused by that call.
 */
export function takeGrowth(e: Engine): number {
  const now = e.memory.buffer.byteLength
  const grown = Math.max(0, now - e.seenBytes)
  e.seenBytes = now
  return grown
}
