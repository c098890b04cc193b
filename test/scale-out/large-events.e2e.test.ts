// Two real `serve` processes on one PostgreSQL behind a plain round-robin proxy: a client's reply to an elicitation,
// larger than what one NOTIFY may carry (8000 bytes), lands on the instance not running the call and still reaches
// it; so does a subscription to a URI past that size (docs/decisions/0122-large-events-between-instances.md).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { type Instances, startInstances } from '../helpers/instances'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let cluster: Instances
let slug: string

beforeAll(async () => {
  cluster = await startInstances(await newDatabase(), 2)
  const kit = await cluster.api('/toolkits', { at: 0, body: { name: 'large-events' } })
  const kitId = ((await kit.json()) as { id: string }).id
  const fn = await cluster.api('/functions', {
    at: 0,
    body: {
      name: 'large-events.note',
      runtime: 'javascript',
      code: `export default async (input, ctx) => {
  const r = await ctx.elicit({ message: 'Note?', requestedSchema: { type: 'object', properties: { note: { type: 'string' } } } })
  return r.content.note.length + ':' + r.content.note.slice(-3)
}`,
    },
  })
  expect(fn.status).toBe(201)
  const tool = await cluster.api('/tools', {
    at: 0,
    body: { toolkit_id: kitId, name: 'note', function_name: 'large-events.note', input_schema: { type: 'object' } },
  })
  expect(tool.status).toBe(201)
  const server = await cluster.api('/servers', { at: 0, body: { name: 'large', toolkits: [{ toolkit_id: kitId }] } })
  slug = ((await server.json()) as { data: { slug: string } }).data.slug
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await cluster?.stop()
})

test('a 30 KB elicitation reply that lands on the instance not running the call still reaches it', async () => {
  const client = new Client({ name: 'large-events', version: '1.0.0' }, { capabilities: { elicitation: {} } })
  const transport = new StreamableHTTPClientTransport(new URL(`${cluster.base}/${slug}`), {
    requestInit: { headers: { 'X-API-Key': cluster.apiKey } },
  })
  const note = `${'n'.repeat(30_000)}end`
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { note } }))
  await client.connect(transport)
  try {
    // Round robin: the call and its reply are consecutive POSTs, so across a few calls the replies land on the
    // instance not running the call (the proxy alternates; the GET stream takes one turn).
    for (let i = 0; i < 4; i++) {
      const result = await client.callTool({ name: 'note', arguments: {} })
      expect(result.isError).toBeFalsy()
      expect(result.content).toEqual([{ type: 'text', text: `${note.length}:end` }])
    }
    // A subscription whose URI alone passes the payload limit is recorded and announced to the other instance.
    expect(await client.subscribeResource({ uri: `notes://${'u'.repeat(10_000)}` })).toEqual({})
  } finally {
    await transport.terminateSession().catch(() => {})
    await client.close()
  }
}, 60_000)
