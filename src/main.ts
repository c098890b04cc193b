#!/usr/bin/env bun
// CLI entry: serve | health | projects | keys | apply | export | backup | restore | migrate | --version | --help. Parses argv
// and calls services, nothing else.
import { join } from 'node:path'
import { noMoreFlags, takeFlag, takeSwitch, UsageError } from './cli/args'
import { recordCliChange } from './cli/audit'
import { openCommandStorage } from './cli/database'
import { keysCommand } from './cli/keys'
import { COMMAND_USAGE, OVERVIEW } from './cli/usage'
import { ConfigError, flagsToEnv, loadConfig } from './config'
import { BackupError, backupDatabase, restoreDatabase } from './db/backup'
import { DataDirBusyError, lockDataDir } from './db/data-dir'
import { migrate, SchemaTooNewError } from './db/migrate'
import { openDatabase } from './db/open'
import { AppError } from './lib/errors'
import { writeLine } from './lib/log'
import { FileError } from './modules/project-file/file-error'
import { buildProjects } from './modules/projects/build'
import { VERSION } from './version'

/**
 * Config for the non-serve commands: the environment plus an optional --data-dir and --database-url. With a URL every
 * command works on that PostgreSQL database as serve does (docs/decisions/0044-postgresql-in-the-cli.md), except the
 * file-level backup and restore.
 */
function commandConfig(args: string[]) {
  const dataDir = takeFlag(args, '--data-dir')
  const databaseUrl = takeFlag(args, '--database-url')
  return loadConfig({
    ...process.env,
    ...(dataDir ? { TOOLYARD_DATA_DIR: dataDir } : {}),
    ...(databaseUrl ? { TOOLYARD_DATABASE_URL: databaseUrl } : {}),
  })
}

async function serve(args: string[]) {
  // TOOLYARD_DATABASE_URL / --database-url: PostgreSQL (src/storage.ts); else the SQLite file in the data dir.
  const config = loadConfig(flagsToEnv(args, process.env))
  // One server per data dir: two would each keep their own in-memory state (sessions, limits, queues) over one file.
  const unlock = lockDataDir(config.dataDir)
  // Loaded here only: the other commands start faster without the whole service.
  const { firstStartBanner, startServer } = await import('./server')
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer(config)
  } catch (err) {
    unlock()
    if ((err as { code?: string }).code === 'EADDRINUSE')
      throw new UsageError(`port ${config.port} is already in use on ${config.host} (set TOOLYARD_PORT or --port)`)
    throw err
  }
  const running = server
  let stopping = false
  const shutdown = async (signal: string) => {
    // A second signal while draining means "now": exit without waiting for in-flight requests.
    if (stopping) process.exit(1)
    stopping = true
    running.deps.log.info('shutting down', { signal })
    // The drain is bounded by TOOLYARD_SHUTDOWN_GRACE_S; what comes after it (jobs, the call log, the database) gets a
    // few seconds more, and then the process ends anyway: a stop never hangs.
    setTimeout(
      () => {
        running.deps.log.error('shutdown did not finish after the grace period, exiting', { signal })
        process.exit(1)
      },
      (config.shutdownGraceS + 5) * 1000,
    ).unref()
    await running.stop()
    unlock()
    running.deps.log.info('stopped', { signal })
    process.exit(0)
  }
  // The handlers are in place (one turn later) before the listening line tells anyone the server is up: a SIGTERM
  // sent right after it must still stop gracefully.
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
  await new Promise((resolve) => setImmediate(resolve))
  const banner = await firstStartBanner(server.deps)
  if (banner) writeLine(banner)
  writeLine(`Dashboard: ${server.deps.urls.get()}/mcp/ui (sign in with an admin API key)`)
  writeLine(`Toolyard ${VERSION} listening on ${server.deps.urls.get()}/mcp (port ${server.port})`)
}

async function projectsCommand(args: string[]) {
  const json = takeSwitch(args, '--json')
  const config = commandConfig(args)
  noMoreFlags(args)
  const [sub, name] = args
  if (sub !== 'create' && sub !== 'list') throw new UsageError('usage: toolyard projects create NAME | projects list')
  if (sub === 'create' && !name) throw new UsageError('projects create needs a NAME')
  // Only create may make the SQLite database: list in an empty directory says there is none.
  const storage = await openCommandStorage(config, { create: sub === 'create' })
  const projects = buildProjects({ repo: storage.repositories.projects })
  try {
    if (sub === 'create') {
      const p = await projects.createProject(name!)
      await recordCliChange(storage, p.id, {
        action: 'create',
        resource: 'projects',
        resourceId: p.id,
        detail: { name: p.name },
      })
      console.log(json ? JSON.stringify(p) : `created project ${p.name} (${p.id})`)
    } else {
      const all = await projects.listProjects()
      if (json) console.log(JSON.stringify(all))
      else for (const p of all) console.log(`${p.id}  ${p.name}  ${p.created_at}`)
    }
  } finally {
    await storage.close()
  }
}

