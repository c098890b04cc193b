// Messages between the main thread (sandbox-pool.ts) and a sandbox worker thread (sandbox-worker.ts).
import type { McpLogLevel } from '../lib/log'
import type { ListName } from './host'
import type { SandboxFailure } from './sandbox-types'

/** Host functions the main thread can run for a call; log/progress are one-way notices and always exist. */
export type HostCallName = 'fetch' | 'sample' | 'elicit' | 'listRoots'

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
      /** Which optional host functions exist (sample/elicit only when the client declared them). */
      hosts: HostCallName[]
      /**
       * The call's Int32 of the worker's cancel flags (the 'flags' message): non-zero means stop (read by the VM's
       * interrupt handler while code runs). `cancelFlag`, when present, is the call's own flag instead (index 0).
       */
      cancelIndex: number
      cancelFlag?: Int32Array
      checkOnly?: boolean
    }
  | { type: 'cancel'; id: number }
  /** Sent once to a new worker: posting a SharedArrayBuffer costs tens of µs, too much to send one with every call. */
  | { type: 'flags'; flags: Int32Array }
  | { type: 'host-result'; callId: number; ok: true; value: unknown }
  | { type: 'host-result'; callId: number; ok: false; message: string }

export type FromWorker =
  | { type: 'ready' }
  | { type: 'started'; id: number }
  | { type: 'host-call'; id: number; callId: number; name: HostCallName; args: unknown[] }
  | ({ type: 'host-notice'; id: number } & HostNotice)
  | { type: 'done'; id: number; ok: true; json: string; recycle: boolean }
  | { type: 'done'; id: number; ok: false; message: string; reason: SandboxFailure; recycle: boolean }
