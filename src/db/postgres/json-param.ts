// Rows bound as one JSON parameter (`$rows::text::json`, unpacked by the server): a batch is one statement whose text
// never changes, however many rows it has. PostgreSQL's text cannot hold U+0000, and its JSON functions refuse the
// `\u0000` escape when they make text of it: as every string bound one by one (src/db/postgres/sql.ts), a NUL in any
// string becomes U+FFFD (docs/decisions/0121-nul-in-postgresql-text.md).

const withoutNul = (_key: string, value: unknown) =>
  typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '\uFFFD') : value

/** `value` as JSON text a PostgreSQL JSON function turns back into text columns without refusing a NUL. */
export function jsonParam(value: unknown): string {
  const text = JSON.stringify(value)
  // Only a string holding NUL is written with this escape (a literal backslash is escaped itself): the rare batch that
  // has one is written again with those strings mended, the others cost nothing more.
  return text.includes('\\u0000') ? JSON.stringify(value, withoutNul) : text
}
