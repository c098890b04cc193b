// A Server-Sent Events response: `event: message` frames, keep-alive comments, and one close path.
const encoder = new TextEncoder()

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const

/** Proxies and Bun drop idle connections; a comment every 15 s keeps a quiet stream alive. */
const KEEPALIVE_MS = 15_000
/** TOOLYARD_STREAM_BUFFER_BYTES' default. */
const BUFFER_BYTES = 16 * 1024 * 1024

export interface SseStream {
  readonly closed: boolean
  /** Writes one JSON-RPC message (with an event id when the stream is resumable); false when already closed. */
  send(message: unknown, id?: string): boolean
  /** Writes an SSE comment line, ignored by parsers. */
  comment(text: string): boolean
  close(): void
  response(headers: Record<string, string>): Response
}

/**
 * `maxBufferedBytes` (TOOLYARD_STREAM_BUFFER_BYTES) bounds what waits for a client that does not read: Bun takes
 * chunks off the stream only as the socket drains, so past it the stream is dropped (its queue discarded, the
 * connection ended) rather than grown (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md).
 */
export function createSse(
  opts: { onClose?: () => void; onKeepAlive?: () => void; keepAliveMs?: number; maxBufferedBytes?: number } = {},
): SseStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let closed = false
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c
      },
      cancel() {
        finish()
      },
    },
    { highWaterMark: opts.maxBufferedBytes ?? BUFFER_BYTES, size: (chunk) => chunk?.byteLength ?? 0 },
  )
  const write = (text: string): boolean => {
    if (closed) return false
    try {
      controller.enqueue(encoder.encode(text))
      if ((controller.desiredSize ?? 0) >= 0) return true
      // Over the bound: error() (without a reason, so nothing is logged) drops the queued bytes and ends the response.
      controller.error()
    } catch {
      // Closed under us by the reader going away.
    }
    finish()
    return false
  }
  const timer = setInterval(() => {
    if (write(': keepalive\n\n')) opts.onKeepAlive?.()
  }, opts.keepAliveMs ?? KEEPALIVE_MS)
  function finish() {
    if (closed) return
    closed = true
    clearInterval(timer)
    try {
      controller.close()
    } catch {
      // Already closed by the reader going away.
    }
    opts.onClose?.()
  }
  return {
    get closed() {
      return closed
    },
    send: (message, id) =>
      write(`${id === undefined ? '' : `id: ${id}\n`}event: message\ndata: ${JSON.stringify(message)}\n\n`),
    comment: (text) => write(`: ${text}\n\n`),
    close: finish,
    response: (headers) => new Response(body, { status: 200, headers: { ...headers, ...SSE_HEADERS } }),
  }
}
