// The CLI with a PostgreSQL URL: `migrate` applies the PostgreSQL schema (and again finds nothing to do); `serve` runs on
// it; keys, projects, apply and export work on it as serve opens it (a key the CLI makes works against a running serve);
// backup, restore and keys rotate-master refuse it, saying what to use instead. The password in the URL is never printed.
import { beforeAll, describe, expect, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import { postgresMigrations } from '../../src/db/postgres/migrations'
import { ROOT, runCli, startServe, tempDirs } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
const newDir = tempDirs()
const PASSWORD = 'hunter2-secret'
let url = ''
/** Every instance and the CLI are given the same master key (docs/scale-out.md). */
const MASTER_KEY = Buffer.alloc(32, 42).toString('base64')
const EXAMPLE = join(ROOT, 'examples/toolyard.yaml')
const recordLines = (stdout: string) =>
  stdout.split('\n').filter((l) => /^(created|updated|unchanged|deleted) /.test(l))

/**
 * A fresh database's URL carrying PASSWORD: the throwaway cluster trusts local connections, so any password is
 * accepted, enough to see it is never shown.
 */
async function passwordUrl(): Promise<string> {
  const u = new URL(await newDatabase())
  u.username ||= 'toolyard'
  u.password = PASSWORD
  return u.toString()
}

beforeAll(async () => {
  url = await passwordUrl()
}, POSTGRES_START_TIMEOUT_MS)

describe('toolyard with a PostgreSQL URL', () => {
  test('migrate --database-url applies the PostgreSQL migrations once, then finds the schema up to date', async () => {
    const dir = newDir()
    const first = await runCli(['migrate', '--database-url', url], dir)
    expect(first.stderr).toBe('')
    expect(first.code).toBe(0)
    expect(first.stdout).toContain(`from version 0 to ${postgresMigrations.length}`)
    expect(first.stdout).toContain(':***@')
    const again = await runCli(['migrate'], dir, { TOOLYARD_DATABASE_URL: url })
    expect(again.code).toBe(0)
    expect(again.stdout).toContain(`is up to date (version ${postgresMigrations.length})`)
    for (const out of [first.stdout, again.stdout]) expect(out).not.toContain(PASSWORD)
    const sql = new SQL(url, { max: 1 })
    try {
      const rows: { version: number }[] = await sql.unsafe('SELECT version FROM schema_version')
      expect(rows).toHaveLength(postgresMigrations.length)
    } finally {
      await sql.close()
    }
    // Nothing was written to the SQLite side.
    expect(existsSync(join(dir, 'toolyard.sqlite'))).toBe(false)
  }, 60_000)

  test('migrate names the server it could not reach, without the password', async () => {
    const unreachable = `postgres://toolyard:${PASSWORD}@127.0.0.1:1/toolyard`
    const r = await runCli(['migrate', '--database-url', unreachable], newDir())
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('cannot migrate PostgreSQL database postgres://toolyard:***@127.0.0.1:1/toolyard')
    expect(r.stderr + r.stdout).not.toContain(PASSWORD)
  }, 60_000)

  test('serve with --database-url runs on PostgreSQL: migrates, prints the first-start keys, serves them', async () => {
    const dir = newDir()
    const fresh = await passwordUrl()
    const serve = await startServe(dir, {}, { serveArgs: ['--database-url', fresh] })
    try {
      const out = serve.output()
      expect(out).toContain('First start: created project "default"')
      expect(out).not.toContain(PASSWORD)
      const adminKey = /Admin key[^\n]*\n\s+(tyk_\S+)/.exec(out)?.[1]
      expect(adminKey).toBeString()
      const created = await fetch(`${serve.base}/servers`, {
        method: 'POST',
        headers: { 'X-API-Key': adminKey!, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'on postgres' }),
      })
      expect(created.status).toBe(201)
      // The row is in PostgreSQL, and no SQLite file was made.
      const sql = new SQL(fresh, { max: 1 })
      try {
        const rows: { name: string }[] = await sql.unsafe('SELECT name FROM servers')
        expect(rows.map((r) => r.name)).toEqual(['on postgres'])
      } finally {
        await sql.close()
      }
      expect(existsSync(join(dir, 'toolyard.sqlite'))).toBe(false)
    } finally {
      expect(await serve.stop()).toBe(0)
    }
  }, 60_000)

  test('serve with an unreachable TOOLYARD_DATABASE_URL exits 2 naming the server, without the password', async () => {
    const r = await runCli(['serve', '--port', '0'], newDir(), {
      TOOLYARD_DATABASE_URL: `postgres://toolyard:${PASSWORD}@127.0.0.1:1/toolyard`,
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('cannot use PostgreSQL database postgres://toolyard:***@127.0.0.1:1/toolyard')
    expect(r.stderr + r.stdout).not.toContain(PASSWORD)
    expect(r.stdout).not.toContain('listening')
  }, 60_000)

  test('keys create, list and revoke on PostgreSQL; the key works against a serve on the same database', async () => {
    // Two machines' worth of data dirs: the CLI's and the server's share only the database and TOOLYARD_MASTER_KEY.
    const db = await passwordUrl()
    const env = { TOOLYARD_DATABASE_URL: db, TOOLYARD_MASTER_KEY: MASTER_KEY }
    const serveDir = newDir()
    const serve = await startServe(serveDir, env)
    const outputs: string[] = []
    const cli = async (args: string[], extra: Record<string, string> = {}) => {
      const r = await runCli(args, newDir(), { ...env, ...extra })
      outputs.push(r.stdout, r.stderr)
      return r
    }
    try {
      const created = await cli(['keys', 'create', '--project', 'acme', '--name', 'ci', '--json'])
      expect(created.stderr).toBe('')
      expect(created.code).toBe(0)
      const key = JSON.parse(created.stdout) as { project_id: string; key_id: string; api_key: string; role: string }
      expect(key.role).toBe('admin')
      expect(key.api_key).toStartWith('tyk_')

      // The server (another process, another data dir) accepts the key the CLI wrote to PostgreSQL.
      const post = () =>
        fetch(`${serve.base}/servers`, {
          method: 'POST',
          headers: { 'X-API-Key': key.api_key, 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'made with a CLI key' }),
        })
      expect((await post()).status).toBe(201)

      const listed = await cli(['keys', 'list', '--project', 'acme', '--json'])
      expect(listed.code).toBe(0)
      const keys = JSON.parse(listed.stdout) as { id: string; name: string; revoked_at?: string }[]
      expect(keys.map((k) => [k.id, k.name, k.revoked_at ?? null])).toEqual([[key.key_id, 'ci', null]])
      expect(listed.stdout).not.toContain(key.api_key)
      const lines = await cli(['keys', 'list', '--project', 'acme'])
      expect(lines.stdout).toContain(`${key.key_id}  `)
      expect(lines.stdout).toContain('active')

      // The project the CLI made is there for projects list, beside serve's first-start project.
      const projects = await cli(['projects', 'list', '--database-url', db], { TOOLYARD_DATABASE_URL: '' })
      expect(projects.code).toBe(0)
      expect(projects.stdout).toContain(`${key.project_id}  acme  `)
      expect(projects.stdout).toContain('  default  ')
      const made = await cli(['projects', 'create', 'second', '--json'])
      expect(made.code).toBe(0)
      expect((JSON.parse(made.stdout) as { name: string }).name).toBe('second')

      const revoked = await cli(['keys', 'revoke', key.key_id])
      expect(revoked.code).toBe(0)
      expect(revoked.stdout).toContain(`revoked key ${key.key_id}`)
      // The server hears of the revocation through the change feed (within a second, docs/scale-out.md).
      await waitFor('the revoked key to be refused by serve', async () => (await post()).status === 401)
      const after = await cli(['keys', 'list', '--project', 'acme'])
      expect(after.stdout).toContain('revoked')

      // Nothing was written to a SQLite file anywhere.
      expect(existsSync(join(serveDir, 'toolyard.sqlite'))).toBe(false)
    } finally {
      expect(await serve.stop()).toBe(0)
    }
    for (const out of outputs) expect(out).not.toContain(PASSWORD)
  }, 90_000)

  test('a CLI given another master key than the database was sealed with is refused, as serve would be', async () => {
    const db = await passwordUrl()
    const env = { TOOLYARD_DATABASE_URL: db, TOOLYARD_MASTER_KEY: MASTER_KEY }
    // The first command to open the database seals its check row with the master key it was given.
    const made = await runCli(['projects', 'create', 'sealed'], newDir(), env)
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    const other = await runCli(['keys', 'list', '--project', 'sealed'], newDir(), {
      ...env,
      TOOLYARD_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
    })
    expect(other.code).toBe(2)
    expect(other.stderr).toContain("TOOLYARD_MASTER_KEY cannot open this database's sealed data")
    expect(other.stderr + other.stdout).not.toContain(PASSWORD)
    const same = await runCli(['keys', 'list', '--project', 'sealed'], newDir(), env)
    expect(same.code).toBe(0)
    // Without any master key the CLI does not make one (it would seal a fresh database with a key no instance has).
    const none = newDir()
    const without = await runCli(['keys', 'list', '--project', 'sealed'], none, { TOOLYARD_DATABASE_URL: db })
    expect(without.code).toBe(2)
    expect(without.stderr).toContain('needs the master key the instances use')
    expect(readdirSync(none)).toEqual([])
  }, 60_000)

  test('apply a project file to PostgreSQL and export it back: the same project, as on SQLite', async () => {
    const db = await passwordUrl()
    const env = { TOOLYARD_DATABASE_URL: db, TOOLYARD_MASTER_KEY: MASTER_KEY }
    const applied = await runCli(['apply', '-f', EXAMPLE], newDir(), env)
    expect(applied.stderr).toBe('')
    expect(applied.code).toBe(0)
    const created = recordLines(applied.stdout)
    expect(created.length).toBeGreaterThan(8)
    expect(created.every((l) => l.startsWith('created '))).toBe(true)

    const out = join(newDir(), 'export.yaml')
    const exported = await runCli(['export', '--project', 'demo', '-o', out, '--database-url', db], newDir(), {
      TOOLYARD_MASTER_KEY: MASTER_KEY,
    })
    expect(exported.code).toBe(0)
    // Applying the export again changes nothing.
    const again = await runCli(['apply', '-f', out], newDir(), env)
    expect(again.code).toBe(0)
    expect(recordLines(again.stdout)).toEqual(created.map((l) => l.replace(/^created /, 'unchanged ')))

    // The same file applied to a SQLite data dir exports to the same text: the backend changes nothing in the project.
    const sqlite = newDir()
    expect((await runCli(['apply', '-f', EXAMPLE], sqlite)).code).toBe(0)
    const fromSqlite = await runCli(['export', '--project', 'demo'], sqlite)
    const fromPostgres = await runCli(['export', '--project', 'demo'], newDir(), env)
    expect(fromPostgres.code).toBe(0)
    expect(fromPostgres.stdout).toBe(await Bun.file(out).text())
    expect(fromPostgres.stdout).toBe(fromSqlite.stdout)
    for (const r of [applied, exported, again, fromPostgres]) expect(r.stdout + r.stderr).not.toContain(PASSWORD)
  }, 90_000)

  test('backup and restore refuse a URL and point to pg_dump / pg_restore; rotate-master refuses it too', async () => {
    const env = { TOOLYARD_DATABASE_URL: url }
    const dir = newDir()
    const backup = await runCli(['backup', join(dir, 'out.sqlite')], dir, env)
    expect(backup.code).toBe(2)
    expect(backup.stderr).toContain('on PostgreSQL (TOOLYARD_DATABASE_URL / --database-url) back up with pg_dump')
    const restore = await runCli(['restore', join(dir, 'in.sqlite'), '--database-url', url], dir)
    expect(restore.code).toBe(2)
    expect(restore.stderr).toContain('restore with pg_restore')
    const rotate = await runCli(['keys', 'rotate-master'], dir, env)
    expect(rotate.code).toBe(2)
    expect(rotate.stderr).toContain('keys rotate-master works on the SQLite data dir only')
    for (const r of [backup, restore, rotate]) expect(r.stdout + r.stderr).not.toContain(PASSWORD)
    // Nothing was made in the data dir: no backup file, no SQLite database, no master key.
    expect(readdirSync(dir)).toEqual([])
  }, 60_000)

  test('a command that cannot reach PostgreSQL names the server, never the password', async () => {
    const r = await runCli(['keys', 'list', '--project', 'acme'], newDir(), {
      TOOLYARD_DATABASE_URL: `postgres://toolyard:${PASSWORD}@127.0.0.1:1/toolyard`,
      TOOLYARD_MASTER_KEY: MASTER_KEY,
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('cannot use PostgreSQL database postgres://toolyard:***@127.0.0.1:1/toolyard')
    expect(r.stderr + r.stdout).not.toContain(PASSWORD)
  }, 60_000)

  test('a URL that is not PostgreSQL is refused by every command, without echoing it', async () => {
    const r = await runCli(['serve', '--port', '0'], newDir(), {
      TOOLYARD_DATABASE_URL: `mysql://root:${PASSWORD}@db/x`,
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('TOOLYARD_DATABASE_URL (--database-url) must use postgres:// or postgresql://')
    expect(r.stderr).not.toContain(PASSWORD)
  }, 60_000)
})
