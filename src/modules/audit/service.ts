// The audit trail (docs/decisions/0350-audit-log.md): entries are recorded in memory on the request path and appended
// to each project's hash chain in batches off it (a timer, a size, shutdown, or before a read), as the call log is; a
// tool call's argument hash (and its arguments, when the server's `log_arguments` says so) is worked out at that flush,
// not during the call. Changes made by commands (apply, the CLI) append at once, in the change's own transaction.
import type { StoragePort } from '../../db/store'
import type { CallEvent } from '../../lib/call-observer'
import { AppError } from '../../lib/errors'
import { newId } from '../../lib/ids'
import type { Logger } from '../../lib/log'
import { redactSecretFields } from '../../lib/redact'
import type { QueuedDelivery, WebhooksRepository } from '../webhooks/repository'
import { type AuditActor, actorOfPrincipal } from './actor'
import { type AuditRow, canonicalJson, sha256Hex, type VerifyResult, verifyChain } from './chain'
import type { LogArgumentsMode } from './model'
import type { AuditRepository, NewAuditEntry } from './repository'

/** The resource uri a subscription names to receive `audit.batch` webhooks (POST /resources/subscribe). */
export const AUDIT_SUBSCRIPTION_URI = 'toolyard://audit'

/** One change as a feature or the REST hook reports it; `detail` never holds a secret value. */
export interface AuditChange {
  actor: AuditActor
  action: string
  resource: string
  resourceId?: string
  detail?: Record<string, unknown>
}

interface Pending {
  projectId: string
  entry: NewAuditEntry
  /** A tool call's arguments: hashed (and kept per the server's log_arguments) at the flush. */
  call?: { serverId?: string; args: unknown; detail: Record<string, unknown> }
}

export interface AuditLogDeps {
  store: StoragePort
  repo: AuditRepository
  log: Logger
  /** The server's log_arguments setting. */
  logArgumentsOf(serverId: string): Promise<LogArgumentsMode>
  /** Late-bound: the webhook outbox and queue (`audit.batch`). */
  webhooks?: () => { deliveries: WebhooksRepository; enqueue(rows: QueuedDelivery[]): void } | undefined
  flushMs?: number
  maxBuffered?: number
}

const entryOf = (change: AuditChange, at = new Date().toISOString()): NewAuditEntry => ({
  id: newId(),
  at,
  actor: JSON.stringify(change.actor),
  action: change.action,
  resource: change.resource,
  resource_id: change.resourceId ?? null,
  detail: JSON.stringify(change.detail ?? {}),
})

/** An entry as the API answers it. */
export const entryView = (r: AuditRow) => ({
  id: r.id,
  seq: Number(r.seq),
  at: r.at,
  actor: JSON.parse(r.actor) as AuditActor,
  action: r.action,
  resource: r.resource,
  ...(r.resource_id !== null ? { resource_id: r.resource_id } : {}),
  detail: JSON.parse(r.detail) as Record<string, unknown>,
  prev_hash: r.prev_hash,
  hash: r.hash,
})

const encodeCursor = (seq: number) => Buffer.from(`audit:${seq}`).toString('base64url')
function decodeSeq(cursor: string | undefined): number {
  if (!cursor) return 0
  const m = /^audit:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString())
  if (!m) throw new AppError('bad_request', 'cursor is invalid', [{ field: 'cursor', message: 'unknown cursor' }])
  return Number(m[1])
}

