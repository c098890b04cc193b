// Accepts only one read-only SELECT (or WITH … SELECT) statement; the read-only connection is the second wall.
const FORBIDDEN =
  /\b(insert|update|delete|replace|upsert|drop|create|alter|attach|detach|pragma|vacuum|reindex|analyze|begin|commit|rollback|savepoint|release|load_extension)\b/i

/** Masks string literals, quoted identifiers and comments so keywords inside them are not mistaken for SQL. */
function mask(sql: string): string {
  // One left-to-right pass, so a quote inside a comment (or `--` inside a string) is read correctly.
  return sql.replace(/--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|`[^`]*`|\[[^\]]*\]/g, (m) => {
    if (m.startsWith('--') || m.startsWith('/*')) return ' '
    return m[0] === '[' ? '[]' : m[0]! + m[0]!
  })
}

/** A message explaining why the query is refused, or undefined when it is one SELECT. */
export function selectProblem(sql: string): string | undefined {
  const masked = mask(sql).trim().replace(/;\s*$/, '')
  if (/\/\*|'|"/.test(masked.replace(/''|""/g, ''))) return 'query has an unterminated string or comment'
  if (masked.includes(';')) return 'query must be a single statement'
  if (!/^(select|with)\b/i.test(masked)) return 'query must be a single SELECT (or WITH … SELECT) statement'
  const bad = FORBIDDEN.exec(masked)
  if (bad) return `query must only read: ${bad[1]!.toUpperCase()} is not allowed`
  return undefined
}
