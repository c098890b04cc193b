import { SQL } from 'bun'
const url = process.env.TOOLYARD_TEST_DATABASE_URL!
const admin = new SQL(url)
await admin`SELECT 1`
const u = new URL(url)
for (const db of ['postgres', 'postgres']) {
  u.pathname = '/' + db
  let t = performance.now()
  for (let i = 0; i < 10; i++) { const s = new SQL(u.toString(), { max: 1 }); await s`SELECT 1`; await s.close() }
  console.log(db, 'connect+select+close ms', (performance.now() - t) / 10)
}
await admin.unsafe('CREATE DATABASE zz_fresh')
u.pathname = '/zz_fresh'
let t = performance.now()
for (let i = 0; i < 10; i++) { const s = new SQL(u.toString(), { max: 1 }); await s`SELECT 1`; await s.close() ; if (i==0) console.log('first', performance.now()-t)}
console.log('fresh connect ms', (performance.now() - t) / 10)
process.exit(0)
