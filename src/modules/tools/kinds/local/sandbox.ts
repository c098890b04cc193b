// How a local server's child is launched: under bubblewrap when the machine has it (no network unless the operator's
// `allow_network`, the file system read-only but for the child's own scratch directory, the data directory hidden, its
// own PID namespace, gone with us), and under `prlimit` memory and CPU limits when util-linux has it. Without bwrap
// the child still runs, unsandboxed, and the toolkit's status says so (docs/decisions/0366-local-server-sandbox.md).
import { accessSync, constants } from 'node:fs'
import { delimiter, join, resolve } from 'node:path'
import type { LocalServer } from './servers'

/** The programs this machine has for confining a child (absolute paths), found once at start. */
export interface Confiners {
  bwrap?: string
  prlimit?: string
}

const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

/** The first `name` on `path` that can be run (the usual system directories are looked in too). */
function findProgram(name: string, path: string): string | undefined {
  const dirs = [...path.split(delimiter), '/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin']
  return dirs
    .filter(Boolean)
    .map((d) => join(d, name))
    .find(executable)
}

export const findConfiners = (path: string): Confiners => {
  const bwrap = findProgram('bwrap', path)
  const prlimit = findProgram('prlimit', path)
  return { ...(bwrap ? { bwrap } : {}), ...(prlimit ? { prlimit } : {}) }
}

export interface Launch {
  command: string
  args: string[]
  sandbox: 'bwrap' | 'off'
}

/**
 * The command line of one child. `scratch` is its private writable directory (HOME and TMPDIR point there);
 * `hidden` are directories the child must not even read (the service's data directory: its database and files).
 * No secret is on this line: credentials reach the child as its environment only.
 */
export function launchOf(server: LocalServer, scratch: string, hidden: string[], c: Confiners): Launch {
  const limited = c.prlimit
    ? [c.prlimit, `--as=${server.memory_mb * 1024 * 1024}`, `--cpu=${server.cpu_s}`, '--nofile=1024', '--']
    : []
  const program = [...limited, server.command, ...server.args]
  if (!c.bwrap) return { command: program[0]!, args: program.slice(1), sandbox: 'off' }
  const hide = hidden.map((d) => resolve(d)).flatMap((d) => ['--tmpfs', d])
  const args = [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    ...hide,
    '--bind',
    scratch,
    scratch,
    '--chdir',
    scratch,
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    ...(server.allow_network ? [] : ['--unshare-net']),
    '--die-with-parent',
    '--new-session',
    '--',
    ...program,
  ]
  return { command: c.bwrap, args, sandbox: 'bwrap' }
}
