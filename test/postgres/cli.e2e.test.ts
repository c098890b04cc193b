// The CLI with a PostgreSQL URL while PostgreSQL mode is being built: `migrate` applies the PostgreSQL schema for real
// (and again finds nothing to do); `serve` runs on it; the other commands refuse the URL with exit 2 and say why,
// instead of quietly using the SQLite file. The password in the URL is never printed.
import { beforeAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import { postgresMigrations } from '../../src/db/postgres/migrations'
import { runCli, startServe, tempDirs } from '../helpers/app'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
const newDir = tempDirs()
const PASSWORD = 'hunter2-secret'
let url = ''

beforeAll(async () => {
  // The throwaway cluster trusts local connections, so any password is accepted: enough to see it is never shown.
  const u = new URL(await newDatabase())
  u.username ||= 'toolyard'
  u.password = PASSWORD
  url = u.toString()
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
    const fresh = new URL(await newDatabase())
    fresh.username ||= 'toolyard'
    fresh.password = PASSWORD
    const serve = await startServe(dir, {}, { serveArgs: ['--database-url', fresh.toString()] })
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
      const sql = new SQL(fresh.toString(), { max: 1 })
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

  test('the other commands refuse the URL rather than use the SQLite file; backup points to pg_dump', async () => {
    const env = { TOOLYARD_DATABASE_URL: url }
    const projects = await runCli(['projects', 'create', 'acme'], newDir(), env)
    expect(projects.code).toBe(2)
    expect(projects.stderr).toContain('toolyard projects works on SQLite only so far')
    const keys = await runCli(['keys', 'list', '--project', 'acme'], newDir(), env)
    expect(keys.code).toBe(2)
    expect(keys.stderr).toContain('toolyard keys works on SQLite only so far')
    const backup = await runCli(['backup', 'out.sqlite'], newDir(), env)
    expect(backup.code).toBe(2)
    expect(backup.stderr).toContain('pg_dump and pg_restore')
    for (const r of [projects, keys, backup]) expect(r.stderr).not.toContain(PASSWORD)
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
