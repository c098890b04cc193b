// SQL for the audit trail, written once for both engines (src/db/queries.ts). Appends lock the project's chain head
// (on PostgreSQL `SELECT … FOR UPDATE`; SQLite's transactions are serialized already), so every instance appends to
// one chain per project.
import { jsonRows, jsonRowsSelect } from '../../db/postgres/json-param'
import type { SqlStore } from '../../db/queries'
import { isSqliteStore } from '../../db/store'
import { type AuditRow, type ChainHead, entryHash } from './chain'
import type { LogArgumentsMode } from './model'

/** An entry before it joins the chain: its sequence number and hashes are given by `append`. */
export type NewAuditEntry = Omit<AuditRow, 'project_id' | 'seq' | 'prev_hash' | 'hash'>

export interface AuditRepository {
  /** Appends `entries` to the project's chain in order; call inside a transaction. Resolves to the stored rows. */
  append(projectId: string, entries: NewAuditEntry[]): Promise<AuditRow[]>
  /** Entries after `afterSeq`, at or after `since` (ISO), in sequence order. */
  list(projectId: string, opts: { afterSeq: number; since?: string; limit: number }): Promise<AuditRow[]>
  head(projectId: string): Promise<ChainHead>
  /** Deletes the project's entries older than `before` (ISO), keeping the last one's hash as the checkpoint. */
  prune(projectId: string, before: string): Promise<number>
  /** Projects with entries older than `before`. */
  projectsWithEntriesBefore(before: string): Promise<string[]>
  /** A server's `log_arguments` setting ('none' for a server gone). */
  logArgumentsOf(serverId: string): Promise<LogArgumentsMode>
  /** Active subscriptions of the project to `uri` (resource subscriptions only). */
  subscriptionsTo(projectId: string, uri: string): Promise<string[]>
}

const COLUMNS = [
  'project_id',
  'seq',
  'id',
  'at',
  'actor',
  'action',
  'resource',
  'resource_id',
  'detail',
  'prev_hash',
  'hash',
] as const
const INSERT_CHUNK = 64

/**
 * PostgreSQL's insert of a whole batch: one statement with one parameter, the rows as JSON the server unpacks
 * (src/db/postgres/json-param.ts). Its text never changes (prepared once per connection), and the writer thread binds
 * one string instead of eleven parameters an entry.
 */
const POSTGRES_INSERT = `INSERT INTO audit_entries (${COLUMNS.join(', ')}) ${jsonRowsSelect(COLUMNS, { seq: 'bigint' })}`

/**
 * SQLite's multi-row insert with positional parameters: the 704-key object of named ones, built and bound per
 * statement, was about a tenth of the writer thread's time for a batch (PostgreSQL's adapter takes only named ones).
 */
const positionalSqls = new Map<number, string>()
const positionalSql = (n: number) => {
  let sql = positionalSqls.get(n)
  if (!sql) {
    const row = `(${COLUMNS.map(() => '?').join(', ')})`
    sql = `INSERT INTO audit_entries (${COLUMNS.join(', ')}) VALUES ${Array(n).fill(row).join(', ')}`
    positionalSqls.set(n, sql)
  }
  return sql
}

const EMPTY: ChainHead = { seq: 0, hash: '', pruned_seq: 0, pruned_hash: '' }
const num = (h: ChainHead): ChainHead => ({ ...h, seq: Number(h.seq), pruned_seq: Number(h.pruned_seq) })

