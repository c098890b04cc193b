// The benchmarks' OpenAPI and HTTP-template tools over bench/peers/api.ts (`POST /echo` answers its JSON body): the
// same document and function wherever a bench calls that API through Toolyard.

export const ECHO_SCHEMA = { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] }

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
