// How the one-shot commands reach the database a server uses: the data dir's SQLite file, or PostgreSQL with
// TOOLYARD_DATABASE_URL, opened by src/storage.ts `openStorage` exactly as serve opens it (migrations under the advisory
// lock, the master key checked against the sealed data). On SQLite a command that only reads (or changes what must
// already be there) never creates the file: in a directory without one it says so instead of leaving an empty
// ./data/toolyard.sqlite behind (docs/decisions/0019-dashboard-sign-in-request-bodies-and-key-commands.md).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config'
import { MASTER_FILE } from '../crypto/master-key'
import { DB_FILE, ensureDataDir } from '../db/data-dir'
import type { Storage } from '../storage'
import { UsageError } from './args'

/** Throws (exit 2) when the data dir holds no SQLite database, before anything is created. */
function requireDatabase(config: Pick<Config, 'dataDir'>): void {
  if (!existsSync(join(config.dataDir, DB_FILE)))
    throw new UsageError(
      `no database in ${config.dataDir} (nothing to read): pass --data-dir or set TOOLYARD_DATA_DIR to the server's ` +
        'data dir, or create one with serve, apply, projects create or keys create',
    )
}

/**
 * The storage a command works on (close it when done). `create: false` for commands that only read or change existing
 * rows: on SQLite a missing database is an error then; on PostgreSQL the database is the operator's, so it is migrated
 * as serve would.
 */
export async function openCommandStorage(config: Config, { create }: { create: boolean }): Promise<Storage> {
  if (!config.databaseUrl) {
    if (!create) requireDatabase(config)
    ensureDataDir(config.dataDir)
  } else if (config.masterKey === undefined && !existsSync(join(config.dataDir, MASTER_FILE))) {
    // serve makes a master key on its first start; a one-shot command must not: on a fresh database it would seal the
    // check row with a key no instance has, and every instance would then refuse to start.
    throw new UsageError(
      `on PostgreSQL this command needs the master key the instances use: set TOOLYARD_MASTER_KEY (or pass --data-dir ` +
        `to a data dir holding ${MASTER_FILE}); none is in ${config.dataDir}, and it does not make one`,
    )
  }
  // Loaded here: `--help`, `migrate` and `backup` start without every repository; a SQLite command never loads the
  // PostgreSQL client (src/storage.ts imports it only for a URL).
  const { openStorage } = await import('../storage')
  return openStorage(config)
}
