import { SQL } from 'bun'
import { readFileSync, readdirSync } from 'node:fs'
const url = process.env.TOOLYARD_TEST_DATABASE_URL!
const tck = 100
function serverCpu(): number {
  let total = 0
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    let stat: string
    try { stat = readFileSync(`/proc/${pid}/stat`, 'utf8') } catch { continue }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    if (comm !== 'postgres') continue
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const ppidIsPg = (() => { try { const s = readFileSync(`/proc/${f[1]}/stat`, 'utf8'); return s.includes('(postgres)') } catch { return false } })()
    total += Number(f[11]) + Number(f[12])
    if (!ppidIsPg) total += Number(f[13]) + Number(f[14]) // postmaster: reaped children
  }
  return (total * 1000) / tck
}
const { startTestApp } = await import('./test/helpers/app.ts')
const { createTestDatabase } = await import('./test/helpers/postgres.ts')
const a = await startTestApp(); await a.stop()
await Bun.sleep(500)
const admin = new SQL(url); await admin`SELECT 1`
const u = new URL(url)
let c = serverCpu()
for (let i = 0; i < 10; i++) { const s = new SQL(u.toString(), { max: 1 }); await s`SELECT 1`; await s.close() }
await Bun.sleep(300); console.log('per connection server ms', (serverCpu() - c) / 10)
c = serverCpu()
for (let i = 0; i < 10; i++) { const d = await createTestDatabase({ migrated: true }); await d.drop() }
await Bun.sleep(1500); console.log('per create+drop server ms', (serverCpu() - c) / 10)
c = serverCpu()
const tmpl = (await admin`SELECT datname FROM pg_database WHERE datname LIKE 'toolyard_test_template_%'`)[0].datname
for (let i = 0; i < 10; i++) { await admin.unsafe(`CREATE DATABASE zz_fc_${i} TEMPLATE "${tmpl}" STRATEGY FILE_COPY`) }
await Bun.sleep(300); console.log('per FILE_COPY create server ms', (serverCpu() - c) / 10)
c = serverCpu()
for (let i = 0; i < 10; i++) { const b = await startTestApp(); await b.stop() }
await Bun.sleep(1500); console.log('per app server ms', (serverCpu() - c) / 10)
process.exit(0)
