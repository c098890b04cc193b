// What the call log's and the audit trail's writers cost a call on each engine, in process: 500-row batches written
// through the same repositories the writer threads use, the CPU of this process (SQLite's engine runs in it) plus, on
// PostgreSQL, that of the connection's server backend, per row. Both engines in the same run, round by round.
//   bun bench/postgres-writer-cost.ts [rounds=3] [batches=20]
// POSTGRES_WRITER_BEFORE=/path/to/an/older/checkout adds that checkout's repositories and PostgreSQL migrations as a
// third column, to compare a change with what it replaced.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { migrate } from '../src/db/migrate'
import { openDatabase } from '../src/db/open'
import { migratePostgres } from '../src/db/postgres/migrate'
import { openPostgres } from '../src/db/postgres/sql'
import { createPgStore } from '../src/db/postgres/store'
import type { SqlStore } from '../src/db/queries'
import { createStore } from '../src/db/store'
import { appendBatch, type PendingAudit } from '../src/modules/audit/batch'
import { auditRepository } from '../src/modules/audit/repository'
import { callsRepository, type PendingCall, toRow } from '../src/modules/calls/repository'
import { startPostgresTarget } from './postgres-target'

const [rounds = '3', batches = '20'] = process.argv.slice(2)
const SIZE = 500
const PROJECT = '0192a3b4-1111-7000-8000-000000000001'
const SERVER = '0192a3b4-2222-7000-8000-000000000002'

/** CPU of a process (user + system), in ms, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number | 'self'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

const calls = (): PendingCall[] =>
  Array.from({ length: SIZE }, (_, i) => ({
    project_id: PROJECT,
    server_id: SERVER,
    kind: 'tool',
    name: 'echo',
    outcome: 'ok',
    duration_ms: 0,
    error: null,
    request_id: crypto.randomUUID(),
    user_id: null,
    at: Date.now() + i,
  }))
const entries = (): PendingAudit[] =>
  Array.from({ length: SIZE }, () => ({
    projectId: PROJECT,
    at: Date.now(),
    call: {
      principal: `key:${PROJECT}`,
      name: 'echo',
      outcome: 'ok',
      durationMs: 0,
      serverId: SERVER,
      requestId: crypto.randomUUID(),
      args: { text: 'hello' },
    },
  }))

interface Engine {
  label: string
  /** The server backend whose CPU counts too (PostgreSQL). */
  backend?: number
  writeCalls(rows: PendingCall[]): Promise<unknown>
  appendEntries(batch: PendingAudit[]): Promise<unknown>
}

type Repos = { callsRepository: typeof callsRepository; auditRepository: typeof auditRepository }
const engineOn = (label: string, store: SqlStore, repos: Repos, backend?: number): Engine => {
  const calls = repos.callsRepository(store)
  const audit = { store, repo: repos.auditRepository(store) }
  return {
    label,
    ...(backend ? { backend } : {}),
    writeCalls: (rows) => calls.insertAll(rows.map(toRow)),
    appendEntries: (batch) => appendBatch(audit, batch),
  }
}

const dir = mkdtempSync(join(tmpdir(), 'toolyard-writer-cost-'))
const postgres = await startPostgresTarget()
try {
  const sqliteDb = openDatabase(join(dir, 'toolyard.sqlite'))
  migrate(sqliteDb)
  sqliteDb.run(`INSERT INTO projects (id, name, created_at) VALUES ('${PROJECT}', 'p', '2026-01-01')`)
  const engines: Engine[] = [engineOn('SQLite', createStore(sqliteDb), { callsRepository, auditRepository })]

  const admin = new SQL(postgres.url, { max: 1 })
  const pgEngine = async (label: string, name: string, migrateIt: typeof migratePostgres, repos: Repos) => {
    await admin.unsafe(`CREATE DATABASE ${name}`)
    const url = new URL(postgres.url)
    url.pathname = `/${name}`
    // As the writer threads open theirs (src/db/writer-store.ts): one connection, the call log's committing
    // asynchronously (before: its transaction set that itself).
    const db = openPostgres(url.toString(), { max: 1, asynchronousCommit: true })
    await migrateIt(db.sql)
    await db.run(`INSERT INTO projects (id, name, created_at) VALUES ('${PROJECT}', 'p', '2026-01-01')`)
    const [{ pid }] = await db.sql.unsafe('SELECT pg_backend_pid() AS pid')
    return engineOn(label, createPgStore(db), repos, Number(pid))
  }
  engines.push(await pgEngine('PostgreSQL', 'writer_cost', migratePostgres, { callsRepository, auditRepository }))
  const before = process.env.POSTGRES_WRITER_BEFORE
  if (before) {
    const old = {
      ...(await import(join(before, 'src/modules/calls/repository.ts'))),
      ...(await import(join(before, 'src/modules/audit/repository.ts'))),
    } as Repos
    const { migratePostgres: oldMigrate } = await import(join(before, 'src/db/postgres/migrate.ts'))
    engines.push(await pgEngine('PostgreSQL before', 'writer_cost_before', oldMigrate, old))
  }
  await admin.close()

  const measure = async (engine: Engine, write: () => Promise<unknown>) => {
    await write() // warm: statements prepared, code compiled
    const self0 = cpuMs('self')
    const server0 = engine.backend ? cpuMs(engine.backend) : 0
    for (let i = 0; i < Number(batches); i++) await write()
    const rows = Number(batches) * SIZE
    return {
      here: ((cpuMs('self') - self0) * 1000) / rows,
      server: engine.backend ? ((cpuMs(engine.backend) - server0) * 1000) / rows : 0,
    }
  }
  const show = (x: { here: number; server: number }) =>
    `${(x.here + x.server).toFixed(1)} µs (${x.here.toFixed(1)} here + ${x.server.toFixed(1)} server)`
  for (let round = 1; round <= Number(rounds); round++)
    for (const engine of engines) {
      const c = await measure(engine, () => engine.writeCalls(calls()))
      const a = await measure(engine, () => engine.appendEntries(entries()))
      console.log(`round ${round} ${engine.label.padEnd(17)} call log ${show(c)} | audit ${show(a)} a row`)
    }
} finally {
  postgres.stop()
  rmSync(dir, { recursive: true, force: true })
}
process.exit(0)
