// A plain Bun.serve MCP upstream for the proxy benchmark (bench/proxy.ts): stateless Streamable HTTP with JSON answers,
// one tool `echo`. The least an upstream can cost, so the figure through Toolyard is Toolyard's own overhead (the
// method of the Rust mcp-proxy's published benchmark). Prints `PORT n`.
const tool = {
  name: 'echo',
  description: 'Echoes its text',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
}
const json = (id: unknown, result: unknown) =>
  new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), { headers: { 'content-type': 'application/json' } })

const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    if (req.method !== 'POST') return new Response(null, { status: 405 })
    const msg = (await req.json()) as { id?: unknown; method: string; params?: { arguments?: { text?: string } } }
    if (msg.id === undefined) return new Response(null, { status: 202 })
    switch (msg.method) {
      case 'initialize':
        return json(msg.id, {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'bench-upstream', version: '1.0.0' },
        })
      case 'tools/list':
        return json(msg.id, { tools: [tool] })
      case 'tools/call':
        return json(msg.id, { content: [{ type: 'text', text: String(msg.params?.arguments?.text ?? '') }] })
      case 'ping':
        return json(msg.id, {})
      default:
        return new Response(JSON.stringify({ jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'nope' } }), {
          headers: { 'content-type': 'application/json' },
        })
    }
  },
})
console.log(`PORT ${server.port}`)

export {}
