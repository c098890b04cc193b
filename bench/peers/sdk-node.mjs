// Peer for the benchmark: what users would otherwise run — the official MCP TypeScript SDK's McpServer with its
// Streamable HTTP transport on Node's http server, stateless with JSON responses (the SDK's documented stateless
// pattern: a server and transport per request), exposing the same `echo` tool.
import { createServer } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'

function buildServer() {
  const server = new McpServer({ name: 'sdk-peer', version: '1.0.0' })
  server.registerTool(
    'echo',
    { description: 'Returns its text argument unchanged', inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  )
  return server
}

const http = createServer(async (req, res) => {
  // Stateless: no standalone stream to open (GET) and no session to end (DELETE), as the SDK's stateless example says.
  if (req.method !== 'POST') {
    res.writeHead(405).end()
    return
  }
  const chunks = []
  for await (const c of req) chunks.push(c)
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  const server = buildServer()
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  res.on('close', () => {
    void transport.close()
    void server.close()
  })
  await server.connect(transport)
  await transport.handleRequest(req, res, body)
})
http.listen(0, '127.0.0.1', () => console.log(`PORT ${http.address().port}`))
