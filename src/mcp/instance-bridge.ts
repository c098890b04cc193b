// Joins this instance's protocol side to the other instances' (docs/decisions/0042-mcp-sessions-across-instances.md):
// list and resource changes committed here are announced on the shared channel, and those announced elsewhere reach
// the streams held here (2025 session GET streams and 2026-07-28 listen streams alike, through the event bus's
// listeners); session changes made elsewhere reach the copies held here; a client's reply or cancellation that
// arrived here for a request running elsewhere is passed on; a 2026-07-28 task cancelled or answered elsewhere reaches
// its run here (docs/decisions/0047-tasks-across-instances.md). PostgreSQL mode only: one process needs none of it.
import type { BridgedEvent, PeerChannel } from '../db/postgres/change-feed'
import type { EventBus, ToolyardEvent } from '../lib/events'
import type { Logger } from '../lib/log'
import type { TaskStore } from './modern/tasks'
import type { SessionStore } from './sessions'

export interface InstanceBridge {
  stop(): Promise<void>
}

/** Starts the bridge; resolves once this instance listens, so every event announced after that is heard. */
export async function bridgeInstances(o: {
  events: EventBus
  sessions: SessionStore
  channel: PeerChannel
  log: Logger
  /** The 2026-07-28 tasks run here. */
  tasks?: Pick<TaskStore, 'cancelledElsewhere' | 'answeredElsewhere' | 'resync'>
}): Promise<InstanceBridge> {
  const { events, sessions, channel, log, tasks } = o
  /** Events delivered from other instances: not announced back. */
  const fromPeers = new WeakSet<ToolyardEvent>()
  const send = (event: BridgedEvent): Promise<void> =>
    channel.publish(event).catch((err: Error) => {
      log.warn('protocol event not passed to the other instances', { kind: event.kind, error: err.message })
    })

  const heard = (event: BridgedEvent) => {
    switch (event.kind) {
      case 'list_changed': {
        const e: ToolyardEvent = {
          type: 'list_changed',
          list: event.list,
          projectId: event.project_id,
          ...(event.server_id ? { serverId: event.server_id } : {}),
        }
        fromPeers.add(e)
        events.deliver(e)
        return
      }
      case 'resource_updated': {
        const e: ToolyardEvent = {
          type: 'resource.updated',
          projectId: event.project_id,
          serverId: event.server_id,
          uri: event.uri,
          name: '',
          at: new Date().toISOString(),
        }
        fromPeers.add(e)
        events.deliver(e)
        return
      }
      case 'session_changed':
        sessions.changedElsewhere(event.session, event.change)
        return
      case 'client_reply':
        sessions.repliedElsewhere(event.session, event.id, event.reply)
        return
      case 'cancelled':
        sessions.cancelledElsewhere(event.key)
        return
      case 'task_cancelled':
        tasks?.cancelledElsewhere(event.task)
        return
      case 'task_answered':
        tasks?.answeredElsewhere(event.task, event.owner, event.responses)
        return
    }
  }
  const listening = await channel.listen(
    (event) => {
      try {
        heard(event)
      } catch (err) {
        log.warn('protocol event from another instance not applied', { error: String((err as Error).message) })
      }
    },
    // Session changes and task cancellations may have been missed while the channel was down: read them again.
    () => {
      void sessions.resync()
      tasks?.resync().catch((err: Error) => log.warn('tasks not read again', { error: err.message }))
    },
  )

  const unsubscribe = events.subscribe((e) => {
    if (fromPeers.has(e)) return
    if (e.type === 'list_changed')
      void send({ kind: 'list_changed', project_id: e.projectId, server_id: e.serverId ?? null, list: e.list })
    // A created resource is announced by its own list_changed; updates and deletions reach subscribers.
    else if (e.type !== 'resource.created')
      void send({ kind: 'resource_updated', project_id: e.projectId, server_id: e.serverId, uri: e.uri })
  })
  const disconnect = sessions.connectPeers({
    // A reply of any size: one past NOTIFY's payload travels through a table (src/db/postgres/change-feed.ts).
    reply: (ref, id, reply) => void send({ kind: 'client_reply', session: ref, id, reply }),
    cancel: (key) => void send({ kind: 'cancelled', key }),
  })

  return {
    async stop() {
      unsubscribe()
      disconnect()
      await listening.stop()
    },
  }
}
