// bun scripts/test-cluster.ts <command> [args…]: runs the command with one throwaway PostgreSQL cluster for all of it
// (docs/decisions/0051-test-databases-on-postgresql.md). `bun test --parallel` gives every file its own module registry,
// so without this each file that touches PostgreSQL starts (initdb, pg_ctl start) and stops a cluster of its own;
// with it every file of every pass creates its databases on this one, named by TOOLYARD_TEST_DATABASE_URL (the
// helper, test/helpers/postgres.ts, takes it as it takes a server the user gives). The cluster is stopped and its files
// removed when the command ends, and also when this process is interrupted (SIGINT, SIGTERM, SIGHUP: the command gets
// the signal, then the cluster stops) or killed (the cluster's watcher, test/helpers/postgres-cluster.ts, stops it a
// second later). Exits with the command's status.
//
// The command's temp directory (TMPDIR: every test's data dir, its children's files) is a fresh one in memory when
// /dev/shm has room (test/helpers/postgres-cluster.ts, memoryScratchRoot: no fsync of a shared disk behind each SQLite
// commit), removed when the command ends.
//
// When TOOLYARD_TEST_DATABASE_URL is already set, the command runs on that server and no cluster is started; when no
// cluster can be started, the command runs without one and the PostgreSQL tests fail saying why (never skipped).
import { mkdtempSync, rmSync } from 'node:fs'
import { constants } from 'node:os'
import { join } from 'node:path'
import { memoryScratchRoot, startAnyCluster, THROWAWAY_VARIABLE } from '../test/helpers/postgres-cluster'

const command = process.argv.slice(2)
if (command.length === 0) {
  console.error('usage: bun scripts/test-cluster.ts <command> [args…]')
  process.exit(2)
}

const env: Record<string, string | undefined> = { ...process.env }
const memory = memoryScratchRoot()
const scratch = memory ? mkdtempSync(join(memory, 'toolyard-test-')) : null
if (scratch) env.TMPDIR = scratch
let cluster: Awaited<ReturnType<typeof startAnyCluster>> | null = null
if (!process.env.TOOLYARD_TEST_DATABASE_URL) {
  try {
    cluster = await startAnyCluster()
    env.TOOLYARD_TEST_DATABASE_URL = cluster.url
    env[THROWAWAY_VARIABLE] = '1'
  } catch (e) {
    console.error(`test-cluster: no shared PostgreSQL cluster (${(e as Error).message})`)
  }
}

const child = Bun.spawn(command, { env, stdio: ['inherit', 'inherit', 'inherit'] })
// A terminal's Ctrl-C reaches the whole process group, the command included: wait for it to end. A signal sent to this
// process alone (a CI timeout) is passed on. Either way the cluster is stopped after the command ended.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    if (signal !== 'SIGINT') child.kill(signal)
  })
const status = await child.exited
cluster?.stop()
if (scratch) rmSync(scratch, { recursive: true, force: true })
// Ended by a signal: 128 + its number, as a shell reports it.
const signal = child.signalCode
process.exit(signal ? 128 + (typeof signal === 'number' ? signal : constants.signals[signal]) : status)
