// The composition root: builds every service from the config with real parts. Tests call it with a temp data dir.
import { join } from 'node:path'
import type { Config } from './config'
import { migrate } from './db/migrate'
import { openDatabase, type Db } from './db/open'
import { createRateLimiter } from './http/rate-limit'
import { createLogger, type Logger } from './lib/log'
import { projectsRepository } from './modules/projects/repository'
import { projectsService } from './modules/projects/service'
import { serversRepository } from './modules/servers/repository'
import { serversService, type ServerToolsPort } from './modules/servers/service'

export const VERSION: string = process.env.TOOLYARD_BUILD_VERSION ?? '0.1.0'

export interface DepsOverrides {
  log?: Logger
}

export function buildDeps(config: Config, overrides: DepsOverrides = {}) {
  const log = overrides.log ?? createLogger(config.logLevel)
  const db: Db = openDatabase(join(config.dataDir, 'toolyard.sqlite'))
  migrate(db)

  // The public URL is known only after listening when the port is 0 and no TOOLYARD_PUBLIC_URL is set.
  let publicUrl = config.publicUrl
  const urls = {
    get: () => publicUrl,
    set: (url: string) => {
      publicUrl = url.replace(/\/+$/, '')
    },
  }

  const limiter = createRateLimiter(config.rateLimits)
  const projects = projectsService(projectsRepository(db))

  // Placeholder until the toolkits feature provides attachments (issue 3 replaces this).
  const serverTools: ServerToolsPort = {
    attachToolkits: () => {},
    describe: () => ({ toolkits: [], tools: [] }),
  }
  const servers = serversService(db, serversRepository(db), urls.get, serverTools)

  return {
    config,
    log,
    db,
    urls,
    limiter,
    projects,
    servers,
    close() {
      db.close()
    },
  }
}
export type Deps = ReturnType<typeof buildDeps>
