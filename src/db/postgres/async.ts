// The asynchronous form of a storage port: every method of today's synchronous repository interface returns a promise
// of what it returns now (same names, arguments and row types). The PostgreSQL repositories implement `Async<X>`; once
// the interfaces themselves are asynchronous, `Async<X>` and `X` are the same type (docs/decisions.md, "PostgreSQL
// repositories").
export type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : T[K]
}
