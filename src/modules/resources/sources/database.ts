// `database` resources: one SELECT against a SQLite file of the project, opened read-only, rows returned as JSON.
import { Database } from 'bun:sqlite'
import { badRequest } from '../../../lib/errors'
import type { ResourceContents } from '../../../mcp/backend'
import { resolveProjectFile } from './safe-path'
import { selectProblem } from './select-guard'

export function readDatabase(
  dataDir: string,
  projectId: string,
  source: { database: string; query: string; mimeType: string },
  uri: string,
  params: Record<string, string>,
): ResourceContents[] {
  // Checked again at read time: the guard may have grown stricter since the resource was registered.
  const problem = selectProblem(source.query)
  if (problem) throw badRequest(problem, [{ field: 'query', message: problem }])
  const file = resolveProjectFile(dataDir, projectId, source.database, 'database')
  let db: Database | undefined
  try {
    // safeIntegers: every INTEGER comes back as a bigint, so none above 2^53 is rounded on the way out.
    db = new Database(file, { readonly: true, strict: true, safeIntegers: true })
    const rows = db.query(source.query).all(params as Record<string, string>) as Record<string, unknown>[]
    return [{ uri, mimeType: source.mimeType, text: JSON.stringify(rows.map(plainRow)) }]
  } catch (error) {
    throw badRequest(`database query failed: ${(error as Error).message}`)
  } finally {
    db?.close()
  }
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)

/**
 * BLOB columns become base64 strings; integers a JSON number holds exactly stay numbers, larger ones (beyond ±2^53 − 1)
 * become exact decimal strings, since most JSON readers would round such a number (docs/decisions/0017-data-dir-lock-backups-restore-and-docs.md).
 */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(row)) {
    out[k] =
      v instanceof Uint8Array
        ? Buffer.from(v).toString('base64')
        : typeof v === 'bigint'
          ? v > MAX_SAFE || v < -MAX_SAFE
            ? v.toString()
            : Number(v)
          : v
  }
  return out
}
