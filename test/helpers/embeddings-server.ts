// A real embedding model served locally as an OpenAI-compatible `/v1/embeddings` (Bun.serve on 127.0.0.1:0): GloVe
// word vectors from npm (./glove.ts), a sentence embedded as the mean of its words' vectors.
import { afterAll } from 'bun:test'
import { sentenceVector } from './glove'

/**
 * The endpoint: `requests` holds each request's inputs; while `failing` is set it answers 500 (an endpoint that is
 * down), so a test can see search go on without it.
 */
export function startEmbeddingsServer() {
  const state = { requests: [] as string[][], failing: false }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      if (new URL(req.url).pathname !== '/v1/embeddings' || req.method !== 'POST')
        return new Response('not found', { status: 404 })
      const body = (await req.json()) as { input: string | string[]; model: string }
      const input = Array.isArray(body.input) ? body.input : [body.input]
      state.requests.push(input)
      if (state.failing) return Response.json({ error: { message: 'down' } }, { status: 500 })
      return Response.json({
        object: 'list',
        model: body.model,
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: sentenceVector(text) })),
      })
    },
  })
  afterAll(() => server.stop(true))
  return { url: `http://127.0.0.1:${server.port}/v1/embeddings`, state }
}
