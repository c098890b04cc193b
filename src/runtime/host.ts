// The runtime's helpers over the function host. The types live on the ground floor (src/lib/host.ts) because the one
// request context carries the host (docs/decisions/0029-one-request-context.md); they are re-exported for the runtime.
import type { FunctionHost, ListName } from '../lib/host'

export type { AskOptions, FunctionHost, ListName } from '../lib/host'
export { detachedHost } from '../lib/host'

export const isListName = (v: unknown): v is ListName => v === 'tools' || v === 'prompts' || v === 'resources'

/**
 * How an outbound request of a call learns of its cancellation: the host's `onCancel` when it has one (a host that makes
 * its AbortController lazily then makes none), else its signal.
 */
export const cancellation = (
  host: FunctionHost,
): { onCancel: (listener: () => void) => (() => void) | undefined } | { signal: AbortSignal } => {
  const onCancel = host.onCancel
  return onCancel ? { onCancel: (listener) => onCancel.call(host, listener) } : { signal: host.signal }
}