export function auditRepository(store: SqlStore): AuditRepository {
  const forUpdate = store.dialect === 'postgres' ? ' FOR UPDATE' : ''
  const lockHead = async (projectId: string): Promise<ChainHead> => {
    const q = store.q()
    await q.run(
      `INSERT INTO audit_heads (project_id, seq, hash, pruned_seq, pruned_hash) VALUES ($project_id, 0, '', 0, '')
       ON CONFLICT (project_id) DO NOTHING`,
      { project_id: projectId },
    )
    const head = await q.get<ChainHead>(
      `SELECT seq, hash, pruned_seq, pruned_hash FROM audit_heads WHERE project_id = $project_id${forUpdate}`,
      { project_id: projectId },
    )
    return num(head ?? EMPTY)
  }
  return {
    async append(projectId, entries) {
      const head = await lockHead(projectId)
      const q = store.q()
      const rows: AuditRow[] = []
      let seq = head.seq
      let prev = head.hash
      for (const e of entries) {
        seq++
        const row: AuditRow = {
          project_id: projectId,
          seq,
          id: e.id,
          at: e.at,
          actor: e.actor,
          action: e.action,
          resource: e.resource,
          resource_id: e.resource_id,
          detail: e.detail,
          prev_hash: prev,
          hash: '',
        }
        row.hash = entryHash(row)
        rows.push(row)
        prev = row.hash
      }
      // Several rows a statement: one statement per entry would cost a batch most of its time.
      if (store.dialect === 'postgres') await q.run(POSTGRES_INSERT, { rows: jsonRows(rows, COLUMNS) })
      else if (isSqliteStore(store)) {
        const { db } = store
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
          const end = Math.min(i + INSERT_CHUNK, rows.length)
          const values: unknown[] = []
          for (let j = i; j < end; j++) {
            const row = rows[j]!
            for (let c = 0; c < COLUMNS.length; c++) values.push(row[COLUMNS[c]!])
          }
          await store.run(() => db.query(positionalSql(end - i)).run(...(values as never[])))
        }
      }
      await q.run('UPDATE audit_heads SET seq = $seq, hash = $hash WHERE project_id = $project_id', {
        project_id: projectId,
        seq,
        hash: prev,
      })
      return rows
    },
    async list(projectId, { afterSeq, since, limit }) {
      const rows = await store.q().all<AuditRow>(
        `SELECT * FROM audit_entries WHERE project_id = $project_id AND seq > $after AND at >= $since
         ORDER BY seq LIMIT $limit`,
        { project_id: projectId, after: afterSeq, since: since ?? '', limit },
      )
      for (const r of rows) r.seq = Number(r.seq)
      return rows
    },
    async head(projectId) {
      const head = await store
        .q()
        .get<ChainHead>('SELECT seq, hash, pruned_seq, pruned_hash FROM audit_heads WHERE project_id = $project_id', {
          project_id: projectId,
        })
      return num(head ?? EMPTY)
    },
    async prune(projectId, before) {
      await lockHead(projectId)
      const q = store.q()
      const last = await q.get<{ seq: number; hash: string }>(
        `SELECT seq, hash FROM audit_entries WHERE project_id = $project_id AND at < $before ORDER BY seq DESC LIMIT 1`,
        { project_id: projectId, before },
      )
      if (!last) return 0
      const { changes } = await q.run('DELETE FROM audit_entries WHERE project_id = $project_id AND seq <= $seq', {
        project_id: projectId,
        seq: Number(last.seq),
      })
      await q.run(
        'UPDATE audit_heads SET pruned_seq = $seq, pruned_hash = $hash WHERE project_id = $project_id AND pruned_seq < $seq',
        { project_id: projectId, seq: Number(last.seq), hash: last.hash },
      )
      return changes
    },
    async projectsWithEntriesBefore(before) {
      const rows = await store
        .q()
        .all<{ project_id: string }>('SELECT DISTINCT project_id FROM audit_entries WHERE at < $before', { before })
      return rows.map((r) => r.project_id)
    },
    async logArgumentsOf(serverId) {
      const row = await store
        .q()
        .get<{ log_arguments: LogArgumentsMode }>('SELECT log_arguments FROM servers WHERE id = $id', { id: serverId })
      return row?.log_arguments ?? 'none'
    },
    async subscriptionsTo(projectId, uri) {
      const rows = await store.q().all<{ id: string }>(
        `SELECT id FROM subscriptions WHERE project_id = $project_id AND status = 'active' AND kind = 'resource'
           AND uri = $uri ORDER BY id`,
        { project_id: projectId, uri },
      )
      return rows.map((r) => r.id)
    },
  }
}
