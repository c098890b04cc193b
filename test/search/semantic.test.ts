// Semantic tool search with a real embedding model served locally (GloVe word vectors from npm, behind an
// OpenAI-compatible /v1/embeddings on 127.0.0.1): tools' texts embedded in the background, batched and cached, fused
// with BM25F so a query sharing no word with a tool still finds it; an endpoint that fails leaves BM25F alone and
// never fails a search.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createServer, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startEmbeddingsServer } from '../helpers/embeddings-server'
import { waitFor } from '../helpers/poll'

const embeddings = startEmbeddingsServer()
let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_EMBEDDINGS_URL: embeddings.url, TOOLYARD_EMBEDDINGS_MODEL: 'glove-100d-mean' })
})
afterAll(async () => {
  await app.stop()
})

const TOOLS = [
  { name: 'book_flight', description: 'Reserve a seat on an airline trip between two airports' },
  { name: 'send_email', description: 'Send an email message to a colleague' },
  { name: 'create_invoice', description: 'Create an invoice for a customer order' },
  { name: 'get_weather', description: 'Get the weather forecast for a city' },
  { name: 'resize_image', description: 'Resize a picture to a new width and height' },
]

async function serverWith(name: string) {
  const kit = await toolkitWithTools(
    app,
    name,
    // Descriptions of their own per server, so no other test's cached embeddings make this set ready.
    TOOLS.map((t) => ({ ...t, description: `${t.description} (${name})`, function_name: 'builtin.utilities.echo' })),
  )
  return createServer(app, { name, toolkits: [{ toolkit_id: kit }] })
}

const search = async (serverId: string, q: string): Promise<string[]> =>
  (
    (await json(await app.api(`/servers/${serverId}/tools/search?q=${encodeURIComponent(q)}`), 200)).data.tools as {
      name: string
    }[]
  ).map((t) => t.name)

describe('semantic tool search', () => {
  test('a query sharing no word with a tool finds it once the tools are embedded (in the background, batched, cached)', async () => {
    const s = await serverWith('travel')
    // "buy plane tickets" shares no word (nor synonym) with "book flight: reserve a seat on an airline trip".
    await waitFor(
      'the tools embedded and fused',
      async () => (await search(s.id, 'buy plane tickets'))[0] === 'book_flight',
    )
    // Each tool text was asked for once, in batches of at most 32; searching again asks only for new query texts.
    const toolTexts = embeddings.state.requests
      .flat()
      .filter((t) => t.startsWith('book flight') && t.includes('(travel)'))
    expect(toolTexts).toHaveLength(1)
    expect(embeddings.state.requests.filter((r) => r.length > 32)).toEqual([])
    const before = embeddings.state.requests.length
    expect((await search(s.id, 'buy plane tickets'))[0]).toBe('book_flight')
    expect(embeddings.state.requests.length).toBe(before)
  })

  test('an endpoint that fails leaves BM25F alone: the search answers, with the lexical matches only', async () => {
    const s = await serverWith('travel-down')
    embeddings.state.failing = true
    try {
      // A tool set not embedded yet and a query never seen: nothing semantic to fuse, and no failed search.
      expect(await search(s.id, 'purchase airplane seats')).toEqual(['book_flight']) // "seat" stems alike
      expect(await search(s.id, 'buy plane tickets today')).toEqual([]) // no word in common: BM25F finds none
      expect(await search(s.id, 'send an email')).toContain('send_email')
    } finally {
      embeddings.state.failing = false
    }
  })
})
