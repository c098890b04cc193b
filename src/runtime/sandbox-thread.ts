// Starting a sandbox worker thread (from source or inside the compiled binary) and keeping idle ones from holding the process.
import type { FromWorker, ToWorker } from './sandbox-protocol'

const STOPPED = 'the sandbox worker stopped unexpectedly; retry the call'

/** A worker thread whose messages go to `onMessage`; `onStop(reason)` when it crashes, closes or cannot be posted to. */
export interface SandboxThread {
  post(message: ToWorker): void
  /** An idle worker must not keep the process alive (CLI commands, tests); a busy one must. */
  keepAlive(on: boolean): void
  terminate(): void
}

export function startThread(onMessage: (message: FromWorker) => void, onStop: (reason: string) => void): SandboxThread {
  const worker = new Worker(workerSpecifier()) as Worker & { ref?: () => void; unref?: () => void }
  worker.onmessage = (event: MessageEvent<FromWorker>) => onMessage(event.data)
  worker.onerror = (event) => {
    event.preventDefault()
    onStop(STOPPED)
  }
  worker.addEventListener('close', () => onStop(STOPPED))
  return {
    post(message) {
      try {
        worker.postMessage(message)
      } catch {
        onStop(STOPPED)
      }
    },
    // Bun's Worker has ref()/unref(); the DOM Worker type TypeScript sees here does not declare them.
    keepAlive: (on) => (on ? worker.ref?.() : worker.unref?.()),
    terminate: () => void worker.terminate(),
  }
}

/**
 * From source the worker sits next to this file. In a `bun build --compile` binary this module is bundled into the entry
 * and the worker is its own entrypoint (package.json `build`), stored relative to the entrypoints' common root, `src/`:
 * Bun resolves that relative path inside the binary. Bun.main is the binary's embedded path there; import.meta.url is
 * too without `--bytecode`, but with it import.meta.url keeps the source file's path, which the binary cannot read.
 */
function workerSpecifier(): string {
  const compiled = [Bun.main, import.meta.url].some((at) => at.includes('$bunfs') || at.includes('~BUN'))
  return compiled ? './runtime/sandbox-worker.ts' : new URL('./sandbox-worker.ts', import.meta.url).href
}
