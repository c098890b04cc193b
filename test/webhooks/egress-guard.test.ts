// The egress guard at delivery time: with private egress off, a loopback callback is refused and the delivery fails at once.
import { afterAll, expect, test } from 'bun:test'
import { startTestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

const rx = startReceiver()
afterAll(async () => {
  await rx.stop()
})

const settled = (d: any) => d.status !== 'pending'

test('a private callback address is refused at delivery time: failed at once, with the reason', async () => {
  const guarded = await startTestApp({ TOOLYARD_ALLOW_PRIVATE_EGRESS: 'false', TOOLYARD_WEBHOOK_RETRY_BASE_MS: '50' })
  try {
    const res = await guarded.api('/subscribe', { body: { callback_url: rx.url } })
    expect(res.status).toBe(201)
    const sub = (await res.json()) as any
    await guarded.server.deps.store.tx(() =>
      guarded.server.deps.events.publishResource({
        type: 'resource.updated',
        projectId: guarded.projectId,
        serverId: 's',
        uri: 'docs://r',
        name: 'R',
        at: new Date().toISOString(),
      }),
    )
    const d = await waitFor('refused delivery', async () => {
      const list = ((await (await guarded.api(`/subscriptions/${sub.id}/deliveries`)).json()) as any).deliveries
      return list[0] && settled(list[0]) ? list[0] : null
    })
    expect(d.status).toBe('failed')
    expect(d.attempts.length).toBe(1)
    expect(d.attempts[0].error).toContain('egress refused')
    expect(d.attempts[0].error).toContain('TOOLYARD_ALLOW_PRIVATE_EGRESS')
    expect(rx.received.length).toBe(0)
  } finally {
    await guarded.stop()
  }
}, 30000)
