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
  /**
   * The memory's size now, kept by its `grow` (the only way it grows, see guardGrowth): reading `memory.buffer` costs
   * a wrapper object each time, and a warm call looked at it a dozen times (a fifth of its time).
   */
  sizeBytes: { now: number }
  retired: boolean
  source?: Promise<Engine>
  /**
   * Bytes the call whose VM code runs now may still grow the memory by (its memory_mb less what it grew); absent
   * between calls. A growth past it is refused, so the allocation fails as "out of memory" inside the VM instead of
   * growing the instance by hundreds of MB between two interrupt checks.
   */
  allowance?: () => number
}

/**
 * An instance whose memory passed this after a call is retired (and its worker replaced): WASM memory never shrinks,
 * so this bounds what each worker keeps once its calls are over (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md).
 */
const RECYCLE_BYTES = 64 * 1024 * 1024
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

/**
 * The compiled WASM module every instance of this thread is made from, and that the pool hands to the other workers
 * (src/runtime/sandbox-init.ts): compiled once, and its code tiered up once, instead of once per worker and instance.
 */
let compiled: WebAssembly.Module | undefined

export const compiledWasmModule = (): WebAssembly.Module | undefined => compiled

export function shareWasmModule(module: WebAssembly.Module): void {
  compiled ??= module
}

export function acquireEngine(): Promise<Engine> {
  if (!engine) {
    const memory = new WebAssembly.Memory({ initial: INITIAL_BYTES / PAGE, maximum: MAX_INSTANCE_BYTES / PAGE })
    const engineOf: { e?: Engine } = {}
    const sizeBytes = { now: memory.buffer.byteLength }
    guardGrowth(memory, () => engineOf.e?.allowance?.(), sizeBytes)
    const options = compiled ? { wasmMemory: memory, wasmModule: compiled } : { wasmMemory: memory }
    const load = () => newQuickJSWASMModuleFromVariant(newVariant(variant, options))
    const loading: Promise<Engine> = (compiled ? load() : keepingModule(load)).then((quickjs) => {
      sizeBytes.now = memory.buffer.byteLength
      engineOf.e = { quickjs, memory, seenBytes: sizeBytes.now, sizeBytes, retired: false, source: loading }
      return engineOf.e
    })
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
  if (e.sizeBytes.now > RECYCLE_BYTES) retireEngine(e)
}

/**
 * Bytes the WASM memory grew since anyone last looked. VM code runs synchronously, so growth seen right after a
 * call's own VM entry (or inside its interrupt handler) was caused by that call.
 */
export function takeGrowth(e: Engine): number {
  const now = e.sizeBytes.now
  const grown = Math.max(0, now - e.seenBytes)
  e.seenBytes = now
  return grown
}

/**
 * Emscripten grows its heap with `memory.grow` and takes a throw as "no more memory" (malloc then fails): this
 * memory's own `grow` refuses a growth past what the running call may still take.
 */
function guardGrowth(
  memory: WebAssembly.Memory,
  allowance: () => number | undefined,
  sizeBytes: { now: number },
): void {
  const grow = memory.grow.bind(memory)
  memory.grow = (pages: number) => {
    const left = allowance()
    if (left !== undefined && pages * PAGE > left) throw new RangeError('the call reached its memory limit')
    const before = grow(pages)
    sizeBytes.now = memory.buffer.byteLength
    return before
  }
}

/**
 * Runs the first load, keeping the module it compiles. The variant embeds the WASM bytes and compiles them with
 * `WebAssembly.instantiate(bytes, imports)` without handing the module out, so that call is observed for the load's
 * duration (nothing else in a sandbox thread instantiates WASM). Later loads pass it as `wasmModule`.
 */
async function keepingModule<T>(load: () => Promise<T>): Promise<T> {
  const instantiate = WebAssembly.instantiate
  const observed = async (...args: Parameters<typeof instantiate>) => {
    const result = await (instantiate as (...a: typeof args) => Promise<unknown>)(...args)
    const module = (result as { module?: unknown }).module
    if (module instanceof WebAssembly.Module) shareWasmModule(module)
    return result
  }
  WebAssembly.instantiate = observed as typeof instantiate
  try {
    return await load()
  } finally {
    if (WebAssembly.instantiate === (observed as unknown)) WebAssembly.instantiate = instantiate
  }
}
