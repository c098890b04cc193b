// Worker-thread entry of the sandbox pool: runs calls in QuickJS and proxies ctx host functions to the main thread.
import type { FunctionHost } from './host'
import { budgetedHost } from './log-budget'
import { acquireEngine, compiledWasmModule, retiredEngines, shareWasmModule } from './quickjs-engine'
import {
  asText,
  type FromWorker,
  fromText,
  type HostCallName,
  type HostNotice,
  type ToWorker,
} from './sandbox-protocol'
import { FLAG, SandboxError, type SandboxFetch, type SandboxFetchResponse } from './sandbox-types'
import { runInVm } from './sandbox-vm'
import { setWarmCapacity } from './sandbox-warm'

const port = self as unknown as {
  postMessage(message: FromWorker | string): void
  onmessage: ((event: MessageEvent<ToWorker | string>) => void) | null
}
const send = (message: FromWorker) => port.postMessage(asText(message))

/** Aborts a call awaiting a host promise (a call running code is stopped by its cancel flag instead). */
const controllers = new Map<number, AbortController>()
/** Host calls awaiting the main thread's reply, by host call id. */
const waiting = new Map<number, { id: number; resolve: (value: unknown) => void; reject: (error: Error) => void }>()
let nextCallId = 1
/** The cancel flags the pool shares with this worker, one Int32 per call it runs (the 'init' message). */
let sharedFlags: Int32Array = new Int32Array(new SharedArrayBuffer(4))
/** Called once the pool said which compiled module to instantiate, or that this worker compiles it. */
let moduleKnown: (wasmModule?: WebAssembly.Module) => void = () => {}
const engineLoaded = new Promise<void>((resolve) => {
  moduleKnown = (wasmModule) => {
    if (wasmModule) shareWasmModule(wasmModule)
    resolve()
  }
}).then(() => acquireEngine())

function hostCall(id: number, name: HostCallName, args: unknown[]): Promise<unknown> {
  const callId = nextCallId++
  return new Promise((resolve, reject) => {
    waiting.set(callId, { id, resolve, reject })
    send({ type: 'host-call', id, callId, name, args })
  })
}

const notice = (id: number, n: HostNotice) => send({ type: 'host-notice', id, ...n })

async function run(message: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  const { id } = message
  const controller = new AbortController()
  controllers.set(id, controller)
  // The caller's FunctionHost, rebuilt here over messages to the main thread.
  // Budgeted here, so a huge line never crosses to the main thread.
  const host: FunctionHost = budgetedHost(
    {
      signal: controller.signal,
      log: (level, text) => notice(id, { name: 'log', args: [level, text] }),
      progress: (progress, total, text) => notice(id, { name: 'progress', args: [progress, total, text] }),
    },
    message.logBytes,
  )
  type Reply = Record<string, unknown>
  if (message.hosts.includes('sample')) host.sample = (r, o) => hostCall(id, 'sample', [r, o]) as Promise<Reply>
  if (message.hosts.includes('elicit')) host.elicit = (r, o) => hostCall(id, 'elicit', [r, o]) as Promise<Reply>
  if (message.hosts.includes('listRoots')) host.listRoots = (o) => hostCall(id, 'listRoots', [{}, o]) as Promise<Reply>
  if (message.hosts.includes('callTool'))
    host.callTool = (name, args) => hostCall(id, 'callTool', [name, args]) as Promise<Reply>
  host.notifyListChanged = (list) => notice(id, { name: 'listChanged', args: [list] })
  host.fail = (code, text) => notice(id, { name: 'fail', args: [code, text] })
  // A timer here in the worker: no round trip, and the call's cancel ends it at once.
  host.sleep = (ms) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, Math.max(0, ms))
      const stop = () => {
        clearTimeout(timer)
        reject(new Error('cancelled'))
      }
      controller.signal.addEventListener('abort', stop, { once: true })
    })
  const fetch: SandboxFetch = (url, init) => hostCall(id, 'fetch', [url, init]) as Promise<SandboxFetchResponse>
  // Not charged to the call: waiting for the module another worker compiles, or for this worker's engine.
  await engineLoaded.catch(() => {})
  const flag = message.cancelFlag
    ? { flags: message.cancelFlag, index: 0 }
    : { flags: sharedFlags, index: message.cancelIndex }
  // Claimed before it runs: a call the pool stopped, or took back for another worker, before it started never runs here.
  if (Atomics.compareExchange(flag.flags, flag.index, FLAG.queued, FLAG.running) !== FLAG.queued) {
    controllers.delete(id)
    send({ type: 'done', id, ok: false, message: 'canceled', reason: 'aborted', recycle: retiredEngines() > 0 })
    return
  }
  if (!message.quiet) send({ type: 'started', id })
  try {
    const { json, warm } = await runInVm({
      code: message.code,
      inputJson: message.inputJson,
      credentialsJson: message.credentialsJson,
      host,
      fetch,
      memoryMb: message.memoryMb,
      timeoutMs: message.timeoutMs,
      cancelFlag: flag,
      checkOnly: message.checkOnly,
      warmKey: message.warmKey,
    })
    send({ type: 'done', id, ok: true, json, warm, recycle: retiredEngines() > 0 })
  } catch (error) {
    const reason = error instanceof SandboxError ? error.reason : 'error'
    const text = error instanceof Error ? error.message : String(error)
    send({ type: 'done', id, ok: false, message: text, reason, recycle: retiredEngines() > 0 })
  } finally {
    controllers.delete(id)
    // Host waits the code left behind (the call ended first) are dropped; their replies are ignored.
    for (const [callId, pending] of waiting) if (pending.id === id) waiting.delete(callId)
  }
}

port.onmessage = (event) => {
  const message = fromText(event.data)
  switch (message.type) {
    case 'run':
      void run(message)
      return
    case 'cancel':
      controllers.get(message.id)?.abort()
      return
    case 'init':
      sharedFlags = message.flags
      setWarmCapacity(message.warmPerWorker)
      if (message.wasmModule || message.compile) moduleKnown(message.wasmModule)
      return
    case 'module':
      moduleKnown(message.wasmModule)
      return
    case 'host-result': {
      const pending = waiting.get(message.callId)
      if (!pending) return
      waiting.delete(message.callId)
      if (message.ok) pending.resolve(message.value)
      else pending.reject(new Error(message.message))
      return
    }
  }
}

// The engine loads up front (once the pool said from which module), so the first call's deadline does not pay for it.
engineLoaded.then(
  () => send({ type: 'ready', wasmModule: compiledWasmModule() }),
  () => send({ type: 'ready' }),
)