/** backup FILE / restore FILE: one positional argument. */
function dataFileCommand(command: 'backup' | 'restore', args: string[]) {
  const config = commandConfig(args)
  noMoreFlags(args)
  // These copy the SQLite file; a PostgreSQL database has its own tools (which keep it consistent while serving).
  if (config.databaseUrl)
    throw new UsageError(
      `toolyard ${command} copies the SQLite file in the data dir; on PostgreSQL (TOOLYARD_DATABASE_URL / --database-url) ` +
        `${command === 'backup' ? 'back up with pg_dump (e.g. pg_dump -Fc -f toolyard.dump DATABASE)' : 'restore with pg_restore (e.g. pg_restore -d DATABASE toolyard.dump)'}. ` +
        'The master key is not in the database: keep TOOLYARD_MASTER_KEY safe separately.',
    )
  const [file, extra] = args
  if (!file || extra !== undefined) throw new UsageError(COMMAND_USAGE[command]!)
  if (command === 'backup') {
    const { bytes } = backupDatabase(config.dataDir, file)
    console.log(`backed up ${join(config.dataDir, 'toolyard.sqlite')} to ${file} (${bytes} bytes)`)
    console.log(
      'The master key is not in the backup: keep DATA_DIR/master.key (or TOOLYARD_MASTER_KEY) safe separately; without it the stored secrets cannot be opened.',
    )
  } else {
    const { version } = restoreDatabase(config.dataDir, file)
    console.log(`restored ${file} into ${config.dataDir} (schema version ${version}); start serve to use it`)
    console.log('Secrets in it open only with the master key that was in use when the backup was taken.')
  }
}

async function main(argv: string[]) {
  const [command, ...args] = argv
  if (command === undefined) throw new UsageError(OVERVIEW)
  if (args.includes('--help') || args.includes('-h')) {
    console.log(COMMAND_USAGE[command] ?? OVERVIEW)
    return
  }
  switch (command) {
    case '--help':
    case '-h':
    case 'help':
      console.log(OVERVIEW)
      return
    case '--version':
    case '-v':
    case 'version':
      console.log(VERSION)
      return
    case 'serve':
      return serve(args)
    case 'health': {
      const url = takeFlag(args, '--url')
      noMoreFlags(args)
      if (args.length) throw new UsageError(COMMAND_USAGE.health!)
      const { checkHealth, healthUrl } = await import('./cli/health')
      const { healthy, line } = await checkHealth(healthUrl(url, process.env))
      ;(healthy ? console.log : console.error)(line)
      if (!healthy) process.exitCode = 1
      return
    }
    case 'projects':
      return await projectsCommand(args)
    case 'keys':
      return await keysCommand(args, commandConfig)
    case 'audit': {
      const { auditCommand } = await import('./cli/audit')
      return await auditCommand(args, commandConfig)
    }
    case 'apply': {
      const json = takeSwitch(args, '--json')
      const options = {
        file: takeFlag(args, '-f') ?? takeFlag(args, '--file'),
        project: takeFlag(args, '--project'),
        dryRun: takeSwitch(args, '--dry-run'),
        prune: takeSwitch(args, '--prune'),
        confirm: takeSwitch(args, '--confirm'),
        json,
      }
      const config = commandConfig(args)
      noMoreFlags(args)
      if (!options.file) throw new UsageError('apply needs -f FILE')
      // Loaded by the commands that use them: every other command starts without the project file's schemas, the
      // OpenAPI parser and the MCP client they bring.
      const { applyCommand } = await import('./cli/project-file')
      await applyCommand(config, { ...options, file: options.file }, (line) => console.log(line))
      return
    }
    case 'export': {
      const project = takeFlag(args, '--project')
      const output = takeFlag(args, '-o') ?? takeFlag(args, '--output')
      const config = commandConfig(args)
      noMoreFlags(args)
      if (!project) throw new UsageError('export needs --project NAME')
      const { exportCommand } = await import('./cli/project-file')
      const text = await exportCommand(config, project, output)
      if (text !== undefined) process.stdout.write(text)
      else console.log(`wrote project ${project} to ${output}`)
      return
    }
    case 'backup':
    case 'restore':
      return dataFileCommand(command, args)
    case 'migrate': {
      const config = commandConfig(args)
      noMoreFlags(args)
      if (config.databaseUrl) {
        const { migratePostgresCommand } = await import('./cli/postgres')
        console.log(await migratePostgresCommand(config.databaseUrl))
        return
      }
      const db = openDatabase(join(config.dataDir, 'toolyard.sqlite'))
      const { from, to } = migrate(db)
      db.close()
      console.log(
        from === to ? `database is up to date (version ${to})` : `migrated database from version ${from} to ${to}`,
      )
      return
    }
    default:
      throw new UsageError(`unknown command "${command}"\n\n${OVERVIEW}`)
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (
    err instanceof ConfigError ||
    err instanceof UsageError ||
    err instanceof AppError ||
    err instanceof FileError ||
    err instanceof DataDirBusyError ||
    err instanceof SchemaTooNewError ||
    err instanceof BackupError
  ) {
    console.error(`toolyard: ${err.message}`)
    process.exit(2)
  }
  console.error('toolyard: unexpected error', err)
  process.exit(1)
})
