// The upstreams of the soak (`npm run test:load`), in a child process of their own so that their memory is not counted
// in the RSS of the Toolyard app under test: the MCP SDK's own server on Streamable HTTP (the upstream the tests use,
// test/helpers/upstream-mcp.ts) for remote toolkits, and a plain JSON API on Bun.serve for OpenAPI toolkits and HTTP
// template functions. Prints one line `UPSTREAMS {"mcp": url, "api": origin}` when both listen; ends with its parent.
import { startUpstream } from '../test/helpers/upstream-mcp'

const mcp = await startUpstream({ transport: 'streamable_http', name: 'soak-upstream' })
const api = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  idleTimeout: 0,
  fetch(req) {
    const url = new URL(req.url)
    const item = /^\/items\/([^/]+)$/.exec(url.pathname)
    if (req.method === 'GET' && item) return Response.json({ id: decodeURIComponent(item[1]!), ok: true })
    return new Response('not found', { status: 404 })
  },
})
console.log(`UPSTREAMS ${JSON.stringify({ mcp: mcp.url, api: `http://127.0.0.1:${api.port}` })}`)
// The parent closes our stdin when it ends (or dies): nothing is left listening.
for await (const _ of Bun.stdin.stream()) {
}
await mcp.stop()
api.stop(true)
process.exit(0)
