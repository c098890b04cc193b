// A real upstream MCP server for remote toolkit tests: the SDK's McpServer on Streamable HTTP (Bun.serve with the
// SDK's web-standard transport) or on the 2024-11-05 HTTP+SSE transport (node:http with the SDK's SSE transport), on
// 127.0.0.1:0. It can require a credential header, records every request's headers, and changes its tools on demand.
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server as NodeServer } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  ListRootsResultSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'

export interface UpstreamOptions {
  transport: 'streamable_http' | 'sse'
  /** A header the upstream requires (401 without it), e.g. {name: 'authorization', value: 'Bearer s3cret'}. */
  require?: { name: string; value: string | ((value: string) => boolean) }
  name?: string
  /** Adds tools that show what the client declared (client_caps), ask its roots (list_roots), ask it to open a URL
   *  (open_url) and log after answering (log_after). */
  clientTools?: boolean
  /** A fixed port (to stop the upstream and start another on the same port, as a restart); default: any free one. */
  port?: number
}

export interface Upstream {
  url: string
  /** Every request's headers, lower-cased names. */
  seen: Record<string, string>[]
  /** What the `sleep` tool went through, in order: `sleep:start`, then `sleep:cancelled` or `sleep:done`. */
  events: string[]
  /** Adds a tool to every session and sends notifications/tools/list_changed (unless `silent`). */
  addTool(name: string, o?: { silent?: boolean }): void
  /** Removes a tool added with addTool from every session (list_changed sent). */
  removeTool(name: string, o?: { silent?: boolean }): void
  /** Changes echo's description on every session (and sends list_changed). */
  redescribeEcho(description: string, o?: { silent?: boolean }): void
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The tools every session of the upstream has. */
function build(name: string, live: McpServer[], events: string[], clientTools = false) {
  const server = new McpServer(
    { name, version: '9.9.9' },
    { capabilities: { tools: { listChanged: true }, logging: {} } },
  )
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns its text',
      inputSchema: { text: z.string() },
      outputSchema: { echoed: z.string() },
      annotations: { readOnlyHint: true },
    },
    async ({ text }) => ({ content: [{ type: 'text', text }], structuredContent: { echoed: text } }),
  )
  server.registerTool('fail', { description: 'Always a tool error', inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'it failed upstream' }],
    isError: true,
  }))
  server.registerTool(
    'steps',
    { description: 'Reports progress and logs, then answers', inputSchema: { n: z.number().int() } },
    async ({ n }, extra) => {
      const token = extra._meta?.progressToken
      for (let i = 1; i <= n; i++) {
        await extra.sendNotification({
          method: 'notifications/message',
          params: { level: 'info', data: `step ${i}` },
        })
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress: i, total: n, message: `step ${i}` },
          })
      }
      return { content: [{ type: 'text', text: `did ${n} steps` }] }
    },
  )
  server.registerTool(
    'sleep',
    { description: 'Waits', inputSchema: { ms: z.number().int() } },
    async ({ ms }, extra) => {
      events.push('sleep:start')
      const cancelled = new Promise<string>((r) => extra.signal.addEventListener('abort', () => r('sleep:cancelled')))
      events.push(await Promise.race([sleep(ms).then(() => 'sleep:done'), cancelled]))
      return { content: [{ type: 'text', text: `slept ${ms}` }] }
    },
  )
  server.registerTool('ask', { description: 'Asks the user a question', inputSchema: {} }, async (_args, extra) => {
    try {
      const answer = await extra.sendRequest(
        {
          method: 'elicitation/create',
          params: {
            message: 'What is your name?',
            requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
          },
        },
        ElicitResultSchema,
      )
      const who = answer.action === 'accept' ? String(answer.content?.name) : answer.action
      return { content: [{ type: 'text', text: `hello ${who}` }] }
    } catch (error) {
      return { content: [{ type: 'text', text: `no answer: ${(error as Error).message}` }], isError: true }
    }
  })
  server.registerTool('think', { description: 'Asks the client model', inputSchema: {} }, async (_args, extra) => {
    try {
      const r = await extra.sendRequest(
        {
          method: 'sampling/createMessage',
          params: { messages: [{ role: 'user', content: { type: 'text', text: 'Say hi' } }], maxTokens: 10 },
        },
        CreateMessageResultSchema,
      )
      return { content: [{ type: 'text', text: `model said ${r.content.type === 'text' ? r.content.text : '?'}` }] }
    } catch (error) {
      return { content: [{ type: 'text', text: `no sample: ${(error as Error).message}` }], isError: true }
    }
  })
  if (clientTools) addClientTools(server)
  live.push(server)
  return server
}

