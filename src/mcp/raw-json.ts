// Results serialized once and reused: a tools/list page of a big server is the same text for every caller of that
// listing, protocol version and cursor, so it is answered from a string (docs/decisions/0015-hot-path.md).

/** JSON text standing for a value; JSON.stringify of anything holding it still gives the value (toJSON). */
export class RawJson {
  constructor(readonly json: string) {}
  toJSON(): unknown {
    return JSON.parse(this.json)
  }
}

/**
 * A listing's pages by "version|cursor". Only pages reached by the cursors the endpoint hands out are kept (any offset
 * is a valid cursor, and keeping every one asked for would let a caller fill memory), at most 64 per listing.
 */
const pages = new WeakMap<object, Map<string, RawJson>>()
const MAX_PAGES_PER_LISTING = 64

/**
 * The page `build()` makes, serialized; kept (when `keep`) as long as `listing` (the read model's frozen array)
 * lives.
 */
export function cachedPage(listing: object, key: string, keep: boolean, build: () => unknown): RawJson {
  if (!keep) return new RawJson(JSON.stringify(build()))
  let byKey = pages.get(listing)
  if (!byKey) {
    byKey = new Map()
    pages.set(listing, byKey)
  }
  let page = byKey.get(key)
  if (!page) {
    page = new RawJson(JSON.stringify(build()))
    if (byKey.size >= MAX_PAGES_PER_LISTING) byKey.clear()
    byKey.set(key, page)
  }
  return page
}

/** The JSON text of a JSON-RPC answer; a success whose result is RawJson is spliced in, not re-serialized. */
export function serializeAnswer(body: unknown): string {
  const msg = body as { jsonrpc?: unknown; id?: unknown; result?: unknown } | null
  if (msg && msg.result instanceof RawJson && msg.jsonrpc === '2.0')
    return `{"jsonrpc":"2.0","id":${JSON.stringify(msg.id ?? null)},"result":${msg.result.json}}`
  return JSON.stringify(body)
}
