// The soak of every call kind (`npm run test:load`, test-load/soak.load.test.ts) as the bench runs it: a child with
// TOOLYARD_LOAD_CALLS=BENCH_SOAK_CALLS (default 100,000 a kind; a TOOLYARD_LOAD_CALLS_<KIND> in the environment still
// applies to its kind) and the allocator's default purge, its figures read from the `SOAK_FIGURES` line it prints.
// BENCH_ONLY=soak runs it alone and replaces its section of docs/benchmarks.md in place.
import { loadavg } from 'node:os'
import type { SoakFigures } from '../test-load/soak'
import { replaceMarkedSection } from './marked-section'
import { END, markedSoakSection, START } from './soak-report'

const IN_FLIGHT = 8

export interface SoakRun {
  figures: SoakFigures[]
  inFlight: number
  /** The machine's 1-minute load average as the soak ended (other processes share the cores). */
  loadAverage: number
}

export function measureSoak(root: string): SoakRun {
  const env: Record<string, string | undefined> = {
    ...process.env,
    TOOLYARD_LOAD_CALLS: process.env.BENCH_SOAK_CALLS ?? '100000',
    TOOLYARD_LOAD_IN_FLIGHT: String(IN_FLIGHT),
  }
  // RSS after GC must be what the process holds, not the high-water mark MIMALLOC_PURGE_DELAY=-1 keeps.
  delete env.MIMALLOC_PURGE_DELAY
  const run = Bun.spawnSync([process.execPath, 'test', './test-load/soak.load.test.ts'], {
    cwd: root,
    env,
    stdout: 'pipe',
    stderr: 'inherit',
  })
  // Its lines (memory at every tenth of each kind, the SOAK_FIGURES line) go on to the bench's output.
  process.stdout.write(run.stdout)
  const line = run.stdout
    .toString()
    .split('\n')
    .find((l) => l.startsWith('SOAK_FIGURES '))
  if (!line) throw new Error(`the soak failed (exit ${run.exitCode}):\n${run.stdout.toString()}`)
  // A kind past its memory bound still has its figures: they are written with the rest of the run (which then ends
  // non-zero), so one leak under a loaded machine does not throw away every other figure of a ten-minute run.
  if (run.exitCode !== 0) {
    console.error(`the soak's memory bound failed (exit ${run.exitCode}): see its figures`)
    process.exitCode = 1
  }
  return {
    figures: JSON.parse(line.slice('SOAK_FIGURES '.length)) as SoakFigures[],
    inFlight: IN_FLIGHT,
    loadAverage: loadavg()[0] ?? 0,
  }
}

/** BENCH_ONLY=soak: the section alone, replaced between its markers (or put before "Memory and start"). */
export function onlySoak(root: string) {
  const section = markedSoakSection(measureSoak(root))
  replaceMarkedSection(root, START, END, section)
  console.log(section)
}
