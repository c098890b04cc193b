// The benchmarks' OpenAPI and HTTP-template tools over bench/peers/api.ts (`POST /echo` answers its JSON body): the
// same document and function wherever a bench calls that API through Toolyard.

const ECHO_SCHEMA = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }

/** The body of `POST /toolkits/import/openapi` for an `api` toolkit with one tool, `api_echo`, at `base`. */
export const echoApiImport = (base: string) => ({
  name: 'api',
  review_changes: false,
  spec: {
    openapi: '3.0.3',
    info: { title: 'bench api', version: '1' },
    servers: [{ url: base }],
    paths: {
      '/echo': {
        post: {
          operationId: 'api_echo',
          requestBody: { required: true, content: { 'application/json': { schema: ECHO_SCHEMA } } },
          responses: { '200': { description: 'the text' } },
        },
      },
    },
  },
})

/** The HTTP-template function that POSTs `{ text }` to `base`/echo. */
export const httpEchoSpec = (base: string) => ({
  url: `${base}/echo`,
  method: 'POST' as const,
  body: { text: '{{args.text}}' },
})

/** Adds the `http_echo` tool (function `http-echo`, HTTP template on `base`) in a new toolkit; returns the toolkit id. */
export async function addHttpEchoTool(
  post: (path: string, body: unknown) => Promise<Record<string, any>>,
  base: string,
): Promise<string> {
  await post('/functions', { name: 'http-echo', runtime: 'http', http: httpEchoSpec(base) })
  const kit = await post('/toolkits', { name: 'http-template' })
  await post('/tools', { toolkit_id: kit.id, name: 'http_echo', function_name: 'http-echo', input_schema: ECHO_SCHEMA })
  return kit.id as string
}
