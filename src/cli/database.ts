// How the one-shot commands reach the data dir's SQLite file. A command that only reads (or changes what must
// already be there) never creates it: in a directory without one it says so instead of leaving an empty
// ./data/toolyard.sqlite behind (docs/decisions.md, "Dashboard sign-in, request bodies and key commands").
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config'
import { DB_FILE } from '../db/data-dir'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open'
import { createStore } from '../db/store'
import { buildProjects } from '../modules/projects/build'
import { projectsRepository } from '../modules/projects/repository'
import { UsageError } from './args'

/** Throws (exit 2) when the data dir holds no database, before anything is created. */
export function requireDatabase(config: Pick<Config, 'dataDir'>): void {
  if (!existsSync(join(config.dataDir, DB_FILE)))
    throw new UsageError(
      `no database in ${config.dataDir} (nothing to read): pass --data-dir or set TOOLYARD_DATA_DIR to the server's ` +
        'data dir, or create one with serve, apply, projects create or keys create',
    )
}

/**
 * Opens the same SQLite file a running server uses (WAL makes concurrent use safe). `create: false` for commands that
 * only read or change existing rows: a missing database is an error then.
 */
export function openProjects(config: Pick<Config, 'dataDir'>, { create }: { create: boolean }) {
  if (!create) requireDatabase(config)
  const db = openDatabase(join(config.dataDir, DB_FILE))
  migrate(db)
  const store = createStore(db)
  return { db, store, projects: buildProjects({ repo: projectsRepository(store) }) }
}
