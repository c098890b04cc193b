// MCP Apps and resource subscriptions through a remote toolkit, over an upstream built with the official
// `@modelcontextprotocol/ext-apps` server helpers (test/helpers/app-upstream.ts): a tool's `_meta.ui.resourceUri` and
// icons are listed as the upstream lists them; the `ui://` view reads with its mimeType and `_meta` untouched; an
// upstream `notifications/resources/updated` reaches the downstream session subscribed to that uri and the project's
// webhooks.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import {
  APP_TOOL_ICONS,
  APP_VIEW_HTML,
  APP_VIEW_META,
  APP_VIEW_URI,
  type AppUpstream,
  startAppUpstream,
  WATCHED_URI,
} from '../helpers/app-upstream'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
let upstream: AppUpstream
let slug: string
const clients: Client[] = []

beforeAll(async () => {
  upstream = startAppUpstream()
  app = await startTestApp()
  const kit = await json(
    await app.api('/toolkits', {
      body: { name: 'weather', toolkit_type: 'remote', remote: { url: upstream.url, transport: 'streamable_http' } },
    }),
    201,
  )
  slug = (await createServer(app, { name: 'weather', toolkits: [{ toolkit_id: kit.id }] })).slug
})
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  await app?.stop()
  await upstream?.stop()
})

async function client() {
  const { client } = await connectClient(app, slug)
  clients.push(client)
  return client
}

async function direct() {
  const c = new Client({ name: 'direct', version: '1.0.0' })
  await c.connect(new StreamableHTTPClientTransport(new URL(upstream.url)))
  clients.push(c)
  return c
}

describe('MCP Apps through a remote toolkit', () => {
  test("a tool's _meta.ui.resourceUri and icons are listed as the upstream lists them", async () => {
    const theirs = (await (await direct()).listTools()).tools.find((t) => t.name === 'show-weather')!
    expect(theirs._meta?.ui).toEqual({ resourceUri: APP_VIEW_URI })
    expect(theirs.icons).toEqual(APP_TOOL_ICONS)
    const ours = (await (await client()).listTools()).tools.find((t) => t.name === 'show-weather')!
    expect(ours._meta).toEqual(theirs._meta!)
    expect(ours.icons).toEqual(APP_TOOL_ICONS)
  })

  test('the ui:// view is listed and reads with its mimeType and _meta untouched', async () => {
    const c = await client()
    expect((await c.listResources()).resources).toContainEqual(
      expect.objectContaining({ uri: APP_VIEW_URI, mimeType: RESOURCE_MIME_TYPE }),
    )
    const read = await c.readResource({ uri: APP_VIEW_URI })
    expect(read.contents).toEqual([
      { uri: APP_VIEW_URI, mimeType: 'text/html;profile=mcp-app', text: APP_VIEW_HTML, _meta: APP_VIEW_META },
    ])
    expect(read).toEqual(await (await direct()).readResource({ uri: APP_VIEW_URI }))
  })
})

describe("an upstream's resources/list_changed", () => {
  test("reaches the project's sessions, and the new resource lists through Toolyard", async () => {
    const c = await client()
    let told = 0
    c.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      told++
    })
    upstream.addResource('test://added/later')
    await waitFor('the list change reaches the session', () => told > 0)
    expect((await c.listResources()).resources.map((r) => r.uri)).toContain('test://added/later')
  })
})

