// Runs a user's JavaScript module in a QuickJS WebAssembly instance with memory/time limits (inside a sandbox worker thread).
import type { QuickJSContext, QuickJSDeferredPromise, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core'
import type { FunctionHost } from './host'
import { acquireEngine, type Engine, releaseEngine, retireEngine, takeGrowth } from './quickjs-engine'
import { hostApi } from './sandbox-host-api'
import { LIBRARY_SOURCES } from './sandbox-prelude'
import type { CancelFlag, SandboxFailure, SandboxFetch } from './sandbox-types'
import { FLAG, SandboxError, thrownMessage, withUserLine } from './sandbox-types'
import { freeVm, keepWarm, type LiveVm, prepareNext, takeVm, takeWarm } from './sandbox-warm'

export interface VmRunOptions {
  code: string
  /** The input as JSON text (values cross thread and VM boundaries as JSON). */
  inputJson: string
  /** JSON text of ctx.credentials, absent when there are none. */
  credentialsJson?: string
  /** The caller; its signal cancels the call. */
  host: FunctionHost
  fetch: SandboxFetch
  memoryMb: number
  timeoutMs: number
  /** Set to non-zero by the main thread to stop the call even while its code runs (checked by the interrupt handler). */
  cancelFlag?: CancelFlag
  /** Only load the module and check that its default export is a function (the functions API's check at save). */
  checkOnly?: boolean
  /**
   * The function version's warm key (project, function version, credential): the VM of an earlier call of the key is
   * reused, and this one's kept if it ends cleanly. Absent: a fresh VM, freed after the call (`isolation: "per_call"`).
   */
  warmKey?: string
}

/** How a call ended on the worker: its JSON result, and whether its VM is kept warm for the next call of its key. */
export interface VmResult {
  json: string
  warm: boolean
}

/** Runs `code`'s default export; resolves to the JSON text `{"value": ...}` or rejects with SandboxError. */
export async function runInVm(options: VmRunOptions): Promise<VmResult> {
  if (options.host.signal.aborted || isCanceled(options.cancelFlag)) throw new SandboxError('canceled', 'aborted')
  const engine = await acquireEngine()
  const call = new SandboxCall(engine, options)
  let json: string
  try {
    json = await call.run(options.code, options.inputJson)
  } catch (error) {
    // Any error, timeout or limit drops a warm VM: only a call that ended cleanly leaves its VM for the next.
    call.dispose(false)
    throw error
  }
  return { json, warm: call.dispose(true) }
}

const isCanceled = (flag?: CancelFlag) => flag !== undefined && Atomics.load(flag.flags, flag.index) === FLAG.stop

class SandboxCall {
  private readonly vm: LiveVm
  /** The VM was made for this call (not taken warm): the next call's is made ahead once this one ends. */
  private readonly fresh: boolean
  private readonly runtime: QuickJSRuntime
  private readonly context: QuickJSContext
  private asks: ReturnType<typeof hostApi>['asks'] = {}
  private answers: ReturnType<typeof hostApi>['answers'] = {}
  private readonly handles: QuickJSHandle[] = []
  private readonly pending = new Set<QuickJSDeferredPromise>()
  private readonly deadline: number
  private readonly memoryLimit: number
  private readonly signal: AbortSignal
  private grownBytes = 0
  /** The VM was interrupted, ran out of memory or failed at host level: its runtime is not freed (see dispose). */
  private unsafeToFree = false
  private finished = false
  private outcome?: Exclude<SandboxFailure, 'error'>
  private timer?: ReturnType<typeof setTimeout>
  private onAbort?: () => void
  /** See stop(): made the first time the call awaits the host. */
  private stopping?: Promise<never>

  constructor(
    private readonly engine: Engine,
    private readonly options: VmRunOptions,
  ) {
    this.signal = options.host.signal
    this.memoryLimit = options.memoryMb * 1024 * 1024
    this.deadline = Date.now() + options.timeoutMs
    takeGrowth(engine)
    const warm = options.warmKey === undefined ? undefined : takeWarm(options.warmKey, engine)
    this.fresh = !warm
    this.vm = warm ?? takeVm(engine)
    this.vm.current = this
    this.runtime = this.vm.runtime
    this.context = this.vm.context
    this.runtime.setMemoryLimit(this.memoryLimit)
    this.runtime.setInterruptHandler(() => {
      if (!this.limitReached()) return false
      this.unsafeToFree = true
      return true
    })
  }

  /**
   * Rejects when the deadline passes or the caller cancels, so awaiting a host promise that never settles ends too.
   * Made only when the call awaits the host: code that settles once its jobs ran (most calls, every warm echo) is
   * stopped by the interrupt handler's checks alone and needs no timer or listener.
   */
  private stop(): Promise<never> {
    if (!this.stopping) {
      this.stopping = new Promise<never>((_, reject) => {
        this.timer = setTimeout(
          () => {
            this.outcome ??= 'timeout'
            reject(this.limitError())
          },
          Math.max(0, this.deadline - Date.now()),
        )
        this.onAbort = () => {
          this.outcome ??= 'aborted'
          reject(this.limitError())
        }
        if (this.signal.aborted) this.onAbort()
        else this.signal.addEventListener('abort', this.onAbort, { once: true })
      })
      this.stopping.catch(() => {})
    }
    return this.stopping
  }

  async run(code: string, inputJson: string): Promise<string> {
    const { context, vm } = this
    const { asks, answers } = hostApi(this.options.host, this.options.fetch, this.deadline)
    this.asks = asks
    this.answers = answers
    vm.ready ??= await this.prepare(code)
    const credentials =
      this.options.credentialsJson === undefined
        ? context.undefined
        : this.keep(context.newString(this.options.credentialsJson))
    const hosts = this.hostsHandle(`,${[...Object.keys(asks), ...Object.keys(answers)].join(',')},`)
    const inputHandle = this.keep(this.enter(() => context.newString(inputJson)))
    const checkOnly = this.options.checkOnly ? context.true : context.false
    const { run, exported } = vm.ready
    const result = await this.settle(
      this.unwrap(
        this.enter(() =>
          context.callFunction(run, context.undefined, exported, inputHandle, checkOnly, hosts, credentials),
        ),
      ),
    )
    return context.getString(result)
  }

  /**
   * The VM string naming this call's host functions: a warm VM's calls mostly have the same ones, so its string is
   * kept with the VM (like `run`) and made again only when they differ.
   */
  private hostsHandle(text: string): QuickJSHandle {
    const { vm } = this
    const last = vm.hosts
    if (last?.text === text && last.handle.alive) return last.handle
    if (last) {
      // Another set of names (a client that offers sampling, say): one string per VM, not one per set seen.
      const at = vm.own.indexOf(last.handle)
      if (at >= 0) vm.own.splice(at, 1)
      if (last.handle.alive) last.handle.dispose()
    }
    const handle = this.ownedByVm(this.context.newString(text))
    vm.hosts = { text, handle }
    return handle
  }

  /**
   * A new VM's first call: the prelude run with the VM's host function and library loader, and the module evaluated.
   * Its handles live as long as the VM (a warm VM serves later calls of the same function version with them).
   */
  private async prepare(code: string): Promise<NonNullable<LiveVm['ready']>> {
    const { context, vm } = this
    const run = this.unwrap(
      this.enter(() => context.callFunction(vm.prelude, context.undefined, this.hostFunction(), this.loader())),
      (handle) => this.ownedByVm(handle),
    )
    const namespace = await this.settle(
      this.unwrap(this.enter(() => context.evalCode(code, 'tool.mjs', { type: 'module' }))),
    )
    return { run, exported: this.ownedByVm(context.getProp(namespace, 'default')) }
  }

  /**
   * `host(name, ...args)`: the raw string-in/string-out functions the prelude builds ctx over, behind one VM function
   * (each VM function costs a host callback to create). It answers for the call the VM serves now, so a warm VM's
   * libraries (made once) reach each call's own host; between calls it answers nothing.
   */
  private hostFunction(): QuickJSHandle {
    const vm = this.vm
    return this.ownedByVm(this.context.newFunction('host', (name, ...args) => vm.current?.dispatch(name, args)))
  }

  /** A host call of the code running for this call; the names it answers are this call's (sample/elicit if offered). */
  dispatch(nameHandle: QuickJSHandle, args: QuickJSHandle[]): QuickJSHandle | undefined {
    const { context, asks, answers } = this
    const name = context.getString(nameHandle)
    const text = () => args.map((a) => context.getString(a))
    if (Object.hasOwn(asks, name)) return this.ask(asks[name]!, text())
    if (Object.hasOwn(answers, name)) return this.answer(answers[name]!, text())
  }

  /** `load(name)`: evaluates a library of the prelude in this context (it runs inside the caller's VM entry). */
  private loader(): QuickJSHandle {
    const { context } = this
    return this.ownedByVm(
      context.newFunction('load', (name) => {
        const key = context.getString(name)
        const source = Object.hasOwn(LIBRARY_SOURCES, key) ? LIBRARY_SOURCES[key] : undefined
        if (source === undefined) return { error: context.newError(`no library ${key}`) }
        return context.evalCode(source, `toolyard-${key}.js`, { type: 'global' })
      }),
    )
  }

  /** Ends the call; true when its VM is kept warm for the next call of its key (`clean`: the call succeeded). */
  dispose(clean: boolean): boolean {
    this.finished = true
    clearTimeout(this.timer)
    if (this.onAbort) this.signal.removeEventListener('abort', this.onAbort)
    const { vm } = this
    vm.current = undefined
    try {
      for (const deferred of this.pending) deferred.dispose()
      for (const handle of this.handles) if (handle.alive) handle.dispose()
      if (this.unsafeToFree) {
        // Freeing a runtime after an interrupt or out-of-memory can trip QuickJS's leak assertion (quickjs-emscripten
        // #257), which aborts the whole instance under calls still running on it. Leave this runtime be and retire
        // the instance instead: new calls load a fresh one, and this one is collected once its calls end.
        retireEngine(this.engine)
        return false
      }
      // The handler holds this call (its options, its credentials): a VM kept warm must not.
      this.runtime.removeInterruptHandler()
      releaseEngine(this.engine)
      // Jobs still queued would run in the next call: such a VM is not kept.
      const keep = clean && this.options.warmKey !== undefined && !this.engine.retired && !this.runtime.hasPendingJob()
      const kept = keep && keepWarm(this.options.warmKey!, vm)
      if (!keep) freeVm(vm)
      if (this.fresh) prepareNext(this.engine)
      return kept
    } catch {
      // A failed teardown (the same assertion, #269) leaves the instance unusable: later calls load a fresh one.
      if (process.env.TOOLYARD_DEBUG_SANDBOX) console.error('sandbox teardown failed')
      retireEngine(this.engine)
      return false
    }
  }

  private ownedByVm<T extends QuickJSHandle>(handle: T): T {
    this.vm.own.push(handle)
    return handle
  }

  private keep<T extends QuickJSHandle>(handle: T): T {
    this.handles.push(handle)
    return handle
  }

  /** True when the call must stop; also charges the call for the WASM memory it grew (run inside the VM's interrupt check). */
  private limitReached(): boolean {
    this.grownBytes += takeGrowth(this.engine)
    if (!this.outcome && this.grownBytes > this.memoryLimit) {
      this.outcome = 'memory'
      this.unsafeToFree = true
    }
    if (!this.outcome && (this.signal.aborted || isCanceled(this.options.cancelFlag))) this.outcome = 'aborted'
    if (!this.outcome && Date.now() > this.deadline) this.outcome = 'timeout'
    return this.outcome !== undefined
  }

  private limitError(): SandboxError {
    if (this.outcome === 'aborted') return new SandboxError('canceled', 'aborted')
    if (this.outcome === 'memory')
      return new SandboxError(`out of memory (limit ${this.options.memoryMb} MB)`, 'memory')
    return new SandboxError(`timed out after ${this.options.timeoutMs}ms`, 'timeout')
  }

  /** Runs one synchronous entry into the VM; a host-level failure (not a JS exception) retires the instance. */
  private enter<T>(fn: () => T): T {
    const outer = this.engine.allowance
    // Growth while this call's code runs is this call's: it may grow the memory by what is left of its limit.
    this.engine.allowance = () =>
      this.memoryLimit - this.grownBytes - (this.engine.sizeBytes.now - this.engine.seenBytes)
    try {
      return fn()
    } catch (error) {
      // A host stack overflow or a WASM trap leaves the instance in an unknown state.
      this.unsafeToFree = true
      if (error instanceof RangeError || error instanceof WebAssembly.RuntimeError) retireEngine(this.engine)
      throw new SandboxError(`sandbox failure: ${error instanceof Error ? error.message : String(error)}`, 'error')
    } finally {
      this.engine.allowance = outer
      this.limitReached()
    }
  }

  private toError(dumped: unknown): SandboxError {
    if (this.limitReached()) return this.limitError()
    const message = thrownMessage(dumped)
    // QuickJS throws null (no room for an Error), "out of memory", or "string too long" (a 1 GB string) when memory runs out.
    if (dumped === null || dumped === '' || /^(out of memory|string too long)$/i.test(message)) {
      this.outcome = 'memory'
      this.unsafeToFree = true
      return this.limitError()
    }
    return new SandboxError(withUserLine(message, dumped), 'error')
  }

  /** The value of a VM entry, kept until the call ends (or as `keep` says); its error as a SandboxError. */
  private unwrap(
    result: { error?: QuickJSHandle; value?: QuickJSHandle },
    keep = (handle: QuickJSHandle) => this.keep(handle),
  ): QuickJSHandle {
    if (result.error) {
      const dumped = this.context.dump(result.error)
      result.error.dispose()
      throw this.toError(dumped)
    }
    return keep(result.value!)
  }

  private runJobs(): void {
    if (this.finished) return
    const result = this.enter(() => this.runtime.executePendingJobs())
    // An error here belongs to a promise the code awaits; settle() reports it through that promise.
    if (result.error) result.error.dispose()
  }

  /** Awaits a VM promise (a plain value passes through), racing the deadline and cancellation. */
  private async settle(handle: QuickJSHandle): Promise<QuickJSHandle> {
    let state = this.context.getPromiseState(handle)
    if (state.type === 'pending') {
      // Most code settles once its pending jobs have run: no host-side promise plumbing for it.
      this.runJobs()
      if (this.outcome) throw this.limitError()
      state = this.context.getPromiseState(handle)
    }
    if (state.type === 'fulfilled') return state.notAPromise ? handle : this.keep(state.value)
    if (state.type === 'rejected') return this.unwrap({ error: state.error })
    const resolved = this.enter(() => this.context.resolvePromise(handle))
    this.runJobs()
    if (this.outcome) throw this.limitError()
    return this.unwrap(await Promise.race([resolved, this.stop()]))
  }

  /** A host function's VM promise, settled from the host (promises, not asyncify: docs/decisions/0007-sandbox.md). */
  private ask(call: (args: string[]) => Promise<string>, args: string[]): QuickJSHandle {
    const { context } = this
    const deferred = context.newPromise()
    this.pending.add(deferred)
    const settleWith = (make: () => QuickJSHandle, method: 'resolve' | 'reject') => {
      if (this.finished) return
      const value = this.enter(make)
      this.enter(() => deferred[method](value))
      value.dispose()
      this.pending.delete(deferred)
      this.runJobs()
    }
    Promise.resolve()
      .then(() => call(args))
      .then(
        (value) => settleWith(() => context.newString(value), 'resolve'),
        (error: unknown) =>
          settleWith(() => context.newError(error instanceof Error ? error.message : String(error)), 'reject'),
      )
      .catch(() => {})
    return deferred.handle
  }

  /** A host function answering at once: a string result is returned to the code, anything else as undefined. */
  private answer(call: (args: string[]) => unknown, args: string[]): QuickJSHandle | undefined {
    if (this.finished) return
    try {
      const value = call(args)
      return typeof value === 'string' ? this.context.newString(value) : undefined
    } catch {
      // A failing log/progress sink must not fail the user's code.
    }
  }
}
