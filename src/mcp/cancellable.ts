// A client request's cancellation, cheap when nothing asks for it: most calls never read their AbortSignal, so the
// AbortController is made only when something does; an abort before that marks the request, and the signal made
// later comes already aborted (docs/decisions.md, "Hot path").
export class Cancellable {
  private controller?: AbortController
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

  abort(): void {
    if (this.aborted) return
    this.aborted = true
    this.controller?.abort()
    this.onAbort?.()
  }
}
