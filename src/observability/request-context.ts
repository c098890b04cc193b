// The request id of the request being served, for records made deep in a call (the call log), without threading it
// through every signature. Entered by the HTTP layer when a request arrives (src/observability/http.ts).
import { AsyncLocalStorage } from 'node:async_hooks'

const context = new AsyncLocalStorage<{ requestId: string }>()

export const currentRequestId = (): string | undefined => context.getStore()?.requestId

/** For a hook that cannot wrap the handler (Elysia's onRequest): the rest of this request's async work sees the id. */
export const withRequestIdHere = (requestId: string): void => context.enterWith({ requestId })

/** For a handler it wraps (the direct routes, src/direct-routes.ts): `fn` and its async work see the id. */
export const runWithRequestId = <T>(requestId: string, fn: () => T): T => context.run({ requestId }, fn)
