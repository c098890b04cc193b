// In-process signal that an API key or an OAuth grant was revoked, so open MCP streams are re-checked at once instead
// of at the next periodic check (docs/decisions/0020-oauth-grants-registration-and-streams.md).
export function createRevocations() {
  const listeners: (() => void)[] = []
  return {
    /** Called after the revocation was committed. */
    revoked() {
      // After the current task: the caller's response is not held up by the streams being closed.
      queueMicrotask(() => {
        for (const fn of listeners) {
          try {
            fn()
          } catch {
            // A listener's failure must not affect the revocation or other listeners.
          }
        }
      })
    },
    onRevoked(fn: () => void) {
      listeners.push(fn)
    },
  }
}
export type Revocations = ReturnType<typeof createRevocations>
