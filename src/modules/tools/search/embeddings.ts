// Embeddings for semantic tool search (docs/decisions/0371-semantic-tool-search.md): an OpenAI-compatible
// `/v1/embeddings` (TOOLYARD_EMBEDDINGS_URL), asked in the background for tools' texts — batched, one batch at a time,
// cached by the text's hash, bounded — and for a query with a short time bound. Every failure is logged and answered
// with "none": search then ranks by BM25 alone; an embeddings endpoint never fails a search.
import type { Logger } from '../../../lib/log'

export interface EmbeddingsSettings {
  url: string
  model: string
  /** Sent as `Authorization: Bearer …`; never logged. */
  key?: string
  log: Logger
}

/** Texts sent in one request. */
const BATCH = 32
/** Vectors kept (tools' and queries' texts together), in bytes (64 MiB: ~10,000 vectors of 1,536 dimensions); past it the oldest go. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024
/** Texts waiting for the background; past it new ones wait for a later search to ask again. */
const MAX_QUEUED = 20_000
/** A text is cut here before it is embedded: the start says what a tool does. */
const MAX_TEXT_CHARS = 2_000
/** One background batch, and one query (which a search waits for). */
const BATCH_TIMEOUT_MS = 30_000
const QUERY_TIMEOUT_MS = 1_500
/** After a failure the background pauses this long (a down endpoint is not asked in a loop). */
const RETRY_AFTER_MS = 30_000

const keyOf = (text: string) => Bun.hash(text).toString(36) + text.length.toString(36)

export function embeddingsClient(settings: EmbeddingsSettings) {
  const cache = new Map<string, Float32Array>()
  let cachedBytes = 0
  const queue = new Map<string, string>()
  let draining = false
  let pausedUntil = 0

  const remember = (key: string, v: Float32Array) => {
    while (cache.size && cachedBytes + v.byteLength > MAX_CACHED_BYTES) {
      const [oldest, old] = cache.entries().next().value as [string, Float32Array]
      cache.delete(oldest)
      cachedBytes -= old.byteLength
    }
    cache.set(key, v)
    cachedBytes += v.byteLength
  }

  async function embed(texts: string[], timeoutMs: number): Promise<Float32Array[]> {
    const res = await fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}),
      },
      body: JSON.stringify({ model: settings.model, input: texts }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    if (!res.ok) throw new Error(`the embeddings endpoint answered HTTP ${res.status}`)
    const body = (await res.json()) as { data?: { index?: number; embedding?: unknown }[] }
    if (!Array.isArray(body.data) || body.data.length !== texts.length)
      throw new Error('the embeddings endpoint answered no `data` array of one embedding per input')
    const out: Float32Array[] = new Array(texts.length)
    body.data.forEach((d, i) => {
      const at = typeof d.index === 'number' ? d.index : i
      if (!Number.isInteger(at) || at < 0 || at >= texts.length || out[at])
        throw new Error('the embeddings endpoint answered an embedding for no input it was sent')
      if (!Array.isArray(d.embedding) || !d.embedding.length || d.embedding.some((x) => typeof x !== 'number'))
        throw new Error('the embeddings endpoint answered an embedding that is not an array of numbers')
      out[at] = normalized(d.embedding as number[])
    })
    return out
  }

  /** One batch at a time until the queue is empty or a batch fails (then paused a while). */
  async function drain(): Promise<void> {
    if (draining || Date.now() < pausedUntil) return
    draining = true
    try {
      while (queue.size) {
        const batch = [...queue].slice(0, BATCH)
        try {
          const vectors = await embed(
            batch.map(([, text]) => text),
            BATCH_TIMEOUT_MS,
          )
          batch.forEach(([key], i) => {
            remember(key, vectors[i] as Float32Array)
            queue.delete(key)
          })
        } catch (error) {
          pausedUntil = Date.now() + RETRY_AFTER_MS
          settings.log.warn('tool search embeddings failed; searching by BM25 alone until they succeed', {
            error: error instanceof Error ? error.message : String(error),
          })
          return
        }
      }
    } finally {
      draining = false
    }
  }

  return {
    /** The vector of `text` when it is cached; otherwise undefined, and it is queued for the background. */
    vectorOf(text: string): Float32Array | undefined {
      const cut = text.slice(0, MAX_TEXT_CHARS)
      const key = keyOf(cut)
      const hit = cache.get(key)
      if (hit) return hit
      if (queue.size < MAX_QUEUED) queue.set(key, cut)
      return undefined
    },
    /** Starts the background work for what vectorOf queued (never awaited by a search). */
    fill(): void {
      void drain()
    },
    /** A query's vector, cached or asked for now within a short bound; undefined when the endpoint fails. */
    async queryVector(text: string): Promise<Float32Array | undefined> {
      const cut = text.slice(0, MAX_TEXT_CHARS)
      const key = keyOf(cut)
      const hit = cache.get(key)
      if (hit) return hit
      if (Date.now() < pausedUntil) return undefined
      try {
        const [v] = await embed([cut], QUERY_TIMEOUT_MS)
        if (v) remember(key, v)
        return v
      } catch (error) {
        settings.log.warn('tool search embeddings failed for a query; ranked by BM25 alone', {
          error: error instanceof Error ? error.message : String(error),
        })
        return undefined
      }
    },
    /** Whether the background has nothing left to do (tests and diagnostics). */
    idle: () => queue.size === 0 && !draining,
  }
}
export type EmbeddingsClient = ReturnType<typeof embeddingsClient>

/** Unit length, so a dot product is the cosine. */
function normalized(v: number[]): Float32Array {
  let sum = 0
  for (const x of v) sum += x * x
  const norm = Math.sqrt(sum) || 1
  return Float32Array.from(v, (x) => x / norm)
}

export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 0
  let s = 0
  for (let i = 0; i < a.length; i++) s += (a[i] as number) * (b[i] as number)
  return s
}
