// The call log: every reported call is logged at once (one info line) and buffered for SQLite; the buffer is handed to
// the writer (writer.ts: a thread of its own) per flush (timer, size, shutdown, or before a read), so requests never
// wait on the write.
import type { CallEvent, CallObserver } from '../../lib/call-observer'
import { newId } from '../../lib/ids'
import type { Logger } from '../../lib/log'
import { InvalidCursorError } from '../../lib/pagination'
import type { CallFilter, CallRow, CallsRepository, PendingCall } from './repository'
import { type CallWriter, inlineWriter } from './writer'

const MESSAGE = { tool: 'tool call', resource: 'resource read', prompt: 'prompt get' } as const
const NAME_FIELD = { tool: 'tool', resource: 'uri', prompt: 'prompt' } as const

export interface CallLogOptions {
  repo: CallsRepository
  /** Where batches are written; inline on `repo` when absent. */
  writer?: CallWriter
  log: Logger
  /** Also told about every call (metrics). */
  onCall?: (event: CallEvent) => void
  flushMs?: number
  maxBuffered?: number
  /**
   * Rows handed to the writer and not yet committed, at most: a database slower than the calls (or away) must not
   * grow the process without bound. A flush past it is dropped whole and counted (`onDropped`, the call-log metric).
   */
  maxInFlight?: number
  onDropped?: (rows: number) => void
}

const view = (r: CallRow) => ({
  id: r.id,
  server_id: r.server_id,
  kind: r.kind,
  name: r.name,
  outcome: r.outcome,
  duration_ms: r.duration_ms,
  ...(r.error !== null ? { error: r.error } : {}),
  request_id: r.request_id,
  created_at: r.created_at,
  ...(r.user_id ? { user_id: r.user_id } : {}),
})

export function createCallLog(options: CallLogOptions) {
  const { repo, log, onCall, onDropped, flushMs = 1000, maxBuffered = 500, maxInFlight = 20_000 } = options
  // The log lines were written already: a failed write loses a batch of history, never breaks serving.
  const writer = options.writer ?? inlineWriter(repo, log)
  let buffer: PendingCall[] = []
  let lastWrite: Promise<void> = Promise.resolve()
  let inFlight = 0
  /** Hands the buffer to the writer; resolves once it (and every batch before it) is committed. */
  const flush = (): Promise<void> => {
    if (!buffer.length) return lastWrite
    const rows = buffer
    buffer = []
    if (inFlight + rows.length > maxInFlight) {
      log.error('call log rows dropped', { rows: rows.length, error: 'the writer is behind: too many rows in flight' })
      onDropped?.(rows.length)
      return lastWrite
    }
    inFlight += rows.length
    lastWrite = writer.write(rows).finally(() => {
      inFlight -= rows.length
    })
    return lastWrite
  }
  const timer = setInterval(flush, flushMs)
  timer.unref()
  // The line is info: the contract keeps it at info, but below that level its fields need not be built.
  const logLine = log.enabled?.('info') ?? true

  const observer: CallObserver = {
    called(event) {
      const requestId = event.requestId ?? newId()
      if (logLine)
        log.info(MESSAGE[event.kind], {
          project_id: event.projectId,
          server: event.serverId ?? null,
          [NAME_FIELD[event.kind]]: event.name,
          duration_ms: event.durationMs,
          outcome: event.outcome,
          ...(event.error ? { error: event.error } : {}),
          request_id: requestId,
          ...(event.userId ? { user_id: event.userId } : {}),
        })
      onCall?.(event)
      buffer.push({
        project_id: event.projectId,
        server_id: event.serverId ?? null,
        kind: event.kind,
        name: event.name,
        outcome: event.outcome,
        duration_ms: event.durationMs,
        error: event.error ? event.error.slice(0, 1000) : null,
        request_id: requestId,
        user_id: event.userId ?? null,
        at: Date.now(),
      })
      if (buffer.length >= maxBuffered) queueMicrotask(() => void flush())
    },
  }

  return {
    observer,
    /** GET /calls: newest first. Buffered calls are written first, so a caller sees its own calls. */
    async list(projectId: string, filter: CallFilter, limit: number, cursor: string | undefined) {
      const before = cursor === undefined || cursor === '' ? undefined : Buffer.from(cursor, 'base64url').toString()
      if (before !== undefined && !repo.isCursor(before)) throw new InvalidCursorError()
      await flush()
      const rows = await repo.list(projectId, filter, before, limit + 1)
      const items = rows.slice(0, limit)
      // The cursor is where the next page starts: the engine's own key of the last row (src/modules/calls/repository.ts).
      const next_cursor =
        rows.length > limit ? Buffer.from(items[items.length - 1]!.cursor).toString('base64url') : null
      return { calls: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    /** The retention job: deletes rows older than `days`. */
    purgeOlderThan(days: number): Promise<number> {
      return repo.purgeBefore(new Date(Date.now() - days * 86_400_000).toISOString())
    },
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
      await writer.close()
    },
  }
}
export type CallLog = ReturnType<typeof createCallLog>
