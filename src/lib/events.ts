// In-process event path shared by webhooks (outbox rows written inside the change's transaction)
// and MCP sessions (resources/updated and list_changed notifications after commit). After commit is the storage
// port's (`Store.afterCommit`, docs/decisions.md, "The storage seam"): a rolled-back change publishes nothing.
export type ResourceEventType = 'resource.created' | 'resource.updated' | 'resource.deleted'

export interface ResourceEvent {
  type: ResourceEventType
  projectId: string
  serverId: string
  uri: string
  name: string
  at: string
}

interface ListChangedEvent {
  type: 'list_changed'
  list: 'tools' | 'resources' | 'prompts'
  projectId: string
  /** Absent when every server of the project is affected (e.g. a toolkit or a project-wide prompt). */
  serverId?: string
}

export type ToolyardEvent = ResourceEvent | ListChangedEvent

/** `afterCommit`: runs a callback once the transaction open now commits (or soon, when none is open). */
export function createEventBus(afterCommit: (fn: () => void) => void) {
  const inTransaction: ((e: ResourceEvent) => void)[] = []
  const listeners: ((e: ToolyardEvent) => void)[] = []
  return {
    /** Synchronous handlers run inside the caller's SQLite transaction (e.g. writing the webhook outbox). */
    onResourceEventInTransaction(fn: (e: ResourceEvent) => void) {
      inTransaction.push(fn)
    },
    /** Listeners run after the transaction committed, never on rollback; errors are contained. */
    subscribe(fn: (e: ToolyardEvent) => void): () => void {
      listeners.push(fn)
      return () => {
        const i = listeners.indexOf(fn)
        if (i >= 0) listeners.splice(i, 1)
      }
    },
    /**
     * An event committed by another instance (src/mcp/instance-bridge.ts): to the listeners only, at once. Its
     * in-transaction work (the webhook outbox) was done where it happened and is not repeated here.
     */
    deliver(e: ToolyardEvent) {
      for (const fn of listeners) {
        try {
          fn(e)
        } catch {
          // As after a commit: one listener's failure does not stop the others.
        }
      }
    },
    /** Call as the last step inside the transaction that made the change. */
    publish(e: ToolyardEvent) {
      if (e.type !== 'list_changed') for (const fn of inTransaction) fn(e)
      afterCommit(() => {
        for (const fn of listeners) {
          try {
            fn(e)
          } catch {
            // A listener's failure (a closed stream) must not affect the change or other listeners.
          }
        }
      })
    },
  }
}
export type EventBus = ReturnType<typeof createEventBus>
