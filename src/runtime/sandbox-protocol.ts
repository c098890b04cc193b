// Messages between the main thread (sandbox-pool.ts) and a sandbox worker thread (sandbox-worker.ts).
import type { McpLogLevel } from '../lib/log'
import type { ListName } from './host'
import type { SandboxFailure } from './sandbox-types'

/** Host functions the main thread can run for a call; log/progress are one-way notices and always exist. */
export type HostCallName = 'fetch' | 'sample' | 'elicit' | 'listRoots' | 'callTool'

/** FunctionHost.log/progress calls of a running call, forwarded as they are. */
export type HostNotice =
  | { name: 'log'; args: [level: McpLogLevel, message: string] }
  | { name: 'progress'; args: [progress: number, total?: number, message?: string] }
  | { name: 'listChanged'; args: [list: ListName] }
  | { name: 'fail'; args: [code: number, message: string] }

export type ToWorker =
  | {
      type: 'run'
      id: number
      code: string
      inputJson: string
      /** JSON text of ctx.credentials, absent when there are none. */
      credentialsJson?: string
      memoryMb: number
      timeoutMs: number
      /** The call's byte budget for logs and progress (TOOLYARD_MAX_RESULT_BYTES), spent here in the worker. */
      logBytes: number
      /** Which optional host functions exist (sample/elicit only when the client declared them). */
      hosts: HostCallName[]
      /**
       * The call's Int32 of the worker's cancel flags (the 'init' message): non-zero means stop (read by the VM's
       * interrupt handler while code runs). `cancelFlag`, when present, is the call's own flag instead (index 0).
       */
      cancelIndex: number
      cancelFlag?: Int32Array
      checkOnly?: boolean
      /** The function version's warm key (src/runtime/run-function.ts); absent: a fresh VM only for this call. */
      warmKey?: string
      /** The pool counted the call as started when it sent it (an idle, ready worker): no 'started' message. */
      quiet?: boolean
    }
  | { type: 'cancel'; id: number }
  /**
   * First to a new worker: its cancel flags (posting a SharedArrayBuffer costs tens of µs, too much for every call)
   * and the compiled QuickJS module to instantiate; without one, `compile` says to compile it, else a 'module' message
   * follows (another worker is compiling it; no module in it: compile it after all).
   */
  | { type: 'init'; flags: Int32Array; warmPerWorker: number; wasmModule?: WebAssembly.Module; compile?: boolean }
  | { type: 'module'; wasmModule?: WebAssembly.Module }
  | { type: 'host-result'; callId: number; ok: true; value: unknown }
  | { type: 'host-result'; callId: number; ok: false; message: string }

export type FromWorker =
  /** Its engine is loaded (from `wasmModule`, handed on to workers that start later). */
  | { type: 'ready'; wasmModule?: WebAssembly.Module }
  | { type: 'started'; id: number }
  | { type: 'host-call'; id: number; callId: number; name: HostCallName; args: unknown[] }
  | ({ type: 'host-notice'; id: number } & HostNotice)
  /** `warm`: its VM is kept for the next call of its warm key (the pool sends that key's calls here first). */
  | { type: 'done'; id: number; ok: true; json: string; warm: boolean; recycle: boolean }
  | { type: 'done'; id: number; ok: false; message: string; reason: SandboxFailure; recycle: boolean }

type Run = Extract<ToWorker, { type: 'run' }>
type Done = Extract<FromWorker, { type: 'done'; ok: true }>

/**
 * The messages of every call ('run' to the worker; 'started' and 'done' back) cross as text: Bun posts a string in
 * about half the time of the same object (structured clone), and the main thread's share of a warm JavaScript call
 * was mostly posting (docs/decisions/0036-hot-path-at-the-limit.md). A run's input, credentials and code, and a
 * result, are JSON text or source already: they are framed raw after a short head (`R…`, `D…`) instead of escaped
 * into another JSON text and parsed twice (docs/decisions/0414-javascript-call-hop.md). Messages holding a
 * SharedArrayBuffer or a WebAssembly.Module, or values JSON would change (undefined in arrays), go as objects.
 */
export function asText<M extends ToWorker | FromWorker>(message: M): M | string {
  if (message.type === 'run') return message.cancelFlag ? message : runText(message)
  if (message.type === 'done' && message.ok)
    return `D${message.id}:${message.warm ? 1 : 0}${message.recycle ? 1 : 0}:${message.json}`
  return message.type === 'started' || message.type === 'done' ? JSON.stringify(message) : message
}

/** A message as posted (asText), back as the message. */
export function fromText<M extends ToWorker | FromWorker>(data: M | string): M {
  if (typeof data !== 'string') return data
  const kind = data.charCodeAt(0)
  if (kind === R) return textRun(data) as M
  if (kind === D) return textDone(data) as M
  return JSON.parse(data) as M
}

const R = 'R'.charCodeAt(0)
const D = 'D'.charCodeAt(0)

/**
 * `R<head JSON>\n<input JSON>\n<credentials JSON, or nothing>\n<code>`: JSON.stringify never writes a raw line
 * break, so the first three line breaks end the head, the input and the credentials; the code is the rest.
 */
function runText({ type: _, code, inputJson, credentialsJson, ...head }: Run): string {
  return `R${JSON.stringify(head)}\n${inputJson}\n${credentialsJson ?? ''}\n${code}`
}

function textRun(text: string): Run {
  const a = text.indexOf('\n')
  const b = text.indexOf('\n', a + 1)
  const c = text.indexOf('\n', b + 1)
  const head = JSON.parse(text.slice(1, a)) as Omit<Run, 'type' | 'code' | 'inputJson' | 'credentialsJson'>
  const credentialsJson = c > b + 1 ? text.slice(b + 1, c) : undefined
  return { type: 'run', ...head, inputJson: text.slice(a + 1, b), credentialsJson, code: text.slice(c + 1) }
}

/** `D<id>:<warm 0|1><recycle 0|1>:<result JSON>`. */
function textDone(text: string): Done {
  const a = text.indexOf(':')
  return {
    type: 'done',
    id: Number(text.slice(1, a)),
    ok: true,
    warm: text.charCodeAt(a + 1) === ONE,
    recycle: text.charCodeAt(a + 2) === ONE,
    json: text.slice(a + 4),
  }
}

const ONE = '1'.charCodeAt(0)
