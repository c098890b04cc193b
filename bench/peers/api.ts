// A plain JSON API for the proxy benchmark (bench/proxy.ts): `POST /echo {text}` answers `{text}`. What an OpenAPI
// or HTTP-template tool calls, driven directly beside the same call through Toolyard. Prints `PORT n`.
const server = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const body = req.method === 'POST' ? ((await req.json()) as { text?: string }) : {}
    return Response.json({ text: body.text ?? '' })
  },
})
console.log(`PORT ${server.port}`)

export {}
