// A tiny stdio MCP server for the local-server tests (run by bun in a child of Toolyard): tools that try what a
// sandbox must refuse (a TCP connection to 127.0.0.1, a write outside the scratch directory), one that shows the
// environment it was given, and one that crashes it. Written against the SDK's low-level Server (no zod needed).

import { createHash } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const text = (t: string) => ({ content: [{ type: 'text', text: t }] })
const object = (properties: Record<string, unknown>) => ({ type: 'object', properties })

const server = new Server({ name: 'probe', version: '1.0.0' }, { capabilities: { tools: {} } })
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'tcp', description: 'connects to 127.0.0.1:port', inputSchema: object({ port: { type: 'number' } }) },
    { name: 'write', description: 'writes a file at path', inputSchema: object({ path: { type: 'string' } }) },
    { name: 'env', description: 'the environment it runs with', inputSchema: object({}) },
    { name: 'crash', description: 'exits at once', inputSchema: object({}) },
  ],
}))
server.setRequestHandler(CallToolRequestSchema, async (req) => {
  const args = (req.params.arguments ?? {}) as Record<string, unknown>
  switch (req.params.name) {
    case 'tcp':
      return text(
        await new Promise<string>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port: Number(args.port) })
          socket.once('connect', () => {
            socket.destroy()
            resolve('connected')
          })
          socket.once('error', (e: NodeJS.ErrnoException) => resolve(`refused: ${e.code ?? e.message}`))
        }),
      )
    case 'write':
      try {
        writeFileSync(String(args.path), 'written')
        return text('written')
      } catch (e) {
        return text(`refused: ${(e as NodeJS.ErrnoException).code ?? String(e)}`)
      }
    case 'env':
      // The token's digest too: Toolyard redacts the token itself from results, and the test still sees it arrived.
      return text(
        JSON.stringify({
          env: process.env,
          cwd: process.cwd(),
          token_sha256: process.env.API_TOKEN ? createHash('sha256').update(process.env.API_TOKEN).digest('hex') : null,
        }),
      )
    case 'crash':
      process.exit(7)
  }
  return { ...text(`unknown tool ${req.params.name}`), isError: true }
})
await server.connect(new StdioServerTransport())
