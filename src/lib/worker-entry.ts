// Where a worker thread's entry file is, from source or inside the compiled binary. package.json `build` makes each
// worker an entry point of its own, stored relative to the entry points' common root, `src/`, and Bun resolves that
// relative path inside the binary. Bun.main is the binary's embedded path there; import.meta.url is too without
// `--bytecode`, but with it import.meta.url keeps the source file's path, which the binary cannot read.

/** `pathInSrc`: the worker's path under `src/`, e.g. `runtime/sandbox-worker.ts`. */
export function workerEntry(pathInSrc: string): string {
  const compiled = [Bun.main, import.meta.url].some((at) => at.includes('$bunfs') || at.includes('~BUN'))
  // This file is src/lib/worker-entry.ts: one level below src/.
  return compiled ? `./${pathInSrc}` : new URL(`../${pathInSrc}`, import.meta.url).href
}
