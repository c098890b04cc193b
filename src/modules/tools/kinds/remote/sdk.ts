// The MCP SDK's client, loaded on the first upstream connection instead of at start: importing it (with the zod it
// brings) costs ~0.1 s of CPU, which a start that may never reach an upstream must not pay (docs/decisions/README.md,
// "Remote MCP toolkits").
export type Sdk = typeof import('./sdk-parts')

let loaded: Sdk | undefined
let loading: Promise<Sdk> | undefined

export function loadSdk(): Promise<Sdk> {
  if (loaded) return Promise.resolve(loaded)
  loading ??= import('./sdk-parts').then((m) => {
    loaded = m
    return m
  })
  return loading
}

/** The SDK when something already loaded it: an SDK error can only exist after that. */
export const sdkIfLoaded = (): Sdk | undefined => loaded
