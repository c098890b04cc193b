// Peer for the protocol benchmark: the official MCP TypeScript SDK's McpServer with its web-standard
// Streamable HTTP transport on Bun.serve, stateless with JSON responses, exposing the same `echo` tool.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { z } from 'zod'

function buildServer() {
  const server = new McpServer({ name: 'sdk-peer', version: '1.0.0' })
  server.registerTool(
    'echo',
    { description: 'Returns its text argument unchanged', inputSchema: { text: z.string() } },
    async ({ text }) => ({
      content: [{ type: 'text', text }],
    }),
  )
  return server
}

const http = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    // Stateless mode: the SDK needs a fresh server + transport per request.
    const server = buildServer()
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    })
    await server.connect(transport)
    const res = await transport.handleRequest(req)
    void server.close()
    return res
  },
})
console.log(`PORT ${http.port}`)
