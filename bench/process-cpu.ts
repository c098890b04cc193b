// CPU time of processes and threads, read from /proc (Linux): what a load run cost each part of the machine.
import { readdirSync, readFileSync } from 'node:fs'

/** User + system CPU of one /proc stat file, in milliseconds (clock ticks of 10 ms). */
function cpuMsOf(statPath: string): number {
  try {
    const stat = readFileSync(statPath, 'utf8')
    // Fields after the command name (in parentheses): state is the first, utime the 12th, stime the 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return 0 // Gone meanwhile.
  }
}

/** Each thread of `pid` by its name and id (`bun (1234)`), with the CPU it has used so far. */
export function cpuByThread(pid: number): Map<string, number> {
  const out = new Map<string, number>()
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let name = '?'
    try {
      name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim()
    } catch {
      continue
    }
    out.set(`${name} (${tid})`, cpuMsOf(`/proc/${pid}/task/${tid}/stat`))
  }
  return out
}

/** The CPU the processes have used so far, summed (threads included). */
export const cpuOfProcesses = (pids: number[]): number =>
  pids.reduce((sum, pid) => sum + cpuMsOf(`/proc/${pid}/stat`), 0)

/** A process and its children now alive (a PostgreSQL postmaster and its backends). */
export function postgresPids(postmaster: number): number[] {
  const children = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8')
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster
      } catch {
        return false
      }
    })
    .map(Number)
  return [postmaster, ...children]
}

/** Run time in ns of this process's main thread and of all its other threads (/proc/self/task/<tid>/schedstat). */
export function threadNs(): { main: number; others: number } {
  let main = 0
  let others = 0
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0])
      if (Number(tid) === process.pid) main += ns
      else others += ns
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return { main, others }
}

/**
 * CPU time a process has used so far, every thread together, in µs: the sum of /proc/<pid>/task/<tid>/schedstat's
 * first field (nanoseconds on a CPU). Read before and after a run, it says what the process took of the shared cores,
 * which the other processes' load disturbs far less than wall time (Linux only).
 */
export function cpuUsOf(pid: number): number {
  let ns = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
    } catch {
      // The thread ended between the listing and the read: its time is gone from the process's figure too.
    }
  }
  return ns / 1000
}
