// The `detail.requestBody` of a route that reads its body without a body schema — the OAuth and dashboard forms, the
// protocol endpoint's JSON-RPC — so /mcp/openapi.json says what it takes (src/http/api-description.ts does the rest).

/** A route that takes an HTML or OAuth form: `application/x-www-form-urlencoded`, the named fields all strings. */
export const formBody = (description: string, fields: Record<string, string> = {}) => ({
  description,
  required: true,
  content: {
    'application/x-www-form-urlencoded': {
      schema: {
        type: 'object' as const,
        properties: Object.fromEntries(
          Object.entries(fields).map(([name, about]) => [name, { type: 'string' as const, description: about }]),
        ),
      },
    },
  },
})

/** A route that reads its own JSON body (JSON-RPC, RFC 7591 client registration). */
type JsonSchema = { type: 'object' } | { oneOf: ({ type: 'object' } | { type: 'array'; items: { type: 'object' } })[] }

export const jsonBody = (description: string, schema: JsonSchema = { type: 'object' }) => ({
  description,
  required: true,
  content: { 'application/json': { schema } },
})
