// A throwaway PostgreSQL cluster with one empty database for a profiled or measured Toolyard: on disk, as a
// deployment's would be (bench/postgres.ts starts its own the same way). Stopped by stop(), or when this process ends.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SQL } from 'bun'
import { startAnyCluster } from '../test/helpers/postgres-cluster'

export async function startPostgresTarget() {
  const cluster = await startAnyCluster({ inMemory: false })
  try {
    const admin = new SQL(cluster.url, { max: 1 })
    await admin.unsafe('CREATE DATABASE toolyard_bench')
    const [{ data_directory }] = await admin.unsafe('SHOW data_directory')
    await admin.close()
    const url = new URL(cluster.url)
    url.pathname = '/toolyard_bench'
    // The first line of postmaster.pid: the server's own process, parent of every backend.
    const postmasterPid = Number(readFileSync(join(data_directory, 'postmaster.pid'), 'utf8').split('\n')[0])
    /** Each server process by what it is: a backend by its client's application_name, the others by their kind. */
    const processNames = async () => {
      const sql = new SQL(url.toString(), { max: 1 })
      try {
        const rows = await sql.unsafe(
          `SELECT pid, CASE WHEN backend_type = 'client backend' THEN coalesce(nullif(application_name, ''), 'pool') ELSE backend_type END AS name FROM pg_stat_activity`,
        )
        return new Map<number, string>(rows.map((r: { pid: number; name: string }) => [Number(r.pid), r.name]))
      } finally {
        await sql.close()
      }
    }
    return { url: url.toString(), postmasterPid, processNames, stop: () => cluster.stop() }
  } catch (e) {
    cluster.stop()
    throw e
  }
}
