// The only croner caller: runs plain job functions on a schedule, never overlapping, never throwing.
import { Cron } from 'croner'
import type { Logger } from '../lib/log'

export interface Scheduler {
  /** `pattern` is a croner pattern (seconds allowed, e.g. every 30 s: star-slash-30 then five stars). */
  every(name: string, pattern: string, job: () => Promise<unknown>): void
  stop(): void
}

export function createScheduler(log: Logger): Scheduler {
  const jobs: Cron[] = []
  return {
    every(name, pattern, job) {
      jobs.push(
        new Cron(
          pattern,
          { protect: true, catch: (err) => log.error('job failed', { job: name, error: String(err) }) },
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
