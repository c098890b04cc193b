// A value that is in hand (a read model hit) or still to come (a load through a storage port): the request path
// continues synchronously with one in hand, so a hit makes no promise and awaits nothing (docs/decisions/README.md,
// "Asynchronous storage ports").

export type MaybePromise<T> = T | Promise<T>

/** `then(value)` at once when the value is in hand, after it resolves otherwise. */
export function settle<T, R>(value: MaybePromise<T>, then: (value: T) => R): R | Promise<R> {
  return value instanceof Promise ? (value.then(then) as Promise<R>) : then(value)
}
