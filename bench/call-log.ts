// The call log at scale (docs/decisions/0380-call-log-at-scale.md), in process on SQLite: one project's log filled with
// BENCH_CALL_LOG_ROWS rows (default 10,000,000) by one INSERT … SELECT from a recursive CTE, then the p50 and p99 of
// GET /calls with each filter it offers (and a second page), through the app's own handler; and the bytes a row costs
// with every index (`dbstat`). Writes its section of docs/benchmarks.md between its markers:
// `bun bench/call-log.ts`.
import { resolve } from 'node:path'
import type { Store } from '../src/db/store'
import { inProcessApp } from './in-process-app'
import { replaceMarkedSection } from './marked-section'

const START = '<!-- call-log:start -->'
const END = '<!-- call-log:end -->'
const ROWS = Number(process.env.BENCH_CALL_LOG_ROWS ?? 10_000_000)
const REQUESTS = Number(process.env.BENCH_CALL_LOG_REQUESTS ?? 200)
const TARGET_MS = 20
const TARGET_BYTES = 300
const SERVERS = 50
const USERS = 200

const { app, deps, headers, close } = await inProcessApp('toolyard-bench-call-log-')
const db = (deps.store as Store).db
const projectId = (await deps.projects.projectOrCreate('bench')).id
const servers = Array.from({ length: SERVERS }, () => Bun.randomUUIDv7())
const users = Array.from({ length: USERS }, () => Bun.randomUUIDv7())
const addRef = db.query<never, { value: string }>('INSERT OR IGNORE INTO call_log_refs (value) VALUES ($value)')
const refOf = db.query<{ ref: number }, { value: string }>('SELECT ref FROM call_log_refs WHERE value = $value')
const ref = (value: string) => {
  addRef.run({ value })
  return refOf.get({ value })!.ref
}
const project = ref(projectId)
const firstServer = ref(servers[0]!)
for (const s of servers.slice(1)) ref(s)
const firstUser = ref(users[0]!)
for (const u of users.slice(1)) ref(u)

// Typical rows: 50 servers (refs in a row), a third of the calls for one of 200 end users, 30 tool names, one call in
// 50 an error with its message, UUID-shaped ids and request ids, 10 ms apart.
const filled = performance.now()
const t0 = Date.now() - ROWS * 10
db.query(
  `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
   INSERT INTO call_log_rows
     (id, project_ref, server_ref, user_ref, kind, name, outcome, duration_ms, error, request_id, created_ms)
   SELECT printf('%08x-%04x-7%03x-8%03x-%012x', ($t0 + i * 10) >> 16, ($t0 + i * 10) & 65535, i & 4095,
       (i >> 12) & 4095, abs(random()) % 281474976710656),
     $project, $server + i % ${SERVERS}, CASE WHEN i % 3 = 0 THEN $user + i % ${USERS} END, 'tool',
     'tool_' || (i % 30) || '_search', CASE WHEN i % 50 = 0 THEN 'error' ELSE 'ok' END, i % 300,
     CASE WHEN i % 50 = 0 THEN 'upstream answered 502 Bad Gateway' END,
     printf('%08x-%04x-4%03x-a%03x-%012x', abs(random()) % 4294967296, abs(random()) % 65536, abs(random()) % 4096,
       abs(random()) % 4096, abs(random()) % 281474976710656),
     $t0 + i * 10
   FROM n`,
).run({ rows: ROWS, t0, project, server: firstServer, user: firstUser })
db.exec('PRAGMA wal_checkpoint(TRUNCATE)')
const fillSeconds = (performance.now() - filled) / 1000

const pages = db
  .query<{ name: string; bytes: number }, []>(
    `SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'call_log%' OR name LIKE 'sqlite_autoindex_call_log%'
     GROUP BY name`,
  )
  .all()
const bytesPerRow = pages.reduce((sum, p) => sum + p.bytes, 0) / ROWS

const get = async (query: string) => {
  const res = await app.handle(new Request(`http://127.0.0.1:8080/mcp/calls?${query}`, { headers }))
  const body = (await res.json()) as { calls: unknown[]; next_cursor?: string }
  if (res.status !== 200 || body.calls.length === 0) throw new Error(`GET /calls?${query}: ${res.status}`)
  return body
}
const cursor = (await get('limit=50')).next_cursor!
const cases: [string, string][] = [
  ['no filter', 'limit=50'],
  ['second page (cursor)', `limit=50&cursor=${cursor}`],
  ['server_id', `server_id=${servers[7]}&limit=50`],
  ['user_id', `user_id=${users[9]}&limit=50`],
  ['tool', 'tool=tool_13_search&limit=50'],
  ['outcome=error (1 in 50)', 'outcome=error&limit=50'],
  ['server_id + tool + outcome', `server_id=${servers[3]}&tool=tool_3_search&outcome=ok&limit=50`],
]
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!
const figures: { name: string; p50: number; p99: number }[] = []
for (const [name, query] of cases) {
  for (let i = 0; i < 10; i++) await get(query)
  const times: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now()
    await get(query)
    times.push(performance.now() - t)
  }
  figures.push({ name, p50: pct(times, 0.5), p99: pct(times, 0.99) })
}
await close()

const ms = (v: number) => `${v < 10 ? v.toFixed(2) : v.toFixed(1)} ms`
const worst = Math.max(...figures.map((f) => f.p50))
const section = `${START}
## The call log at ${ROWS.toLocaleString('en')} rows (\`bench/call-log.ts\`, in process, SQLite)

One project's log of ${ROWS.toLocaleString('en')} typical rows (${SERVERS} servers, a third of the calls for one of ${USERS}
end users, 30 tools, one call in 50 an error), filled in ${fillSeconds.toFixed(0)} s by one \`INSERT … SELECT\`; then
${REQUESTS} \`GET /calls?limit=50\` per case through the app's handler, on ${new Date().toISOString().slice(0, 10)}
(docs/decisions/0380-call-log-at-scale.md). Target: p50 under ${TARGET_MS} ms for every filter — ${worst < TARGET_MS ? 'met' : 'missed'}
(worst p50 ${ms(worst)}); at most ${TARGET_BYTES} bytes a row with every index — ${bytesPerRow <= TARGET_BYTES ? 'met' : 'missed'}
(${bytesPerRow.toFixed(0)} bytes: ${pages
  .sort((a, b) => b.bytes - a.bytes)
  .map((p) => `${p.name} ${(p.bytes / ROWS).toFixed(0)}`)
  .join(', ')}).

| filter | p50 | p99 |
| --- | --- | --- |
${figures.map((f) => `| ${f.name} | ${ms(f.p50)} | ${ms(f.p99)} |`).join('\n')}
${END}
`
replaceMarkedSection(resolve(import.meta.dir, '..'), START, END, section)
console.log(section)
process.exit(0)
