// The audit trail's hash chain (docs/decisions/0350-audit-log.md): each entry's hash covers its own stored columns and
// the hash of the entry before it, so removing or altering any entry breaks the chain at that entry. Pure functions:
// the repository stores what `link` gives, `verifyChain` walks what it reads back.

/** An entry as stored: actor and detail are JSON text, hashed exactly as stored. */
export interface AuditRow {
  project_id: string
  seq: number
  id: string
  at: string
  actor: string
  action: string
  resource: string
  resource_id: string | null
  detail: string
  prev_hash: string
  hash: string
}

/** The chain's head and the checkpoint pruning left (the last pruned entry's sequence number and hash; 0 and ''). */
export interface ChainHead {
  seq: number
  hash: string
  pruned_seq: number
  pruned_hash: string
}

/**
 * SHA-256 as hex: Bun's one-shot hash, about half the cost of a CryptoHasher made, fed and digested per entry (two per
 * tool call on the writer thread) and several times cheaper than node:crypto's createHash.
 */
export const sha256Hex = (text: string): string => Bun.SHA256.hash(text, 'hex')

/** The hash of an entry: every stored column but the hash itself, in a fixed order. */
export function entryHash(row: Omit<AuditRow, 'hash'>): string {
  return sha256Hex(
    JSON.stringify([
      row.project_id,
      row.seq,
      row.id,
      row.at,
      row.actor,
      row.action,
      row.resource,
      row.resource_id,
      row.detail,
      row.prev_hash,
    ]),
  )
}

/** The JSON text of a value with object keys sorted at every depth: the same arguments always hash the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null'
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(value).sort()) out[k] = sortKeys((value as Record<string, unknown>)[k])
    return out
  }
  return value
}

export type VerifyResult =
  | { ok: true; entries: number; last_seq: number; checkpoint_seq: number }
  | {
      ok: false
      entries: number
      checkpoint_seq: number
      /** The first entry that is missing or does not match the chain: its sequence number, and its id when it is there. */
      first_bad: { seq: number; id?: string; problem: 'missing' | 'altered' }
    }

/**
 * Walks a project's entries in sequence order from the checkpoint and says whether the chain holds, or names the first
 * entry removed or altered. `rows` is read page by page by the caller (an async iterable of batches).
 */
export async function verifyChain(head: ChainHead, batches: AsyncIterable<AuditRow[]>): Promise<VerifyResult> {
  let expected = head.pruned_seq + 1
  let prev = head.pruned_hash
  let entries = 0
  const bad = (seq: number, problem: 'missing' | 'altered', id?: string): VerifyResult => ({
    ok: false,
    entries,
    checkpoint_seq: head.pruned_seq,
    first_bad: { seq, ...(id ? { id } : {}), problem },
  })
  for await (const rows of batches) {
    for (const row of rows) {
      const seq = Number(row.seq)
      if (seq !== expected) return bad(expected, 'missing')
      if (row.prev_hash !== prev) {
        // The link back is wrong: this entry was altered, or the one before it was removed and the rest renumbered.
        return bad(seq, 'altered', row.id)
      }
      if (entryHash({ ...row, seq }) !== row.hash) return bad(seq, 'altered', row.id)
      prev = row.hash
      expected++
      entries++
    }
  }
  // The last entries removed: the head still names the chain's real end.
  if (expected - 1 < head.seq) return bad(expected, 'missing')
  if (expected - 1 > head.seq || prev !== head.hash) return bad(expected - 1, 'altered')
  return { ok: true, entries, last_seq: head.seq, checkpoint_seq: head.pruned_seq }
}
