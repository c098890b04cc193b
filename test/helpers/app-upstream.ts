// An upstream MCP server with an MCP App, built with the official `@modelcontextprotocol/ext-apps` server helpers
// (registerAppTool, registerAppResource) on the SDK's McpServer over Streamable HTTP on 127.0.0.1:0, plus one
// subscribable resource whose change the test announces (notifications/resources/updated to its subscribers).
import { RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from '@modelcontextprotocol/ext-apps/server'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { serveStreamableHttp } from './upstream-mcp'

export const APP_VIEW_URI = 'ui://weather/view.html'
export const APP_VIEW_HTML = '<!doctype html><html><body><div id="weather">loading</div></body></html>'
/** What the view resource declares for the host's sandbox (the extension's content-security rules). */
export const APP_VIEW_META = {
  ui: { csp: { connectDomains: ['https://api.example.com'], resourceDomains: [] }, prefersBorder: true },
}
export const APP_TOOL_ICONS = [{ src: 'https://example.com/sun.png', mimeType: 'image/png', sizes: ['48x48'] }]
export const WATCHED_URI = 'test://watched/counter'

export interface AppUpstream {
  url: string
  /** Adds a resource to every session (each sends notifications/resources/list_changed). */
  addResource(uri: string): void
  /** Sends notifications/resources/updated of WATCHED_URI to every session subscribed to it; returns how many. */
  touch(): Promise<number>
  stop(): Promise<void>
}

export function startAppUpstream(): AppUpstream {
  const subscribed = new Set<McpServer>()
  const live: McpServer[] = []
  let count = 0
  const server = serveStreamableHttp(() => {
    const mcp = new McpServer(
      { name: 'weather-app', version: '1.0.0' },
      { capabilities: { resources: { subscribe: true } } },
    )
    // The helpers are typed for the SDK's next major version; at run time they only call registerTool/registerResource.
    registerAppTool(
      mcp as never,
      'show-weather',
      {
        title: 'Show weather',
        description: 'Shows the weather in a view',
        inputSchema: { city: z.string() },
        icons: APP_TOOL_ICONS,
        _meta: { ui: { resourceUri: APP_VIEW_URI } },
      } as never,
      (async ({ city }: { city: string }) => ({ content: [{ type: 'text', text: `sunny in ${city}` }] })) as never,
    )
    // This SDK's McpServer drops a tool's `icons` from tools/list: added back to its own listing.
    const handlers = (mcp.server as unknown as { _requestHandlers: Map<string, (...a: unknown[]) => Promise<any>> })
      ._requestHandlers
    const listTools = handlers.get('tools/list')!
    handlers.set('tools/list', async (...a) => {
      const r = await listTools(...a)
      return {
        ...r,
        tools: r.tools.map((t: { name: string }) => (t.name === 'show-weather' ? { ...t, icons: APP_TOOL_ICONS } : t)),
      }
    })
    registerAppResource(mcp as never, 'Weather view', APP_VIEW_URI, { description: 'The weather view' }, (async () => ({
      contents: [{ uri: APP_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: APP_VIEW_HTML, _meta: APP_VIEW_META }],
    })) as never)
    mcp.registerResource('counter', WATCHED_URI, { mimeType: 'text/plain' }, async () => ({
      contents: [{ uri: WATCHED_URI, text: String(count) }],
    }))
    mcp.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
      if (request.params.uri === WATCHED_URI) subscribed.add(mcp)
      return {}
    })
    mcp.server.setRequestHandler(UnsubscribeRequestSchema, async () => {
      subscribed.delete(mcp)
      return {}
    })
    live.push(mcp)
    return mcp
  })
  return {
    url: `http://127.0.0.1:${server.port}/mcp`,
    addResource(uri) {
      for (const mcp of live)
        mcp.registerResource(uri, uri, { mimeType: 'text/plain' }, async () => ({ contents: [{ uri, text: 'added' }] }))
    },
    async touch() {
      count++
      for (const mcp of subscribed) await mcp.server.sendResourceUpdated({ uri: WATCHED_URI })
      return subscribed.size
    },
    async stop() {
      await server.stop(true)
    },
  }
}
