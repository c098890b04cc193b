// One batch of audit entries appended to their projects' chains: what the flush hands to the writer thread (SQLite) or
// runs inline (PostgreSQL, or a thread that failed). Everything a tool call's entry costs beyond a push onto the buffer
// happens here, off the request path: its actor and detail, the arguments' canonical hash, the server's
// log_arguments, the entry hash, the inserts and the `audit.batch` outbox rows.
import type { StoragePort } from '../../db/store'
import { redactSecretFields } from '../../lib/redact'
import { storageFaultOf } from '../../lib/storage-errors'
import type { QueuedDelivery, WebhooksRepository } from '../webhooks/repository'
import { type AuditActor, actorOfPrincipal } from './actor'
import { type AuditRow, canonicalJson, sha256Hex } from './chain'
import type { LogArgumentsMode } from './model'
import type { AuditRepository, NewAuditEntry } from './repository'

/** The resource uri a subscription names to receive `audit.batch` webhooks (POST /resources/subscribe). */
const AUDIT_SUBSCRIPTION_URI = 'toolyard://audit'

/** One change as a feature or the REST hook reports it; `detail` never holds a secret value. */
export interface AuditChange {
  actor: AuditActor
  action: string
  resource: string
  resourceId?: string
  detail?: Record<string, unknown>
}

/** A tool call as the request path buffers it: plain fields, nothing serialized or hashed yet. */
interface ToolCallFields {
  principal?: string
  userId?: string
  client?: string
  serverId?: string
  name: string
  outcome: string
  durationMs: number
  error?: string
  requestId?: string
  args: unknown
}

/** A buffered entry (JSON-safe: it crosses to the writer thread as text). */
export type PendingAudit = { projectId: string; at: number } & ({ change: AuditChange } | { call: ToolCallFields })

export interface BatchPorts {
  store: StoragePort
  repo: AuditRepository
  /** The webhook outbox: `audit.batch` deliveries are written with the entries. */
  deliveries?: WebhooksRepository
}

export interface AppendOutcome {
  /** Deliveries written, for the webhook queue once committed. */
  queued: QueuedDelivery[]
  /** Entries lost (a project's batch refused), and why the first were. */
  dropped: number
  error?: string
  fault?: string
}

/** An entry as the API (and the `audit.batch` payload) shows it. */
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

/** Actor texts by principal, user and client: a batch is mostly one caller's calls, each serialized once. */
type ActorTexts = Map<string, string>

function actorText(actors: ActorTexts, principal?: string, userId?: string, client?: string): string {
  const key = `${principal ?? ''}\u0000${userId ?? ''}\u0000${client ?? ''}`
  let text = actors.get(key)
  if (text === undefined) {
    text = JSON.stringify(actorOfPrincipal(principal, userId, client))
    actors.set(key, text)
  }
  return text
}

function entryOf(p: PendingAudit, mode: LogArgumentsMode, actors: ActorTexts): NewAuditEntry {
  const id = Bun.randomUUIDv7('hex', p.at)
  const at = new Date(p.at).toISOString()
  if ('change' in p) {
    const c = p.change
    return {
      id,
      at,
      actor: JSON.stringify(c.actor),
      action: c.action,
      resource: c.resource,
      resource_id: c.resourceId ?? null,
      detail: JSON.stringify(c.detail ?? {}),
    }
  }
  const c = p.call
  // Fields set one by one in the stored order (the detail's text is hashed as it is).
  const detail: Record<string, unknown> = {}
  if (c.serverId) detail.server_id = c.serverId
  detail.tool = c.name
  detail.outcome = c.outcome
  detail.duration_ms = c.durationMs
  if (c.error) detail.error = c.error.slice(0, 500)
  if (c.requestId) detail.request_id = c.requestId
  detail.arguments_sha256 = sha256Hex(canonicalJson(c.args ?? {}))
  if (mode === 'full') detail.arguments = c.args
  else if (mode === 'redacted') detail.arguments = redactSecretFields(c.args)
  return {
    id,
    at,
    actor: actorText(actors, c.principal, c.userId, c.client),
    action: 'call',
    resource: 'tool',
    resource_id: c.name,
    detail: JSON.stringify(detail),
  }
}

/** Appends one project's entries and its `audit.batch` deliveries in one transaction (joins one open here). */
export async function appendProject(
  ports: BatchPorts,
  projectId: string,
  entries: NewAuditEntry[],
): Promise<QueuedDelivery[]> {
  return ports.store.tx(async () => {
    const rows = await ports.repo.append(projectId, entries)
    const written: QueuedDelivery[] = []
    if (!ports.deliveries) return written
    const subs = await ports.repo.subscriptionsTo(projectId, AUDIT_SUBSCRIPTION_URI)
    if (!subs.length) return written
    const timestamp = new Date().toISOString()
    const views = rows.map(entryView)
    for (const subscription_id of subs) {
      const id = Bun.randomUUIDv7()
      const payload = { event: 'audit.batch', subscription_id, entries: views, timestamp }
      await ports.deliveries.insert({
        id,
        subscription_id,
        event: 'audit.batch',
        payload: JSON.stringify(payload),
        next_attempt_at: timestamp,
        created_at: timestamp,
      })
      written.push({ id, projectId })
    }
    return written
  })
}

/** Appends a batch, project by project: a project whose append fails loses its entries alone. */
export async function appendBatch(ports: BatchPorts, batch: PendingAudit[]): Promise<AppendOutcome> {
  const byProject = new Map<string, PendingAudit[]>()
  for (const p of batch) {
    const list = byProject.get(p.projectId)
    if (list) list.push(p)
    else byProject.set(p.projectId, [p])
  }
  const modes = new Map<string, LogArgumentsMode>()
  /** A server's mode, read once per batch; a promise only for its first entry (no turn of the loop per entry). */
  const modeOf = (serverId: string | undefined): LogArgumentsMode | Promise<LogArgumentsMode> => {
    if (!serverId) return 'none'
    return (
      modes.get(serverId) ??
      ports.repo
        .logArgumentsOf(serverId)
        .catch(() => 'none' as const)
        .then((m) => {
          modes.set(serverId, m)
          return m
        })
    )
  }
  const out: AppendOutcome = { queued: [], dropped: 0 }
  const actors: ActorTexts = new Map()
  for (const [projectId, pending] of byProject) {
    try {
      const entries: NewAuditEntry[] = []
      for (const p of pending) {
        let mode = 'call' in p ? modeOf(p.call.serverId) : 'none'
        if (mode instanceof Promise) mode = await mode
        entries.push(entryOf(p, mode, actors))
      }
      out.queued.push(...(await appendProject(ports, projectId, entries)))
    } catch (error) {
      out.dropped += pending.length
      out.error ??= String(error)
      out.fault ??= storageFaultOf(error)?.code
    }
  }
  return out
}
