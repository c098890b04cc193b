// What a builtin `tools/call` costs the machine on SQLite and on PostgreSQL: requests per second, and the CPU each call
// took — Toolyard's process (all its threads, the writer threads among them) plus, on PostgreSQL, every process of the
// server — in alternating rounds. The CPU a call costs moves far less with the load of the rest of a shared machine
// than the requests per second do, and on a machine whose cores are all busy it is what decides the throughput.
//   bun bench/postgres-cost.ts [rounds=4] [seconds=2]
// Targets: SQLite and PostgreSQL from this source; POSTGRES_COST_BINARIES="before=/path/a,after=/path/b" adds one
// PostgreSQL target per binary (each on its own database of the same throwaway cluster), e.g. to compare two builds;
// POSTGRES_COST_SQLITE_BINARY=/path runs the SQLite target on that binary (compare binaries with a binary: a run from
// source costs more CPU a call than the compiled one).
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { SQL } from 'bun'
import { startPostgresTarget } from './postgres-target'
import { cpuOfProcesses, postgresPids } from './process-cpu'
import { startSmallToolyard } from './toolyard'
import { ensureWrk, wrk } from './wrk'

const ROOT = resolve(import.meta.dir, '..')
const [rounds = '4', seconds = '2'] = process.argv.slice(2)
const body = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'echo', arguments: { text: 'hello' } },
})
const dir = mkdtempSync(join(tmpdir(), 'toolyard-cost-'))
const fromSource = join(dir, 'toolyard')
writeFileSync(fromSource, `#!/bin/sh\nexec "${process.execPath}" "${ROOT}/src/main.ts" "$@"\n`)
chmodSync(fromSource, 0o755)

const postgres = await startPostgresTarget()
type Target = { label: string; db: 'sqlite' | 'postgres'; ty: Awaited<ReturnType<typeof startSmallToolyard>> }
const targets: Target[] = []
try {
  const admin = new SQL(postgres.url, { max: 1 })
  const onDatabase = async (name: string) => {
    await admin.unsafe(`CREATE DATABASE ${name}`)
    const url = new URL(postgres.url)
    url.pathname = `/${name}`
    return { TOOLYARD_DATABASE_URL: url.toString(), TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') }
  }
  const binaries = (process.env.POSTGRES_COST_BINARIES ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => pair.split('=') as [string, string])
  const sqliteBinary = process.env.POSTGRES_COST_SQLITE_BINARY ?? fromSource
  targets.push({ label: 'SQLite', db: 'sqlite', ty: await startSmallToolyard(sqliteBinary) })
  targets.push({
    label: 'PostgreSQL',
    db: 'postgres',
    ty: await startSmallToolyard(fromSource, await onDatabase('cost_source')),
  })
  for (const [i, [label, binary]] of binaries.entries())
    targets.push({ label, db: 'postgres', ty: await startSmallToolyard(binary, await onDatabase(`cost_${i}`)) })
  await admin.close()

  const wrkBin = ensureWrk()
  const drive = (t: Target, s: number) =>
    wrk(wrkBin, `${t.ty.base}/${t.ty.slugs.small}`, t.ty.headers, [body], { seconds: s, connections: 32 })
  for (const t of targets) await drive(t, 1) // warm-up
  const cpu = new Map<string, number[]>()
  for (let round = 1; round <= Number(rounds); round++) {
    const line: string[] = []
    for (const t of targets) {
      // The previous target's last call-log and audit batches (flushed each second) are written before this one's
      // round starts: the server's CPU in a round is its target's alone.
      await Bun.sleep(1500)
      // The server's processes as they are now (the writer threads' connections open with their first batch).
      const pids = [t.ty.started.proc.pid, ...(t.db === 'postgres' ? postgresPids(postgres.postmasterPid) : [])]
      const before = pids.map((p) => cpuOfProcesses([p]))
      const result = await drive(t, Number(seconds))
      const spent = pids.reduce((sum, p, i) => sum + cpuOfProcesses([p]) - before[i]!, 0)
      const perCall = (spent * 1000) / Math.max(1, result.requests)
      cpu.set(t.label, [...(cpu.get(t.label) ?? []), perCall])
      line.push(`${t.label} ${result.rps} req/s ${perCall.toFixed(0)} µs`)
    }
    console.log(`round ${round} (load ${loadavg()[0]!.toFixed(1)}): ${line.join(' | ')}`)
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const sqlite = median(cpu.get('SQLite')!)
  for (const [label, xs] of cpu)
    console.log(
      `${label}: median ${median(xs).toFixed(0)} µs of CPU a call (${(sqlite / median(xs)).toFixed(2)} × SQLite's calls per CPU second)`,
    )
} finally {
  for (const t of targets) {
    await t.ty.started.stop()
    rmSync(t.ty.dataDir, { recursive: true, force: true })
  }
  postgres.stop()
  rmSync(dir, { recursive: true, force: true })
}
process.exit(0)
