// The physical reference of the benchmark: Bun.serve parsing the same JSON-RPC POST and answering a tools/call
// result, with nothing else (no auth, no lookup, no validation).
const http = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const msg = (await req.json()) as { id: number; params?: { arguments?: { text?: string } } }
    const text = msg.params?.arguments?.text ?? ''
    return Response.json({ jsonrpc: '2.0', id: msg.id, result: { content: [{ type: 'text', text }], isError: false } })
  },
})
console.log(`PORT ${http.port}`)
