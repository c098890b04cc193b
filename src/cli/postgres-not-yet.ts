// Why a command (projects, keys, apply, export, backup, restore) refuses TOOLYARD_DATABASE_URL while PostgreSQL mode
// is being built (docs/decisions.md, "PostgreSQL groundwork", "PostgreSQL in serve"); apart from ./postgres.ts so
// every command can say it without loading the PostgreSQL client.
import { UsageError } from './args'

/** Why a command that cannot use PostgreSQL yet stops, instead of running against the SQLite file. */
export function postgresNotYet(command: string | undefined): UsageError {
  const what = command ? `toolyard ${command}` : 'this command'
  const instead =
    command === 'backup' || command === 'restore'
      ? ' On PostgreSQL, back up and restore with pg_dump and pg_restore.'
      : ' Unset TOOLYARD_DATABASE_URL to use the SQLite file in the data dir.'
  return new UsageError(
    `PostgreSQL mode (TOOLYARD_DATABASE_URL / --database-url) is not yet available in this build: ${what} works on SQLite only so far; of the commands only \`toolyard serve\` and \`toolyard migrate\` run on PostgreSQL (docs/scale-out.md).${instead}`,
  )
}
