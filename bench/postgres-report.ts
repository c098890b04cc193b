// The PostgreSQL section of docs/benchmarks.md, from the figures bench/postgres.ts measures: SQLite and PostgreSQL
// side by side, one and three instances, builtin and JavaScript `tools/call`.
import type { WrkResult } from './wrk'

export interface PostgresRow {
  backend: 'SQLite' | 'PostgreSQL'
  instances: number
  /** Total wrk connections (spread evenly over the instances). */
  connections: number
  builtin: WrkResult
  js: WrkResult
}

export interface PostgresFigures {
  rows: PostgresRow[]
  /** The throwaway cluster's server version, e.g. "PostgreSQL 15.18". */
  version: string
  cores: number
  /** When it was measured (YYYY-MM-DD) and the machine's 1-minute load average as it finished. */
  date: string
  loadAverage: number
  seconds: number
  rounds: number
}

const latency = (r: WrkResult) => `${r.p50_ms} / ${r.p99_ms}`

/** The section (report.ts puts it after the throughput table; `BENCH_ONLY=postgres` replaces it in place). */
export function postgresSection(f: PostgresFigures): string {
  const sqlite = f.rows.find((r) => r.backend === 'SQLite')
  const vs = (n: number, of: number | undefined) => (of ? `${(n / of).toFixed(2)} ×` : 'n/a')
  const rows = f.rows.map(
    (r) =>
      `| ${r.backend} | ${r.instances} | ${r.connections} | ${r.builtin.rps} | ${latency(r.builtin)} | ${vs(r.builtin.rps, sqlite?.builtin.rps)} | ${r.js.rps} | ${latency(r.js)} | ${vs(r.js.rps, sqlite?.js.rps)} | ${r.builtin.errors + r.js.errors} |`,
  )
  return `## PostgreSQL mode (\`bench/postgres.ts\`)

Measured on ${f.date} (load average ${f.loadAverage} on the machine as it finished; \`BENCH_ONLY=postgres npm run bench\`
measures this section alone and replaces it here). The same compiled binary with \`TOOLYARD_DATABASE_URL\` on a throwaway cluster (${f.version}; started as the tests
start theirs, \`test/helpers/postgres-cluster.ts\`: fsync off, on this machine), one database, every instance with the
same \`TOOLYARD_MASTER_KEY\`, rate limits off. The SQLite row is the same binary on its SQLite file, one instance,
measured again here in the same interleaved rounds as the PostgreSQL rows (best of ${f.rounds} rounds of ${f.seconds} s each, after a 1 s
warm-up), so the three rows see the same load from the rest of the machine. Three instances are driven by wrk directly,
no proxy: one wrk thread per instance, the connections spread evenly over them (\`BENCH_TARGETS\` in
\`bench/post.lua\`), so no balancer's cost is in the figure.

| Backend | Instances | wrk connections | builtin \`tools/call\` req/s | p50 / p99 ms | × SQLite | JavaScript \`tools/call\` req/s | p50 / p99 ms | × SQLite | errors |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

This machine has ${f.cores} cores, and PostgreSQL, wrk and every instance share them: three instances run on the same
${f.cores} cores as one, so the three-instance row shows what running several instances costs here (more processes,
more database round trips sharing the CPU), not how far the service scales. Scaling out pays when each instance has
its own machine (docs/scale-out.md). Both backends answer a \`tools/call\` from the instance's in-memory read model;
the call log and the audit trail are written in batches by writer threads with connections of their own on either
backend (docs/decisions/0381-postgres-call-log-thread.md), and the PostgreSQL server's own processes take their share
of the same cores.
`
}

export const START = '<!-- postgres:start -->'
export const END = '<!-- postgres:end -->'

/** The section with its markers, as report.ts places it in a freshly written docs/benchmarks.md. */
export const markedPostgresSection = (f: PostgresFigures) => `${START}\n${postgresSection(f)}${END}\n`
