// The webhook delivery loop of PostgreSQL mode (docs/decisions/0045-claimed-work-across-instances.md): instead of a timer
// per row in this process's memory, each instance claims due outbox rows from the shared database (one claimer per row,
// leased until `leased_until`) and attempts exactly those. It claims only as many as it has free slots, every `pollMs`,
// right after a local commit wrote rows, and whenever an attempt ends; what it claimed goes out at once, so a lease
// only has to cover one attempt. Stopping abandons attempts in flight: unrecorded, their rows are due again once their
// lease ends and another instance (or this one, restarted) delivers them.
import { type AttemptRow, attemptDelivery, type DeliveryContext } from './deliver'

/** A claimed outbox row: what an attempt needs, and when this instance's hold on it ends. */
export type ClaimedRow = AttemptRow & { leased_until: string }

/**
 * Claims up to `limit` due deliveries for `leaseMs` (src/modules/webhooks/outbox-claims.ts), taken in per-project turns with
 * at most `share` in flight per project on this instance, `busy` counted.
 */
export type ClaimDeliveries = (opts: {
  limit: number
  leaseMs: number
  fairness: { share: number; busy: Record<string, number> }
}) => Promise<ClaimedRow[]>

export interface ClaimingQueueOptions {
  claim: ClaimDeliveries
  /** Attempts in flight at once on this instance (TOOLYARD_WEBHOOK_CONCURRENCY). */
  concurrency: number
  /** How long a claimed row is this instance's (TOOLYARD_WEBHOOK_LEASE_S), in ms. */
  leaseMs: number
  /** How often the outbox is asked for due rows (TOOLYARD_WEBHOOK_POLL_MS). */
  pollMs: number
}

export function createClaimingQueue(ctx: DeliveryContext, options: ClaimingQueueOptions) {
  const inFlight = new Map<string, Promise<void>>()
  const share = Math.max(1, Math.ceil(options.concurrency / 2))
  /** Attempts in flight per project. */
  const busy = new Map<string, number>()
  let stopController = new AbortController()
  let pollTimer: Timer | undefined
  let running = false
  /** A claim is running; `again`: something asked for another while it ran. */
  let claiming: Promise<void> | undefined
  let again = false

  async function attempt(row: ClaimedRow) {
    try {
      const result = await attemptDelivery(ctx, row, stopController.signal, row.leased_until)
      if (result.outcome !== 'skipped') ctx.onAttempt?.(result.outcome)
    } catch (error) {
      // A database or signing failure: the row stays pending and is claimed again once the lease ends.
      ctx.log.error('webhook delivery crashed', { delivery_id: row.id, error: String(error) })
    }
  }

  async function claimOnce() {
    const free = options.concurrency - inFlight.size
    if (!running || free <= 0) return
    const rows = await options.claim({
      limit: free,
      leaseMs: options.leaseMs,
      fairness: { share, busy: Object.fromEntries(busy) },
    })
    for (const row of rows) {
      // Claimed while stopping: left to its lease like any abandoned attempt.
      if (!running) return
      const project = row.project_id
      busy.set(project, (busy.get(project) ?? 0) + 1)
      const run = attempt(row).finally(() => {
        inFlight.delete(row.id)
        const left = (busy.get(project) ?? 1) - 1
        if (left > 0) busy.set(project, left)
        else busy.delete(project)
        pull()
      })
      inFlight.set(row.id, run)
    }
    // A full batch: more may be due right now.
    if (rows.length === free) again = true
  }

  /** Asks for due rows now; requests while a claim runs fold into one more claim after it. */
  function pull() {
    if (!running) return
    if (claiming) {
      again = true
      return
    }
    again = false
    claiming = claimOnce()
      .catch((error) => ctx.log.error('webhook outbox claim failed', { error: String(error) }))
      .finally(() => {
        claiming = undefined
        if (again) pull()
      })
  }

  return {
    /** Starts polling the shared outbox; resolves after the first claim. */
    async start() {
      if (running) return
      running = true
      stopController = new AbortController()
      pollTimer = setInterval(pull, options.pollMs)
      pull()
      await claiming
    },
    /** Rows just committed to the outbox by this instance: claim now rather than at the next poll. */
    enqueue(_written: unknown[]) {
      pull()
    },
    /** Stops polling and abandons attempts in flight; their rows are claimed again after their lease. */
    async stop() {
      if (!running) return
      running = false
      clearInterval(pollTimer)
      stopController.abort()
      await claiming
      await Promise.allSettled([...inFlight.values()])
    },
  }
}
