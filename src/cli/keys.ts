// `toolyard keys create|list|revoke|rotate-master`: a project's API keys from the command line, on the database a
// server uses (the data dir's SQLite file, or PostgreSQL with TOOLYARD_DATABASE_URL). Only `create` may create the
// SQLite database (it creates the project too, as the README shows). `rotate-master` is SQLite only (see below).
import type { Config } from '../config'
import { rotateMasterKey } from '../crypto/seal-rotate'
import { buildProjects } from '../modules/projects/build'
import type { PublicKey } from '../modules/projects/model'
import { parseDuration } from '../modules/projects/service'
import { noMoreFlags, takeAll, takeFlag, takeSwitch, UsageError } from './args'
import { recordCliChange } from './audit'
import { openCommandStorage } from './database'

/**
 * Why rotate-master refuses a PostgreSQL URL: the new key would be written to this machine's data dir only, while every
 * instance holds the old one (the same TOOLYARD_MASTER_KEY); once the data keys were re-wrapped, none of them could open
 * the stored secrets, and each would refuse to start (docs/decisions/0044-postgresql-in-the-cli.md).
 */
const ROTATE_ON_POSTGRES =
  'keys rotate-master works on the SQLite data dir only: on PostgreSQL every instance is given the same ' +
  'TOOLYARD_MASTER_KEY, and a new key made here would reach none of them, so they could no longer open the stored ' +
  'secrets. Nothing was changed.'

const state = (k: PublicKey) =>
  k.revoked_at ? 'revoked' : k.expires_at && Date.parse(k.expires_at) < Date.now() ? 'expired' : 'active'

/** One line per key: what an operator needs to tell keys apart, never the key itself. */
const keyLine = (k: PublicKey) =>
  [
    k.id,
    `${k.prefix}…`,
    k.name,
    k.server_ids ? `${k.role} (servers ${k.server_ids.join(',')})` : k.role,
    state(k),
    `last used ${k.last_used_at ?? 'never'}`,
  ].join('  ')

export async function keysCommand(args: string[], commandConfig: (args: string[]) => Config) {
  const json = takeSwitch(args, '--json')
  const projectName = takeFlag(args, '--project')
  const label = takeFlag(args, '--name')
  const expiresIn = takeFlag(args, '--expires-in')
  const role = takeFlag(args, '--role') ?? 'admin'
  const slugs = takeAll(args, '--server')
  const config = commandConfig(args)
  noMoreFlags(args)
  const [sub, keyId] = args
  if (sub !== 'create' && sub !== 'list' && sub !== 'revoke' && sub !== 'rotate-master')
    throw new UsageError('usage: toolyard keys create|list|revoke|rotate-master')
  // Checked before the database is opened, so a refused command leaves nothing behind.
  if (sub === 'create') {
    if (!projectName) throw new UsageError('keys create needs --project NAME')
    if (role !== 'admin' && role !== 'mcp') throw new UsageError('--role must be admin or mcp')
    if (slugs.length && role !== 'mcp') throw new UsageError('--server limits mcp keys only (add --role mcp)')
  }
  if (sub === 'list' && !projectName) throw new UsageError('keys list needs --project NAME')
  if (sub === 'revoke' && !keyId) throw new UsageError('keys revoke needs a KEY_ID')
  if (sub === 'rotate-master' && config.databaseUrl) throw new UsageError(ROTATE_ON_POSTGRES)
  const expiresInMs = sub === 'create' && expiresIn ? parseDuration(expiresIn) : undefined
  const storage = await openCommandStorage(config, { create: sub === 'create' })
  const { repositories } = storage
  const projects = buildProjects({ repo: repositories.projects })
  try {
    if (sub === 'create') {
      const project = await projects.projectOrCreate(projectName!)
      const servers = repositories.servers
      const serverIds: string[] = []
      for (const slug of slugs) {
        const row = await servers.bySlug(slug)
        if (!row || row.project_id !== project.id)
          throw new UsageError(`no server with slug "${slug}" in project ${project.name}`)
        serverIds.push(row.id)
      }
      const { apiKey, key } = await projects.createKey(project.id, {
        name: label,
        role: role as 'admin' | 'mcp',
        serverIds,
        expiresInMs,
      })
      await recordCliChange(storage, project.id, {
        action: 'create',
        resource: 'keys',
        resourceId: key.id,
        detail: { role: key.role, ...(serverIds.length ? { server_ids: serverIds } : {}) },
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
      const project = await projects.projectByName(projectName!)
      if (!project) throw new UsageError(`no project named "${projectName}"`)
      const keys = await projects.listKeys(project.id)
      if (json) console.log(JSON.stringify(keys))
      else for (const k of keys) console.log(keyLine(k))
    } else if (sub === 'revoke') {
      const k = await projects.revokeKey(keyId!)
      await recordCliChange(storage, k.project_id, { action: 'delete', resource: 'keys', resourceId: k.id })
      console.log(json ? JSON.stringify(k) : `revoked key ${k.id}`)
    } else {
      // Re-wraps every data key with a new master key in one transaction; a running server keeps working.
      const r = await rotateMasterKey(storage.store, repositories.dataKeys, {
        dataDir: config.dataDir,
        masterKey: config.masterKey,
      })
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
    }
  } finally {
    await storage.close()
  }
}
