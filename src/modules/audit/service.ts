// The audit trail (docs/decisions/0350-audit-log.md): entries are recorded in memory on the request path (a push of
// plain fields) and appended to each project's hash chain in batches off it — a timer, a size, shutdown, or before a
// read — by the writer (writer.ts: a thread of its own on SQLite), as the call log is. Changes made by commands
// (apply, the CLI) append at once, in the change's own transaction.
import type { CallEvent } from '../../lib/call-observer'
import { AppError } from '../../lib/errors'
import { type AuditChange, appendProject, type BatchPorts, entryView, type PendingAudit } from './batch'
import { type VerifyResult, verifyChain } from './chain'
import type { NewAuditEntry } from './repository'
import type { AuditWriter } from './writer'

export type { AuditChange } from './batch'

export interface AuditLogDeps extends BatchPorts {
  /** Where batches are appended (writer.ts). */
  writer: AuditWriter
  /** The webhook queue, told of deliveries an in-transaction append wrote once they commit. */
  enqueue?: () => ((rows: { id: string; projectId: string }[]) => void) | undefined
  flushMs?: number
  maxBuffered?: number
}

const encodeCursor = (seq: number) => Buffer.from(`audit:${seq}`).toString('base64url')
function decodeSeq(cursor: string | undefined): number {
  if (!cursor) return 0
  const m = /^audit:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!m) throw new AppError('bad_request', 'cursor is invalid', [{ field: 'cursor', message: 'unknown cursor' }])
  return Number(m[1])
}

export function createAuditLog(deps: AuditLogDeps) {
  const { store, repo, writer, flushMs = 1000, maxBuffered = 500 } = deps
  let buffer: PendingAudit[] = []
  let lastWrite: Promise<void> = Promise.resolve()

  const flush = (): Promise<void> => {
    if (!buffer.length) return lastWrite
    const batch = buffer
    buffer = []
    // Resolves once this batch and every one before it are written (an inline writer may run two side by side).
    const written = writer.write(batch)
    lastWrite = Promise.all([lastWrite, written]).then(() => undefined)
    return lastWrite
  }
  const timer = setInterval(() => void flush(), flushMs)
  timer.unref()
  const push = (p: PendingAudit) => {
    if (buffer.push(p) >= maxBuffered) queueMicrotask(() => void flush())
  }

  return {
    /** A change, appended with the next batch. */
    record(projectId: string, change: AuditChange): void {
      push({ projectId, at: Date.now(), change })
    },
    /** Changes appended now, inside the transaction open in this context (apply, the CLI). */
    async appendNow(projectId: string, changes: AuditChange[]): Promise<void> {
      if (!changes.length) return
      const at = new Date().toISOString()
      const entries: NewAuditEntry[] = changes.map((c) => ({
        id: Bun.randomUUIDv7(),
        at,
        actor: JSON.stringify(c.actor),
        action: c.action,
        resource: c.resource,
        resource_id: c.resourceId ?? null,
        detail: JSON.stringify(c.detail ?? {}),
      }))
      const queued = await appendProject(deps, projectId, entries)
      if (queued.length) store.afterCommit(() => deps.enqueue?.()?.(queued))
    },
    /** A tool call as the call observer reports it: its fields pushed, nothing hashed or serialized here. */
    toolCalled(e: CallEvent): void {
      if (e.kind !== 'tool') return
      push({
        projectId: e.projectId,
        at: Date.now(),
        call: {
          principal: e.principal,
          userId: e.userId,
          client: e.client,
          serverId: e.serverId,
          name: e.name,
          outcome: e.outcome,
          durationMs: e.durationMs,
          error: e.error,
          requestId: e.requestId,
          args: e.args ?? {},
        },
      })
    },
    flush,
    /** GET /audit: oldest first from `since`; buffered entries are written first, so a caller sees its own. */
    async list(projectId: string, opts: { since?: string; cursor?: string; limit: number }) {
      const afterSeq = decodeSeq(opts.cursor)
      await flush()
      const rows = await repo.list(projectId, { afterSeq, since: opts.since, limit: opts.limit + 1 })
      const items = rows.slice(0, opts.limit)
      const last = items[items.length - 1]
      return {
        entries: items.map(entryView),
        ...(rows.length > opts.limit && last ? { next_cursor: encodeCursor(last.seq) } : {}),
      }
    },
    /** GET /audit/export: every entry (from `since`) as JSON Lines, read page by page. */
    async *exportLines(projectId: string, since?: string): AsyncGenerator<string> {
      await flush()
      let afterSeq = 0
      for (;;) {
        const rows = await repo.list(projectId, { afterSeq, since, limit: 500 })
        for (const r of rows) yield `${JSON.stringify(entryView(r))}\n`
        if (rows.length < 500) return
        afterSeq = rows[rows.length - 1]!.seq
      }
    },
    /** Walks the project's chain from its checkpoint: ok, or the first entry removed or altered. */
    async verify(projectId: string): Promise<VerifyResult> {
      await flush()
      const head = await repo.head(projectId)
      async function* pages() {
        let afterSeq = 0
        for (;;) {
          const rows = await repo.list(projectId, { afterSeq, limit: 1000 })
          if (rows.length) yield rows
          if (rows.length < 1000) return
          afterSeq = rows[rows.length - 1]!.seq
        }
      }
      return verifyChain(head, pages())
    },
    /** The retention job (TOOLYARD_AUDIT_DAYS): entries older than `days` go, each chain keeps its checkpoint. */
    async pruneOlderThan(days: number): Promise<number> {
      await flush()
      const before = new Date(Date.now() - days * 86_400_000).toISOString()
      let n = 0
      for (const projectId of await repo.projectsWithEntriesBefore(before))
        n += await store.tx(() => repo.prune(projectId, before))
      return n
    },
    async stop() {
      clearInterval(timer)
      await flush()
      await writer.close()
    },
  }
}
export type AuditLog = ReturnType<typeof createAuditLog>