/** Runs a change without the upstream's list_changed (a change only a re-list can find). */
function quietly(s: McpServer, silent: boolean | undefined, change: () => unknown) {
  const announce = s.sendToolListChanged
  if (silent) s.sendToolListChanged = () => {}
  try {
    change()
  } finally {
    s.sendToolListChanged = announce
  }
}

function checkAuth(o: UpstreamOptions, get: (name: string) => string | undefined | null): boolean {
  if (!o.require) return true
  const got = get(o.require.name) ?? ''
  return typeof o.require.value === 'function' ? o.require.value(got) : got === o.require.value
}

export async function startUpstream(o: UpstreamOptions): Promise<Upstream> {
  const live: McpServer[] = []
  const seen: Record<string, string>[] = []
  const events: string[] = []
  const name = o.name ?? `upstream-${o.transport}`
  const extras: string[] = []
  const addExtras = (s: McpServer) => {
    for (const e of extras)
      s.registerTool(e, { description: `Extra tool ${e}`, inputSchema: {} }, async () => ({
        content: [{ type: 'text', text: e }],
      }))
  }
  const echoDescriptions: string[] = []
  const common = {
    addTool(tool: string, opts: { silent?: boolean } = {}) {
      extras.push(tool)
      for (const s of live) {
        quietly(s, opts.silent, () =>
          s.registerTool(tool, { description: `Extra tool ${tool}`, inputSchema: {} }, async () => ({
            content: [{ type: 'text', text: tool }],
          })),
        )
      }
    },
    removeTool(tool: string) {
      extras.splice(extras.indexOf(tool), 1)
      for (const s of live)
        (s as unknown as { _registeredTools: Record<string, { remove(): void }> })._registeredTools[tool]?.remove()
    },
    redescribeEcho(description: string) {
      echoDescriptions.push(description)
      for (const s of live) {
        const tools = (
          s as unknown as { _registeredTools: Record<string, { update(u: { description: string }): void }> }
        )._registeredTools
        tools.echo?.update({ description })
      }
    },
  }
  const session = () => {
    const s = build(name, live, events, o.clientTools)
    addExtras(s)
    const last = echoDescriptions.at(-1)
    if (last)
      (s as unknown as { _registeredTools: Record<string, { update(u: object): void }> })._registeredTools.echo?.update(
        { description: last },
      )
    return s
  }

  if (o.transport === 'streamable_http') {
    const http = serveStreamableHttp(
      session,
      (req) => {
        seen.push(Object.fromEntries(req.headers))
        if (!checkAuth(o, (n) => req.headers.get(n))) return new Response('unauthorized', { status: 401 })
      },
      o.port,
    )
    return {
      url: `http://127.0.0.1:${http.port}/mcp`,
      seen,
      events,
      ...common,
      async stop() {
        for (const s of live) await s.close().catch(() => {})
        http.stop(true)
      },
    }
  }

  // The 2024-11-05 transport: GET /sse opens the stream, POST /messages?sessionId=… carries the client's messages.
  const transports = new Map<string, SSEServerTransport>()
  const http: NodeServer = createServer(async (req: IncomingMessage, res) => {
    seen.push(Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])))
    if (!checkAuth(o, (n) => req.headers[n.toLowerCase()] as string | undefined)) {
      res.writeHead(401).end('unauthorized')
      return
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method === 'GET' && url.pathname === '/sse') {
      const transport = new SSEServerTransport('/messages', res)
      transports.set(transport.sessionId, transport)
      res.on('close', () => transports.delete(transport.sessionId))
      await session().connect(transport)
      return
    }
    if (req.method === 'POST' && url.pathname === '/messages') {
      const transport = transports.get(url.searchParams.get('sessionId') ?? '')
      if (!transport) {
        res.writeHead(404).end('no session')
        return
      }
      await transport.handlePostMessage(req, res)
      return
    }
    // What an old server answers to a Streamable HTTP attempt: 405/404, so `auto` falls back.
    res.writeHead(405).end('method not allowed')
  })
  await new Promise<void>((r) => http.listen(o.port ?? 0, '127.0.0.1', r))
  const port = (http.address() as { port: number }).port
  return {
    url: `http://127.0.0.1:${port}/sse`,
    seen,
    events,
    ...common,
    async stop() {
      for (const s of live) await s.close().catch(() => {})
      http.closeAllConnections()
      await new Promise((r) => http.close(r))
    },
  }
}

