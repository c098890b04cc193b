// The only croner caller: runs plain job functions on a schedule, never overlapping, never throwing.
import { Cron } from 'croner'
import type { Logger } from '../lib/log'

export interface Scheduler {
  /** Runs `job` every `intervalS` seconds (at least 1); the first run is one interval after this call. */
  every(name: string, intervalS: number, job: () => Promise<unknown>): void
  stop(): void
}

export function createScheduler(log: Logger): Scheduler {
  const jobs: Cron[] = []
  return {
    every(name, intervalS, job) {
      jobs.push(
        new Cron(
          // Every second, thinned out by `interval`; startAt keeps the first run from firing right at start-up.
          '* * * * * *',
          {
            interval: intervalS,
            startAt: new Date(Date.now() + intervalS * 1000),
            protect: true,
            // Intervals do not depend on the time zone; without an offset croner reads local time, and the first
            // local-time reading in a process loads the time zone data (~5 ms of start time).
            utcOffset: 0,
            catch: (err) => log.error('job failed', { job: name, error: String(err) }),
          },
          async () => {
            await job()
          },
        ),
      )
    },
    stop() {
      for (const j of jobs) j.stop()
      jobs.length = 0
    },
  }
}
