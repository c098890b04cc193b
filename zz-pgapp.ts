import { SQL } from 'bun'
const url = process.env.TOOLYARD_TEST_DATABASE_URL!
const { startTestApp } = await import('./test/helpers/app.ts')
const { createTestDatabase } = await import('./test/helpers/postgres.ts')
const a = await startTestApp(); await a.stop()
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000 }
let t = performance.now(), c = cpu()
for (let i = 0; i < 5; i++) { const d = await createTestDatabase({ migrated: true }); await d.drop() }
console.log('createTestDatabase ms', (performance.now() - t) / 5, 'cpu', (cpu() - c) / 5)
const admin = new SQL(url)
for (const strat of ['WAL_LOG', 'FILE_COPY']) {
  t = performance.now()
  const tmpl = (await admin`SELECT datname FROM pg_database WHERE datname LIKE 'toolyard_test_template_%'`)[0].datname
  for (let i = 0; i < 5; i++) { await admin.unsafe(`CREATE DATABASE zz_${strat}_${i} TEMPLATE "${tmpl}" STRATEGY ${strat}`) }
  console.log(strat, 'create ms', (performance.now() - t) / 5)
}
t = performance.now(); c = cpu()
for (let i = 0; i < 5; i++) { const b = await startTestApp(); await b.stop() }
console.log('app start+stop ms', (performance.now() - t) / 5, 'bun cpu', (cpu() - c) / 5)
process.exit(0)