export function createAuditLog(deps: AuditLogDeps) {
  const { store, repo, log, flushMs = 1000, maxBuffered = 500 } = deps
  let buffer: Pending[] = []
  let lastWrite: Promise<void> = Promise.resolve()

  /** A tool call's detail with its argument hash, and the arguments as its server's log_arguments says. */
  async function completeCall(p: Pending, modes: Map<string, Promise<LogArgumentsMode>>): Promise<NewAuditEntry> {
    const { call } = p
    if (!call) return p.entry
    const detail: Record<string, unknown> = { ...call.detail, arguments_sha256: sha256Hex(canonicalJson(call.args)) }
    if (call.serverId) {
      let mode = modes.get(call.serverId)
      if (!mode) {
        mode = deps.logArgumentsOf(call.serverId).catch(() => 'none' as const)
        modes.set(call.serverId, mode)
      }
      const m = await mode
      if (m === 'full') detail.arguments = call.args
      else if (m === 'redacted') detail.arguments = redactSecretFields(call.args)
    }
    return { ...p.entry, detail: JSON.stringify(detail) }
  }

  /** Appends one project's entries and its `audit.batch` deliveries in one transaction; the queue hears after commit. */
  async function appendProject(projectId: string, entries: NewAuditEntry[]): Promise<AuditRow[]> {
    const hooks = deps.webhooks?.()
    return store.tx(async (tx) => {
      const rows = await repo.append(projectId, entries)
      if (hooks) {
        const subs = await repo.subscriptionsTo(projectId, AUDIT_SUBSCRIPTION_URI)
        const written: QueuedDelivery[] = []
        const timestamp = new Date().toISOString()
        for (const subscription_id of subs) {
          const id = newId()
          const payload = { event: 'audit.batch', subscription_id, entries: rows.map(entryView), timestamp }
          await hooks.deliveries.insert({
            id,
            subscription_id,
            event: 'audit.batch',
            payload: JSON.stringify(payload),
            next_attempt_at: timestamp,
            created_at: timestamp,
          })
          written.push({ id, projectId })
        }
        if (written.length) tx.afterCommit(() => hooks.enqueue(written))
      }
      return rows
    })
  }

  async function write(batch: Pending[]): Promise<void> {
    const byProject = new Map<string, Pending[]>()
    for (const p of batch) {
      const list = byProject.get(p.projectId)
      if (list) list.push(p)
      else byProject.set(p.projectId, [p])
    }
    const modes = new Map<string, Promise<LogArgumentsMode>>()
    for (const [projectId, pending] of byProject) {
      try {
        const entries = await Promise.all(pending.map((p) => completeCall(p, modes)))
        await appendProject(projectId, entries)
      } catch (error) {
        // History must not break serving; the error line names how many entries were lost.
        log.error('audit entries dropped', { project_id: projectId, entries: pending.length, error: String(error) })
      }
    }
  }

  const flush = (): Promise<void> => {
    if (!buffer.length) return lastWrite
    const batch = buffer
    buffer = []
    lastWrite = lastWrite.then(() => write(batch))
    return lastWrite
  }
  const timer = setInterval(() => void flush(), flushMs)
  timer.unref()
  const push = (p: Pending) => {
    buffer.push(p)
    if (buffer.length >= maxBuffered) queueMicrotask(() => void flush())
  }

  return {
    /** A change, appended with the next batch. */
    record(projectId: string, change: AuditChange): void {
      push({ projectId, entry: entryOf(change) })
    },
    /** Changes appended now, inside the transaction open in this context (apply, the CLI). */
    async appendNow(projectId: string, changes: AuditChange[]): Promise<void> {
      if (!changes.length) return
      const at = new Date().toISOString()
      await appendProject(
        projectId,
        changes.map((c) => entryOf(c, at)),
      )
    },
    /** A tool call as the call observer reports it; nothing is hashed or serialized here (the request path). */
    toolCalled(e: CallEvent): void {
      if (e.kind !== 'tool') return
      const at = new Date().toISOString()
      const detail: Record<string, unknown> = {
        ...(e.serverId ? { server_id: e.serverId } : {}),
        tool: e.name,
        outcome: e.outcome,
        duration_ms: e.durationMs,
        ...(e.error ? { error: e.error.slice(0, 500) } : {}),
        ...(e.requestId ? { request_id: e.requestId } : {}),
      }
      push({
        projectId: e.projectId,
        entry: entryOf(
          {
            actor: actorOfPrincipal(e.principal, e.userId, e.client),
            action: 'call',
            resource: 'tool',
            resourceId: e.name,
          },
          at,
        ),
        call: { ...(e.serverId ? { serverId: e.serverId } : {}), args: e.args ?? {}, detail },
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
    },
  }
}
export type AuditLog = ReturnType<typeof createAuditLog>
