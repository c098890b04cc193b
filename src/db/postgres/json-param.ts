// A batch of rows bound as one parameter: the rows as a JSON array of arrays (one value per column, in order), which
// the server unpacks with `jsonb_array_elements` (jsonRowsSelect). A batch is then one statement whose text never
// changes however many rows it has, so each connection prepares it once, and the client binds one string instead of
// one parameter per value (docs/decisions/0410-postgres-writers-one-statement-a-batch.md). Arrays, not objects: the
// server picks a value out of a jsonb array by its position, which cost it as little as binding each value did, where
// `json_to_recordset` cost it half as much again.
// PostgreSQL's text cannot hold U+0000, and its JSON functions refuse the `\u0000` escape when they make text of it:
// as every string bound one by one (src/db/postgres/sql.ts), a NUL in any string becomes U+FFFD
// (docs/decisions/0121-nul-in-postgresql-text.md).

const withoutNul = (_key: string, value: unknown) =>
  typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value

/** The `$rows` parameter of jsonRowsSelect: each row's `columns` in order, a missing value as null. */
export function jsonRows<R>(rows: readonly R[], columns: readonly (keyof R & string)[]): string {
  const tuples = rows.map((row) => columns.map((c) => row[c] ?? null))
  const text = JSON.stringify(tuples)
  // Only a string holding NUL is written with this escape (a literal backslash is escaped itself): the rare batch that
  // has one is written again with those strings mended; the others cost nothing more.
  return text.includes('\\u0000') ? JSON.stringify(tuples, withoutNul) : text
}

/**
 * `SELECT <each column by position> FROM <the rows of $rows>`: text, or cast as `casts` names (`{ seq: 'bigint' }`);
 * each column keeps its name, for a CTE or an `INSERT … SELECT` to use.
 */
export function jsonRowsSelect(columns: readonly string[], casts: Record<string, string> = {}): string {
  const values = columns.map((c, i) => (casts[c] ? `(e->>${i})::${casts[c]} AS ${c}` : `e->>${i} AS ${c}`))
  return `SELECT ${values.join(', ')} FROM jsonb_array_elements($rows::text::jsonb) AS e`
}
