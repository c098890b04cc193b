// The in-memory timer queue in front of the webhook outbox: schedules each pending row, bounds concurrency,
// reloads every pending row on start (so a restart or a kill -9 resumes), and stops cleanly on shutdown.
import { type DeliveryContext, deliverWebhook, retryDelayMs } from './deliver'
import type { PendingRow } from './repository'

export interface DeliveryQueueOptions {
  /** Attempts in flight at once; the rest wait their turn. */
  concurrency?: number
  /** How often the outbox is re-read for rows nobody scheduled (written by another process, or missed). */
  sweepMs?: number
}

// setTimeout's ceiling; a later due time is simply re-checked when the timer fires.
const MAX_TIMER_MS = 2 ** 31 - 1

export function createDeliveryQueue(ctx: DeliveryContext, options: DeliveryQueueOptions = {}) {
  const concurrency = options.concurrency ?? 8
  const sweepMs = options.sweepMs ?? 30_000
  /** Every delivery id this process is responsible for right now: timer set, waiting for a slot, or in flight. */
  const tracked = new Set<string>()
  const timers = new Map<string, Timer>()
  const ready: string[] = []
  const inFlight = new Map<string, Promise<void>>()
  let stopController = new AbortController()
  let sweepTimer: Timer | undefined
  let running = false

  function schedule(id: string, dueAt: number) {
    if (!running) return
    tracked.add(id)
    const wait = Math.min(Math.max(0, dueAt - Date.now()), MAX_TIMER_MS)
    const timer = setTimeout(() => {
      timers.delete(id)
      if (Date.now() < dueAt) return schedule(id, dueAt)
      ready.push(id)
      pump()
    }, wait)
    timers.set(id, timer)
  }

  function pump() {
    while (running && inFlight.size < concurrency && ready.length > 0) {
      const id = ready.shift()!
      const run = attempt(id).finally(() => {
        inFlight.delete(id)
        pump()
      })
      inFlight.set(id, run)
    }
  }

  async function attempt(id: string) {
    let keep = false
    try {
      const result = await deliverWebhook(ctx, id, stopController.signal)
      if (result.outcome !== 'skipped') ctx.onAttempt?.(result.outcome)
      if (result.outcome === 'pending' && running) {
        keep = true
        schedule(id, result.nextAttemptAt)
      }
    } catch (error) {
      // A database or signing failure: leave the row pending for the next sweep rather than losing it.
      ctx.log.error('webhook delivery crashed', { delivery_id: id, error: String(error) })
    } finally {
      if (!keep) tracked.delete(id)
    }
  }

  /**
   * When a pending row is due: its stored time, or sooner when the current retry base (which may have been
   * lowered since that time was computed, e.g. across a restart) says so.
   */
  function dueAt(row: PendingRow): number {
    const stored = row.next_attempt_at ? Date.parse(row.next_attempt_at) : 0
    if (row.attempts === 0 || !row.last_attempt_at) return stored
    return Math.min(stored, Date.parse(row.last_attempt_at) + retryDelayMs(ctx.retryBaseMs, row.attempts))
  }

  /** Schedules every pending outbox row not already tracked. */
  function loadPending(): number {
    let added = 0
    for (const row of ctx.repo.pending()) {
      if (tracked.has(row.id)) continue
      schedule(row.id, dueAt(row))
      added++
    }
    return added
  }

  return {
    start() {
      if (running) return
      running = true
      stopController = new AbortController()
      loadPending()
      sweepTimer = setInterval(() => {
        try {
          loadPending()
        } catch (error) {
          ctx.log.error('webhook outbox sweep failed', { error: String(error) })
        }
      }, sweepMs)
    },
    /** Rows just committed to the outbox: try them now. */
    enqueue(ids: string[]) {
      for (const id of ids) if (!tracked.has(id)) schedule(id, 0)
    },
    /** Stops timers and abandons attempts in flight; their rows stay pending for the next start. */
    async stop() {
      if (!running) return
      running = false
      clearInterval(sweepTimer)
      for (const t of timers.values()) clearTimeout(t)
      timers.clear()
      ready.length = 0
      stopController.abort()
      await Promise.allSettled([...inFlight.values()])
      tracked.clear()
    },
  }
}
