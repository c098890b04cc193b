// A session's event log: what its SSE streams sent (for Last-Event-ID replay, 2025-11-25 and later) and what it
// could not send yet (notifications while no GET stream is open). Bounded in count, bytes and age.
import type { SseStream } from './sse'

/** Per session (docs/decisions/0005-mcp-protocol-endpoint.md: resumable streams). */
const MAX_EVENTS = 200
const MAX_BYTES = 1024 * 1024
const MAX_AGE_MS = 5 * 60_000
/** A notification waits this long for a GET stream to open; older ones are dropped. */
const QUEUE_AGE_MS = 30_000
const MAX_QUEUED = 100

/** The standalone GET stream's id; POST response streams are `r<n>`. */
export const STANDALONE = 's0'

interface Logged {
  id: string
  streamId: string
  message: unknown
  bytes: number
  at: number
}

export class EventLog {
  private readonly events: Logged[] = []
  private bytes = 0
  private seq = 0
  private streams = 0
  private readonly queued: { message: unknown; at: number }[] = []
  /** Where a POST stream's later messages go once a client resumed it with GET. */
  readonly sinks = new Map<string, SseStream>()

  /** @param resumable ids and replay only for 2025-11-25 and later: older clients do not expect them. */
  constructor(
    readonly resumable: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  newStream(): string {
    return `r${++this.streams}`
  }

  /** Records a message of a stream; its event id, or undefined when this session does not resume. */
  append(streamId: string, message: unknown): string | undefined {
    if (!this.resumable) return undefined
    const id = `${streamId}-${++this.seq}`
    const bytes = JSON.stringify(message)?.length ?? 0
    this.events.push({ id, streamId, message, bytes, at: this.now() })
    this.bytes += bytes
    const cutoff = this.now() - MAX_AGE_MS
    while (
      this.events.length > MAX_EVENTS ||
      this.bytes > MAX_BYTES ||
      (this.events[0] && this.events[0].at < cutoff)
    ) {
      this.bytes -= this.events.shift()?.bytes ?? 0
    }
    return id
  }

  /** The stream an event id belongs to and its later events; undefined when unknown or already evicted. */
  after(lastEventId: string): { streamId: string; events: { id: string; message: unknown }[] } | undefined {
    const i = this.events.findIndex((e) => e.id === lastEventId)
    if (i < 0) return undefined
    const streamId = this.events[i]!.streamId
    return { streamId, events: this.events.slice(i + 1).filter((e) => e.streamId === streamId) }
  }

  /** A notification for the GET stream while none is open. */
  queue(message: unknown): void {
    this.queued.push({ message, at: this.now() })
    if (this.queued.length > MAX_QUEUED) this.queued.shift()
  }

  /** The queued notifications still young enough to matter, oldest first; the queue is emptied. */
  drain(): unknown[] {
    const cutoff = this.now() - QUEUE_AGE_MS
    return this.queued
      .splice(0)
      .filter((q) => q.at >= cutoff)
      .map((q) => q.message)
  }
}
