// `toolyard migrate --database-url`: only the PostgreSQL migrations, under their advisory lock, without the master key
// check the other commands make (src/cli/database.ts); apart so a SQLite command never loads the PostgreSQL client.
import { SQL } from 'bun'
import { redactedDatabaseUrl } from '../config'
import { migratePostgres } from '../db/postgres/migrate'
import { UsageError } from './args'

/** Applies the PostgreSQL migrations; returns the line to print. A failure names the server, never its password. */
export async function migratePostgresCommand(databaseUrl: string): Promise<string> {
  const url = new URL(databaseUrl)
  const shown = redactedDatabaseUrl(url)
  const sql = new SQL(databaseUrl, { max: 1, connectionTimeout: 10 })
  try {
    const { from, to } = await migratePostgres(sql)
    return from === to
      ? `PostgreSQL database ${shown} is up to date (version ${to})`
      : `migrated PostgreSQL database ${shown} from version ${from} to ${to}`
  } catch (e) {
    const password = decodeURIComponent(url.password)
    const message = (e as Error).message
    throw new UsageError(
      `cannot migrate PostgreSQL database ${shown}: ${password ? message.replaceAll(password, '***') : message}`,
    )
  } finally {
    await sql.close()
  }
}
