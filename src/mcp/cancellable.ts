// A client request's cancellation, cheap when nothing asks for it: most calls never read their AbortSignal, so the
// AbortController is made only when something does; an abort before that marks the request, and the signal made
// later comes already aborted (docs/decisions/0015-hot-path.md).
export class Cancellable {
  private controller?: AbortController
  /** Listeners that asked for the cancellation without the signal (FunctionHost.onCancel). */
  private listeners?: Set<() => void>
  aborted = false
  /** The exchange's own reaction (end the HTTP answer), called after the signal's listeners. */
  onAbort?: () => void

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController()
      if (this.aborted) this.controller.abort()
    }
    return this.controller.signal
  }

  /** Runs `listener` on abort; undefined (nothing registered) when aborted already. Returns its removal. */
  listen(listener: () => void): (() => void) | undefined {
    if (this.aborted) return undefined
    this.listeners ??= new Set()
    this.listeners.add(listener)
    return () => this.listeners?.delete(listener)
  }

  abort(): void {
    if (this.aborted) return
    this.aborted = true
    this.controller?.abort()
    if (this.listeners) for (const listener of this.listeners) listener()
    this.onAbort?.()
  }
}
