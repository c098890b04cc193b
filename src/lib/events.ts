// In-process event path shared by webhooks (outbox rows written inside the change's transaction)
// and MCP sessions (resources/updated and list_changed notifications after commit). After commit is the storage
// port's (`Store.afterCommit`, docs/decisions/0025-the-storage-seam.md): a rolled-back change publishes nothing.
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
  const inTransaction: ((e: ResourceEvent) => Promise<void> | void)[] = []
  const listeners: ((e: ToolyardEvent) => void)[] = []
  const afterCommitToListeners = (e: ToolyardEvent) =>
    afterCommit(() => {
      for (const fn of listeners) {
        try {
          fn(e)
        } catch {
          // A listener's failure (a closed stream) must not affect the change or other listeners.
        }
      }
    })
  return {
    /**
     * Handlers that write inside the caller's transaction (the webhook outbox). `publishResource` awaits each in turn,
     * in the caller's async context, so their statements join that transaction: a handler's failure fails (and rolls
     * back) the change, and a rollback takes what they wrote with it.
     */
    onResourceEventInTransaction(fn: (e: ResourceEvent) => Promise<void> | void) {
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
    /** A list changed: call inside the transaction that made the change; listeners hear it after the commit. */
    publish(e: ListChangedEvent) {
      afterCommitToListeners(e)
    },
    /**
     * A resource changed: await it as the last step inside the transaction that made the change (`store.tx(async
     * …)`). The in-transaction handlers write first; listeners hear it after the commit.
     */
    async publishResource(e: ResourceEvent): Promise<void> {
      for (const fn of inTransaction) await fn(e)
      afterCommitToListeners(e)
    },
  }
}
export type EventBus = ReturnType<typeof createEventBus>
