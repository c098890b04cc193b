// Every row of every table of a test app's database as one text, so a test can promise that a secret is nowhere in
// clear text on either backend (the SQLite-only tests also scan the file's bytes, free pages and WAL included).
import type { TestApp } from './app'

/** The app's tables: SQLite's catalog, else PostgreSQL's (the one that answers tells which backend runs). */
async function tableNames(app: TestApp): Promise<string[]> {
  let rows: Record<string, unknown>[]
  try {
    rows = await app.sql("SELECT name FROM sqlite_master WHERE type = 'table'")
  } catch {
    rows = await app.sql(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    )
  }
  return rows.map((r) => String(r.name))
}

const cellText = (v: unknown): string =>
  v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : typeof v === 'object' ? JSON.stringify(v) : String(v)

export async function allRowsText(app: TestApp): Promise<string> {
  const names = await tableNames(app)
  if (names.length === 0) throw new Error('no tables found')
  const parts: string[] = []
  for (const name of names)
    for (const row of await app.sql(`SELECT * FROM "${name}"`)) parts.push(Object.values(row).map(cellText).join('\t'))
  return parts.join('\n')
}
