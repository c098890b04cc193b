// What a new sandbox worker starts with: its cancel flags, and the compiled QuickJS WASM module once a worker has
// compiled it, so every worker instantiates one module (compiled and tiered up once, not once per worker).
import type { Slot } from './sandbox-job'

/**
 * The compiled module is immutable and holds nothing of any call, so pools in one process share it (a second app, or
 * a test's own pool, does not compile it again); which worker is compiling, and who waits for it, is each pool's own.
 */
let compiled: WebAssembly.Module | undefined

/** `warmPerWorker`: how many warm VMs each worker keeps (TOOLYARD_SANDBOX_WARM_PER_WORKER). */
export function workerInit(warmPerWorker: number) {
  /** The worker compiling the module while none is known; workers started meanwhile wait for its module. */
  let compiler: Slot | undefined
  const waiting = new Set<Slot>()

  /** A worker stopped (or is ready): if it was the one compiling, the waiting workers get its module or compile their own. */
  function gone(slot: Slot): void {
    waiting.delete(slot)
    if (slot !== compiler) return
    compiler = undefined
    for (const other of waiting) other.worker.post({ type: 'module', wasmModule: compiled })
    waiting.clear()
  }

  return {
    start(slot: Slot): void {
      const flags = slot.flags
      if (compiled) slot.worker.post({ type: 'init', flags, warmPerWorker, wasmModule: compiled })
      else if (!compiler) {
        compiler = slot
        slot.worker.post({ type: 'init', flags, warmPerWorker, compile: true })
      } else {
        waiting.add(slot)
        slot.worker.post({ type: 'init', flags, warmPerWorker })
      }
    },
    /** A worker loaded its engine: the module it used is handed to the workers waiting for one. */
    ready(slot: Slot, wasmModule?: WebAssembly.Module): void {
      compiled ??= wasmModule
      gone(slot)
    },
    gone,
  }
}
