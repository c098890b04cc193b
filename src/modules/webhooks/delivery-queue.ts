// The in-memory timer queue in front of the webhook outbox: schedules each pending row, bounds concurrency,
// reloads every pending row on start (so a restart or a kill -9 resumes), and stops cleanly on shutdown.
// Due deliveries wait in one line per project, served round-robin, and a project has at most half the attempts in
// flight: one project's backlog or slow receiver cannot delay another's deliveries (docs/decisions/0013-isolation.md).
import { ProjectQueues } from '../../lib/fair-queue'
import { type DeliveryContext, deliverWebhook, retryDelayMs } from './deliver'
import type { PendingRow, QueuedDelivery } from './repository'

export interface DeliveryQueueOptions {
  /** Attempts in flight at once (TOOLYARD_WEBHOOK_CONCURRENCY); the rest wait their turn. */
  concurrency?: number
  /** How often the outbox is re-read for rows nobody scheduled (written by another process, or missed). */
  sweepMs?: number
}

// setTimeout's ceiling; a later due time is simply re-checked when the timer fires.
const MAX_TIMER_MS = 2 ** 31 - 1

export function createDeliveryQueue(ctx: DeliveryContext, options: DeliveryQueueOptions = {}) {
  const concurrency = options.concurrency ?? 8
  const perProject = Math.max(1, Math.ceil(concurrency / 2))
  const sweepMs = options.sweepMs ?? 30_000
  /** Every delivery id this process is responsible for right now: timer set, waiting for a slot, or in flight. */
  const tracked = new Set<string>()
  const timers = new Map<string, Timer>()
  let ready = new ProjectQueues<string>()
  const inFlight = new Map<string, Promise<void>>()
  /** Attempts in flight per project. */
  const busy = new Map<string, number>()
  let stopController = new AbortController()
  let sweepTimer: Timer | undefined
  let running = false

  function schedule({ id, projectId }: QueuedDelivery, dueAt: number) {
    if (!running) return
    tracked.add(id)
    const wait = Math.min(Math.max(0, dueAt - Date.now()), MAX_TIMER_MS)
    const timer = setTimeout(() => {
      timers.delete(id)
      if (Date.now() < dueAt) return schedule({ id, projectId }, dueAt)
      ready.push(projectId, id)
      pump()
    }, wait)
    timers.set(id, timer)
  }

  const roomFor = (projectId: string) => ((busy.get(projectId) ?? 0) < perProject ? projectId : undefined)

  function pump() {
    while (running && inFlight.size < concurrency) {
      const next = ready.next(roomFor)
      if (!next) return
      const { item: id, place: projectId } = next
      busy.set(projectId, (busy.get(projectId) ?? 0) + 1)
      const run = attempt({ id, projectId }).finally(() => {
        inFlight.delete(id)
        const left = (busy.get(projectId) ?? 1) - 1
        if (left > 0) busy.set(projectId, left)
        else busy.delete(projectId)
        pump()
      })
      inFlight.set(id, run)
    }
  }

  async function attempt(delivery: QueuedDelivery) {
    const { id } = delivery
    let keep = false
    try {
      const result = await deliverWebhook(ctx, id, stopController.signal)
      if (result.outcome !== 'skipped') ctx.onAttempt?.(result.outcome)
      if (result.outcome === 'pending' && running) {
        keep = true
        schedule(delivery, result.nextAttemptAt)
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
  async function loadPending(): Promise<number> {
    let added = 0
    for (const row of await ctx.repo.pending()) {
      if (tracked.has(row.id)) continue
      schedule({ id: row.id, projectId: row.project_id }, dueAt(row))
      added++
    }
    return added
  }
  const sweep = () =>
    loadPending().catch((error) => ctx.log.error('webhook outbox sweep failed', { error: String(error) }))

  return {
    /** Starts the timers and schedules the outbox's pending rows; resolves once they are scheduled. */
    async start() {
      if (running) return
      running = true
      stopController = new AbortController()
      sweepTimer = setInterval(sweep, sweepMs)
      await sweep()
    },
    /** Rows just committed to the outbox: try them now. */
    enqueue(deliveries: QueuedDelivery[]) {
      for (const d of deliveries) if (!tracked.has(d.id)) schedule(d, 0)
    },
    /** Stops timers and abandons attempts in flight; their rows stay pending for the next start. */
    async stop() {
      if (!running) return
      running = false
      clearInterval(sweepTimer)
      for (const t of timers.values()) clearTimeout(t)
      timers.clear()
      ready = new ProjectQueues<string>()
      stopController.abort()
      await Promise.allSettled([...inFlight.values()])
      tracked.clear()
    },
  }
}
