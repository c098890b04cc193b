// The upstream pool keeps as many idle connections as a toolkit had calls in flight: a second burst of 16 calls at
// once finds 16 idle connections and opens no new upstream session (each new one costs the upstream an initialize).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { serveStreamableHttp } from '../helpers/upstream-mcp'

const BURST = 16
let app: TestApp
let upstream: ReturnType<typeof serveStreamableHttp>
let sessions = 0
let arrived = 0
let release: (() => void) | undefined
let released = Promise.withResolvers<void>()

beforeAll(async () => {
  app = await startTestApp()
  upstream = serveStreamableHttp(() => {
    sessions++
    const server = new McpServer({ name: 'burst', version: '1.0.0' })
    // Answers only once the whole burst is in flight: each call of a burst holds its own connection meanwhile.
    server.registerTool('together', { inputSchema: {} }, async () => {
      if (++arrived === BURST) release?.()
      await released.promise
      return { content: [{ type: 'text', text: 'done' }] }
    })
    return server
  })
})
afterAll(async () => {
  await app.stop()
  upstream.stop(true)
})

async function burst(call: () => Promise<unknown>) {
  arrived = 0
  released = Promise.withResolvers<void>()
  release = released.resolve
  const results = await Promise.all(Array.from({ length: BURST }, call))
  for (const r of results) expect(r).toMatchObject({ content: [{ type: 'text', text: 'done' }] })
}

test('a second burst of calls reuses the first burst’s connections: no new upstream session', async () => {
  const kit = json(
    await app.api('/toolkits', {
      body: { name: 'burst', toolkit_type: 'remote', remote: { url: `http://127.0.0.1:${upstream.port}/mcp` } },
    }),
    201,
  )
  const { slug } = await createServer(app, { name: 'burst', toolkits: [{ toolkit_id: (await kit).id }] })
  const { client } = await connectClient(app, slug)
  const call = () => client.callTool({ name: 'together', arguments: {} })
  await burst(call)
  const afterFirst = sessions
  await burst(call)
  expect(sessions).toBe(afterFirst)
  await client.close()
}, 60_000)
