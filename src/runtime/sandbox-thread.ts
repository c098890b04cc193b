// Starting a sandbox worker thread (from source or inside the compiled binary) and keeping idle ones from holding the process.
import { workerEntry } from '../lib/worker-entry'
import { asText, type FromWorker, fromText, type ToWorker } from './sandbox-protocol'

const STOPPED = 'the sandbox worker stopped unexpectedly; retry the call'

/** A worker thread whose messages go to `onMessage`; `onStop(reason)` when it crashes, closes or cannot be posted to. */
export interface SandboxThread {
  post(message: ToWorker): void
  /** An idle worker must not keep the process alive (CLI commands, tests); a busy one must. */
  keepAlive(on: boolean): void
  terminate(): void
}

export function startThread(onMessage: (message: FromWorker) => void, onStop: (reason: string) => void): SandboxThread {
  const worker = new Worker(workerEntry('runtime/sandbox-worker.ts')) as Worker & {
    ref?: () => void
    unref?: () => void
  }
  worker.onmessage = (event: MessageEvent<FromWorker | string>) => onMessage(fromText(event.data))
  worker.onerror = (event) => {
    event.preventDefault()
    onStop(STOPPED)
  }
  worker.addEventListener('close', () => onStop(STOPPED))
  return {
    post(message) {
      try {
        worker.postMessage(asText(message))
      } catch {
        onStop(STOPPED)
      }
    },
    // Bun's Worker has ref()/unref(); the DOM Worker type TypeScript sees here does not declare them.
    keepAlive: (on) => (on ? worker.ref?.() : worker.unref?.()),
    terminate: () => void worker.terminate(),
  }
}