/**
 * A Streamable HTTP endpoint on 127.0.0.1:0: `open` makes the McpServer of each new session from its first request;
 * later requests of a session go to its transport. `refuse` sees every request first and may answer it instead.
 */
export function serveStreamableHttp(
  open: (req: Request) => McpServer,
  refuse: (req: Request) => Response | undefined = () => undefined,
  port = 0,
) {
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>()
  return Bun.serve({
    hostname: '127.0.0.1',
    port,
    idleTimeout: 0,
    async fetch(req) {
      const refused = refuse(req)
      if (refused) return refused
      const id = req.headers.get('mcp-session-id')
      const existing = id ? transports.get(id) : undefined
      if (existing) return existing.handleRequest(req)
      if (req.method !== 'POST') return new Response('no session', { status: 400 })
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          transports.set(sid, transport)
        },
      })
      await open(req).connect(transport)
      return transport.handleRequest(req)
    },
  })
}

/** The tools of the `clientTools` option. */
function addClientTools(server: McpServer) {
  server.registerTool('log_after', { description: 'Answers, then logs as it returns', inputSchema: {} }, async () => {
    // Unrelated to the request (the standalone stream) and after the answer is on its way.
    setImmediate(() => void server.sendLoggingMessage({ level: 'info', data: 'after the answer' }).catch(() => {}))
    return { content: [{ type: 'text', text: 'answered' }] }
  })
  server.registerTool(
    'client_caps',
    { description: 'The capabilities its client declared', inputSchema: {} },
    async () => ({
      content: [{ type: 'text', text: JSON.stringify(server.server.getClientCapabilities() ?? {}) }],
    }),
  )
  server.registerTool(
    'list_roots',
    { description: "Asks the client's roots", inputSchema: {} },
    async (_args, extra) => {
      try {
        const r = await extra.sendRequest({ method: 'roots/list' }, ListRootsResultSchema)
        return { content: [{ type: 'text', text: r.roots.map((root) => root.uri).join(' ') }] }
      } catch (error) {
        return { content: [{ type: 'text', text: `no roots: ${(error as Error).message}` }], isError: true }
      }
    },
  )
  server.registerTool(
    'open_url',
    { description: 'Asks the user to open a URL', inputSchema: {} },
    async (_args, extra) => {
      try {
        const r = await extra.sendRequest(
          {
            method: 'elicitation/create',
            params: { mode: 'url', message: 'Sign in', url: 'https://example.com/sign-in', elicitationId: 'e-1' },
          },
          ElicitResultSchema,
        )
        return { content: [{ type: 'text', text: `url ${r.action}` }] }
      } catch (error) {
        return { content: [{ type: 'text', text: `no url: ${(error as Error).message}` }], isError: true }
      }
    },
  )
}