describe('a hosted tool with a UI of its own', () => {
  test('declares _meta.ui.resourceUri and icons, listed as given; its ui:// view is a hosted resource', async () => {
    const kit = await json(await app.api('/toolkits', { body: { name: 'own-app' } }), 201)
    await json(
      await app.api('/functions', {
        body: { name: 'own-app.show', runtime: 'javascript', code: 'export default async () => "shown"' },
      }),
      201,
    )
    const viewUri = 'ui://own-app/view.html'
    const created = await json(
      await app.api('/tools', {
        body: {
          toolkit_id: kit.id,
          name: 'show',
          function_name: 'own-app.show',
          input_schema: { type: 'object' },
          _meta: { ui: { resourceUri: viewUri } },
          icons: APP_TOOL_ICONS,
        },
      }),
      201,
    )
    expect(created._meta).toEqual({ ui: { resourceUri: viewUri } })
    const server = await createServer(app, { name: 'own app', toolkits: [{ toolkit_id: kit.id }] })
    await json(
      await app.api('/resources', {
        body: {
          server_id: server.id,
          name: 'own view',
          uri: viewUri,
          resource_type: 'static',
          mime_type: RESOURCE_MIME_TYPE,
          content: APP_VIEW_HTML,
        },
      }),
      201,
    )
    const { client: c } = await connectClient(app, server.slug)
    clients.push(c)
    const listed = (await c.listTools()).tools.find((t) => t.name === 'show')!
    expect(listed._meta).toEqual({ ui: { resourceUri: viewUri } })
    expect(listed.icons).toEqual(APP_TOOL_ICONS)
    expect((await c.readResource({ uri: viewUri })).contents).toEqual([
      { uri: viewUri, mimeType: RESOURCE_MIME_TYPE, text: APP_VIEW_HTML },
    ])
    // null clears it.
    const cleared = await json(await app.api(`/tools/${created.id}`, { method: 'PATCH', body: { _meta: null } }), 200)
    expect(cleared._meta).toBeUndefined()
    expect(cleared.icons).toEqual(APP_TOOL_ICONS)
  })
})

describe('resource subscriptions through a remote toolkit', () => {
  test("an upstream's resources/updated reaches the session subscribed to that uri, and the webhooks", async () => {
    const rx = startReceiver()
    try {
      await json(await app.api('/subscribe', { body: { callback_url: rx.url } }), 201)
      const c = await client()
      const updates: string[] = []
      c.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        updates.push(n.params.uri)
      })
      const other = await client()
      const elsewhere: string[] = []
      other.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        elsewhere.push(n.params.uri)
      })
      await c.subscribeResource({ uri: WATCHED_URI })
      // The upstream holds the subscription as soon as the downstream one is answered.
      expect(await upstream.touch()).toBe(1)
      await waitFor('the update reaches the subscribed session', () => updates.length > 0)
      expect(updates[0]).toBe(WATCHED_URI)
      await waitFor('the update reaches the webhook', () =>
        rx.received.some((r) => r.json?.event === 'resource.updated' && r.json?.resource?.uri === WATCHED_URI),
      )
      // A session that did not subscribe hears nothing of it.
      expect(elsewhere).toEqual([])
      // The resource itself reads through Toolyard with its new value.
      expect((await c.readResource({ uri: WATCHED_URI })).contents[0]).toMatchObject({ text: '1' })
    } finally {
      rx.stop()
    }
  })

  test("2026-07-28: a subscriptions/listen asking for an upstream uri gets the upstream's resources/updated", async () => {
    const V = '2026-07-28'
    const ac = new AbortController()
    // A server of its own: nothing subscribed the uri upstream for it before.
    const kit = (await json(await app.api('/toolkits?limit=100'), 200)).toolkits.find(
      (k: { name: string }) => k.name === 'weather',
    )
    const own = await createServer(app, { name: 'weather listen', toolkits: [{ toolkit_id: kit.id }] })
    try {
      const res = await fetch(`${app.base}/${own.slug}`, {
        method: 'POST',
        signal: ac.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-api-key': app.apiKey,
          'mcp-protocol-version': V,
          'mcp-method': 'subscriptions/listen',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'subscriptions/listen',
          params: {
            notifications: { resourceSubscriptions: [WATCHED_URI] },
            _meta: {
              'io.modelcontextprotocol/protocolVersion': V,
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      })
      expect(res.status).toBe(200)
      const reader = res.body!.getReader()
      let text = ''
      void (async () => {
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
          if (done) return
          text += new TextDecoder().decode(value)
        }
      })()
      // The upstream subscription is made beside the stream: touched until the update comes through it (at most 15 s).
      await waitFor('the update on the listen stream', async () => {
        await upstream.touch()
        await Bun.sleep(100)
        return text.includes('notifications/resources/updated') && text.includes(WATCHED_URI)
      })
    } finally {
      ac.abort()
    }
  })
})
