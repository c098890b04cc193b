#!/usr/bin/env bun
// CLI entry: serve | projects | keys | migrate | --version | --help. Parses argv and calls services, nothing else.
import { join } from 'node:path'
import { ConfigError, flagsToEnv, loadConfig } from './config'
import { rotateMasterKey } from './crypto/seal-rotate'
import { migrate } from './db/migrate'
import { openDatabase } from './db/open'
import { VERSION } from './deps'
import { AppError } from './http/errors'
import { projectsRepository } from './modules/projects/repository'
import { parseDuration, projectsService } from './modules/projects/service'
import { serversRepository } from './modules/servers/repository'

const HELP = `toolyard ${VERSION} — hosted MCP tool servers in one binary

Usage:
  toolyard serve [--host H] [--port P] [--data-dir D] [--public-url U] [--log-level L]
  toolyard projects create NAME [--json]
  toolyard projects list [--json]
  toolyard keys create --project NAME [--role admin|mcp] [--server SLUG]... [--name LABEL] [--expires-in 30d] [--json]
  toolyard keys list --project NAME [--json]
  toolyard keys revoke KEY_ID [--json]
  toolyard keys rotate-master [--json]
  toolyard migrate
  toolyard --version | --help

Every command also takes --data-dir D. Configuration comes from TOOLYARD_* environment
variables (see README); flags override them. keys create prints the new key alone on the
last line (or one JSON line {project_id, key_id, api_key, role, server_ids} with --json); it is
shown once. An mcp key may use only the protocol endpoint and the tools/resources/prompts use
endpoints; --server (repeatable, mcp keys only) limits it to those servers.`

class UsageError extends Error {}

