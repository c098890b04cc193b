// What a new sandbox worker starts with: its cancel flags, and the compiled QuickJS WASM module once a worker has
// compiled it, so every worker instantiates one module (compiled and tiered up once, not once per worker).
import type { Slot } from './sandbox-job'

let compiled: WebAssembly.Module | undefined
/** The worker compiling the module while none is known; workers started meanwhile wait for its module. */
let compiler: Slot | undefined
const waiting = new Set<Slot>()

export function initWorker(slot: Slot): void {
  const flags = slot.flags
  if (compiled) slot.worker.post({ type: 'init', flags, wasmModule: compiled })
  else if (!compiler) {
    compiler = slot
    slot.worker.post({ type: 'init', flags, compile: true })
  } else {
    waiting.add(slot)
    slot.worker.post({ type: 'init', flags })
  }
}

/** A worker loaded its engine: the module it used is handed to the workers waiting for one. */
export function workerReady(slot: Slot, wasmModule?: WebAssembly.Module): void {
  compiled ??= wasmModule
  workerGone(slot)
}

/** A worker stopped (or is ready): if it was the one compiling, the waiting workers get its module or compile their own. */
export function workerGone(slot: Slot): void {
  waiting.delete(slot)
  if (slot !== compiler) return
  compiler = undefined
  for (const other of waiting) other.worker.post({ type: 'module', wasmModule: compiled })
  waiting.clear()
}
