// The PostgreSQL section of `npm run bench`: a throwaway cluster (started as the tests start theirs,
// test/helpers/postgres-cluster.ts) with one database; one `toolyard serve` on it, then two more on the same database,
// every one with the same TOOLYARD_MASTER_KEY and rate limits off. Builtin and JavaScript `tools/call` are measured on
// SQLite (the caller's running binary), PostgreSQL with one instance and PostgreSQL with three, in interleaved rounds.
// Everything it starts is stopped before it returns, the cluster last (and on exit, should the run fail).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { SQL } from 'bun'
import { startAnyCluster } from '../test/helpers/postgres-cluster'
import type { PostgresFigures } from './postgres-report'
import { type Started, startUntil } from './procs'
import { startSmallToolyard, toolyardEnv } from './toolyard'
import type { WrkResult } from './wrk'

export interface BenchScenario {
  url: string
  headers: Record<string, string>
  bodies: string[]
  /** Ports of several instances on 127.0.0.1 driven at once (one wrk thread each); `url` names the first. */
  targets?: number[]
  connections?: number
}

/** The Toolyard already running on SQLite: its /mcp base, key header and server slugs. */
interface SqliteTarget {
  base: string
  headers: Record<string, string>
  slugs: { small: string; js: string }
}

export async function measurePostgres(opts: {
  binary: string
  sqlite: SqliteTarget
  bodies: { builtin: string; js: string }
  connections: number
  seconds: number
  rounds: number
  /** Runs the scenarios round by round, interleaved; each result is the best round's. */
  load: (...scenarios: BenchScenario[]) => Promise<WrkResult[]>
}): Promise<PostgresFigures> {
  // On disk, as a deployment's database would be (the tests' cluster is in memory when it can be).
  const cluster = await startAnyCluster({ inMemory: false })
  const started: Started[] = []
  const dirs: string[] = []
  try {
    const admin = new SQL(cluster.url, { max: 1 })
    const [{ version }] = await admin.unsafe('SELECT version()')
    await admin.unsafe('CREATE DATABASE toolyard_bench')
    await admin.close()
    const url = new URL(cluster.url)
    url.pathname = '/toolyard_bench'
    const shared = {
      TOOLYARD_DATABASE_URL: url.toString(),
      TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64'),
    }

    // The first instance makes the key and the two servers; the other two start on the database it filled.
    const first = await startSmallToolyard(opts.binary, shared)
    started.push(first.started)
    dirs.push(first.dataDir)
    for (let i = 0; i < 2; i++) {
      dirs.push(mkdtempSync(join(tmpdir(), 'toolyard-bench-pg-')))
      const env = { ...toolyardEnv(dirs.at(-1)!), ...shared }
      started.push(await startUntil([opts.binary, 'serve'], env, /port (\d+)\)/))
    }
    const ports = started.map((s) => s.port)
    // The same total as one instance gets, rounded up to a multiple of three (wrk gives each thread an equal share).
    const spread = Math.ceil(opts.connections / 3) * 3

    const scenarios = (slugs: SqliteTarget['slugs'], slug: 'small' | 'js', body: string): BenchScenario[] => [
      { url: `${opts.sqlite.base}/${opts.sqlite.slugs[slug]}`, headers: opts.sqlite.headers, bodies: [body] },
      { url: `${first.base}/${slugs[slug]}`, headers: first.headers, bodies: [body] },
      {
        url: `${first.base}/${slugs[slug]}`,
        headers: first.headers,
        bodies: [body],
        targets: ports,
        connections: spread,
      },
    ]
    const builtin = await opts.load(...scenarios(first.slugs, 'small', opts.bodies.builtin))
    const js = await opts.load(...scenarios(first.slugs, 'js', opts.bodies.js))
    const row = (i: number, backend: 'SQLite' | 'PostgreSQL', instances: number, connections: number) => ({
      backend,
      instances,
      connections,
      builtin: builtin[i]!,
      js: js[i]!,
    })
    return {
      rows: [
        row(0, 'SQLite', 1, opts.connections),
        row(1, 'PostgreSQL', 1, opts.connections),
        row(2, 'PostgreSQL', 3, spread),
      ],
      version: /PostgreSQL [\d.]+/.exec(String(version))?.[0] ?? 'PostgreSQL',
      cores: cpus().length,
      date: new Date().toISOString().slice(0, 10),
      loadAverage: Number(loadavg()[0]!.toFixed(1)),
      seconds: opts.seconds,
      rounds: opts.rounds,
    }
  } finally {
    await Promise.all(started.map((s) => s.stop()))
    cluster.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
}