function takeFlag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const value = args[i + 1]
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`)
  args.splice(i, 2)
  return value
}

/** Every value of a repeatable flag. */
function takeAll(args: string[], name: string): string[] {
  const values: string[] = []
  for (let v = takeFlag(args, name); v !== undefined; v = takeFlag(args, name)) values.push(v)
  return values
}

function takeSwitch(args: string[], name: string): boolean {
  const i = args.indexOf(name)
  if (i < 0) return false
  args.splice(i, 1)
  return true
}

/** Refuses flags a command does not know, so a typo is not silently ignored. */
function noMoreFlags(args: string[]) {
  const stray = args.find((a) => a.startsWith('-'))
  if (stray) throw new UsageError(`unknown option ${stray}`)
}

/** Config for the non-serve commands: the environment plus an optional --data-dir. */
function commandConfig(args: string[]) {
  const dataDir = takeFlag(args, '--data-dir')
  return loadConfig(dataDir ? { ...process.env, TOOLYARD_DATA_DIR: dataDir } : process.env)
}

/** Opens the same SQLite file a running server uses (WAL makes concurrent use safe). */
function openProjects(config: ReturnType<typeof loadConfig>) {
  const db = openDatabase(join(config.dataDir, 'toolyard.sqlite'))
  migrate(db)
  return { db, projects: projectsService(projectsRepository(db)) }
}

async function serve(args: string[]) {
  const config = loadConfig(flagsToEnv(args, process.env))
  // Loaded only to serve: the other commands start without the HTTP app and its dependencies.
  const { firstStartBanner, startServer } = await import('./server')
  let server: Awaited<ReturnType<typeof startServer>>
  try {
    server = await startServer(config)
  } catch (err) {
    if ((err as { code?: string }).code === 'EADDRINUSE')
      throw new UsageError(`${config.host}:${config.port} is already in use (set TOOLYARD_PORT or --port)`)
    throw err
  }
  const banner = firstStartBanner(server.deps)
  if (banner) process.stdout.write(`${banner}\n`)
  process.stdout.write(`Toolyard ${VERSION} listening on ${server.deps.urls.get()}/mcp (port ${server.port})\n`)
  let stopping = false
  const shutdown = async (signal: string) => {
    // A second signal while draining means "now": exit without waiting for in-flight requests.
    if (stopping) process.exit(1)
    stopping = true
    server.deps.log.info('shutting down', { signal })
    await server.stop()
    server.deps.log.info('stopped', { signal })
    process.exit(0)
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

function projectsCommand(args: string[]) {
  const json = takeSwitch(args, '--json')
  const config = commandConfig(args)
  noMoreFlags(args)
  const [sub, name] = args
  const { db, projects } = openProjects(config)
  try {
    if (sub === 'create') {
      if (!name) throw new UsageError('projects create needs a NAME')
      const p = projects.createProject(name)
      console.log(json ? JSON.stringify(p) : `created project ${p.name} (${p.id})`)
    } else if (sub === 'list') {
      const all = projects.listProjects()
      if (json) console.log(JSON.stringify(all))
      else for (const p of all) console.log(`${p.id}  ${p.name}  ${p.created_at}`)
    } else throw new UsageError('usage: toolyard projects create NAME | projects list')
  } finally {
    db.close()
  }
}

function keysCommand(args: string[]) {
  const json = takeSwitch(args, '--json')
  const projectName = takeFlag(args, '--project')
  const label = takeFlag(args, '--name')
  const expiresIn = takeFlag(args, '--expires-in')
  const role = takeFlag(args, '--role') ?? 'admin'
  const slugs = takeAll(args, '--server')
  const config = commandConfig(args)
  noMoreFlags(args)
  const [sub, keyId] = args
  const { db, projects } = openProjects(config)
  try {
    if (sub === 'create') {
      if (!projectName) throw new UsageError('keys create needs --project NAME')
      if (role !== 'admin' && role !== 'mcp') throw new UsageError('--role must be admin or mcp')
      if (slugs.length && role !== 'mcp') throw new UsageError('--server limits mcp keys only (add --role mcp)')
      const project = projects.projectOrCreate(projectName)
      const servers = serversRepository(db)
      const serverIds = slugs.map((slug) => {
        const row = servers.bySlug(slug)
        if (!row || row.project_id !== project.id)
          throw new UsageError(`no server with slug "${slug}" in project ${project.name}`)
        return row.id
      })
      const { apiKey, key } = projects.createKey(project.id, {
        name: label,
        role,
        serverIds,
        expiresInMs: expiresIn ? parseDuration(expiresIn) : undefined,
      })
      if (json)
        console.log(
          JSON.stringify({
            project_id: project.id,
            key_id: key.id,
            api_key: apiKey,
            role: key.role,
            server_ids: key.server_ids,
          }),
        )
      else {
        console.log(
          `created ${key.role} key ${key.id} for project ${project.name}${key.expires_at ? ` (expires ${key.expires_at})` : ''}; shown once:`,
        )
        console.log(apiKey)
      }
    } else if (sub === 'list') {
      if (!projectName) throw new UsageError('keys list needs --project NAME')
      const project = projects.projectByName(projectName)
      if (!project) throw new UsageError(`no project named "${projectName}"`)
      const keys = projects.listKeys(project.id)
      if (json) console.log(JSON.stringify(keys))
      else
        for (const k of keys)
          console.log(
            `${k.id}  ${k.prefix}…  ${k.name}  ${k.revoked_at ? 'revoked' : k.expires_at && Date.parse(k.expires_at) < Date.now() ? 'expired' : 'active'}`,
          )
    } else if (sub === 'revoke') {
      if (!keyId) throw new UsageError('keys revoke needs a KEY_ID')
      const k = projects.revokeKey(keyId)
      console.log(json ? JSON.stringify(k) : `revoked key ${k.id}`)
    } else if (sub === 'rotate-master') {
      // Re-wraps every data key with a new master key in one transaction; a running server keeps working.
      const r = rotateMasterKey(db, { dataDir: config.dataDir, masterKey: config.masterKey })
      if (json) console.log(JSON.stringify(r))
      else {
        console.log(
          `rotated master key ${r.oldMasterKeyId} → ${r.newMasterKeyId}; re-wrapped ${r.dataKeys} data key(s)`,
        )
        if (r.keptOldKeyAt)
          console.log(`previous key kept at ${r.keptOldKeyAt} (delete it once no running server needs it)`)
        if (r.newKeyForEnv)
          console.log(
            `TOOLYARD_MASTER_KEY is set: change it to the new key below before the next restart (also saved in the data dir):\n${r.newKeyForEnv}`,
          )
      }
    } else throw new UsageError('usage: toolyard keys create|list|revoke|rotate-master')
  } finally {
    db.close()
  }
}

async function main(argv: string[]) {
  const [command, ...args] = argv
  if (command && (args.includes('--help') || args.includes('-h'))) {
    console.log(HELP)
    return
  }
  switch (command) {
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      console.log(HELP)
      return
    case '--version':
    case '-v':
    case 'version':
      console.log(VERSION)
      return
    case 'serve':
      return serve(args)
    case 'projects':
      return projectsCommand(args)
    case 'keys':
      return keysCommand(args)
    case 'migrate': {
      const config = commandConfig(args)
      noMoreFlags(args)
      const db = openDatabase(join(config.dataDir, 'toolyard.sqlite'))
      const { from, to } = migrate(db)
      db.close()
      console.log(
        from === to ? `database is up to date (version ${to})` : `migrated database from version ${from} to ${to}`,
      )
      return
    }
    default:
      throw new UsageError(`unknown command "${command}"\n\n${HELP}`)
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof UsageError || err instanceof AppError) {
    console.error(`toolyard: ${err.message}`)
    process.exit(2)
  }
  console.error('toolyard: unexpected error', err)
  process.exit(1)
})
