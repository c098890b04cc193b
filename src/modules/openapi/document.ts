// Reading an OpenAPI document a tenant gave: JSON object, JSON text or YAML text, then checked by a maintained
// validator. The document is data: no $ref outside it is followed (no file, no URL), so reading it never touches the
// host's files or the network (docs/decisions.md, "OpenAPI toolkits and the catalog").
import { badRequest } from '../../lib/errors'
import { metaSchemaErrors } from './meta-schema'

export type OpenApiDocument = Record<string, unknown> & {
  openapi: string
  paths?: Record<string, Record<string, unknown>>
  components?: Record<string, Record<string, unknown>>
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `field`: where the document came from in the request (body.spec, body.spec_url, openapi.file). */
function parseDocumentText(text: string, field: string): unknown {
  const trimmed = text.trimStart()
  try {
    return trimmed.startsWith('{') ? JSON.parse(text) : Bun.YAML.parse(text)
  } catch (e) {
    throw badRequest(`${field} is neither JSON nor YAML: ${(e as Error).message.slice(0, 200)}`, [
      { field, message: 'not JSON or YAML' },
    ])
  }
}

/** YAML aliases share one node many times: expanded (validation, storing as JSON) a small text can grow without
 *  bound ("billion laughs"). The walk counts every node as expanded and stops past the limit. */
const MAX_EXPANDED_NODES = 2_000_000

function expandsTooFar(value: unknown): boolean {
  let budget = MAX_EXPANDED_NODES
  const walk = (v: unknown, depth: number): boolean => {
    if (--budget < 0 || depth > 200) return true
    if (typeof v !== 'object' || v === null) return false
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (walk(child, depth + 1)) return true
    return false
  }
  return walk(value, 0)
}

/** `body.spec` + `#/paths/~1pets/get` → `body.spec.paths./pets.get` (the pointer itself is in the message). */
const dotted = (field: string, ref: string) =>
  [
    field,
    ...ref
      .replace(/^#\/?/, '')
      .split('/')
      .filter(Boolean)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')),
  ].join('.')

const pointer = (path: string[]) => `#/${path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`

/** The first `$ref` that points outside the document (a file, a URL, another document), with where it is. */
function externalRef(value: unknown, path: string[] = [], seen = new Set<unknown>()): string | undefined {
  if (typeof value !== 'object' || value === null || seen.has(value)) return undefined
  seen.add(value)
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = externalRef(value[i], [...path, String(i)], seen)
      if (found) return found
    }
    return undefined
  }
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && !child.startsWith('#'))
      return `${pointer([...path, key])} (${child.slice(0, 200)})`
    const found = externalRef(child, [...path, key], seen)
    if (found) return found
  }
  return undefined
}

// Every resolver off: even if a $ref slipped past the check above, the validator would not read or fetch it.
// The schema check is ./meta-schema.ts (compiled once); the parser adds its semantic checks (path parameters declared,
// operationIds unique, …).
const NO_RESOLVERS = {
  resolve: { external: false, file: false, http: false },
  dereference: { circular: 'ignore' as const },
  validate: { schema: false, spec: true },
}

/** Checks the document and returns it unchanged (the validator works on a copy); a 400 names what is wrong and where. */
export async function checkDocument(input: unknown, field: string): Promise<OpenApiDocument> {
  const doc = typeof input === 'string' ? parseDocumentText(input, field) : input
  if (!isObject(doc))
    throw badRequest(`${field} must be an OpenAPI document (an object)`, [{ field, message: 'not an object' }])
  if (expandsTooFar(doc))
    throw badRequest(`${field} is too large or too deep once its YAML aliases are expanded`, [
      { field, message: 'over 2,000,000 nodes or 200 levels' },
    ])
  if (typeof doc.swagger === 'string')
    throw badRequest(
      `${field} is a Swagger ${doc.swagger} document: only OpenAPI 3.0 and 3.1 are read; convert it first (for example with swagger2openapi or editor.swagger.io: Edit → Convert to OpenAPI 3)`,
      [{ field: `${field}.swagger`, message: 'Swagger 2.0 is not supported: convert it to OpenAPI 3' }],
    )
  if (typeof doc.openapi !== 'string' || !/^3\.[01]\.\d+/.test(doc.openapi))
    throw badRequest(`${field} must be an OpenAPI 3.0 or 3.1 document (an "openapi": "3.x.y" field)`, [
      { field: `${field}.openapi`, message: 'must be 3.0.x or 3.1.x' },
    ])
  const external = externalRef(doc)
  if (external)
    throw badRequest(
      `${field} has a $ref outside the document at ${external}: only references inside it (#/...) are read; bundle the document first`,
      [{ field: dotted(field, external.split(' ')[0]!), message: 'external $ref' }],
    )
  const schemaErrors = metaSchemaErrors(doc as OpenApiDocument)
  if (schemaErrors.length)
    throw badRequest(`${field} is not a valid OpenAPI document: ${schemaErrors.join('; ')}`, [
      ...schemaErrors
        .slice(0, 5)
        .map((e) => ({ field: dotted(field, e.split(' ')[0]!), message: e.slice(e.indexOf(' ') + 1) })),
    ])
  try {
    // Required on the first document, not at start: loading the parser costs more than the whole start (~0.25 s).
    const SwaggerParser = require('@apidevtools/swagger-parser') as typeof import('@apidevtools/swagger-parser')
    await SwaggerParser.validate(structuredClone(doc) as never, NO_RESOLVERS as never)
  } catch (e) {
    const message = (e as Error).message.replace(/\s+/g, ' ').trim().slice(0, 600)
    const where = /#\/[^\s]*/.exec(message)?.[0]
    throw badRequest(`${field} is not a valid OpenAPI document: ${message}`, [
      { field: where ? dotted(field, where) : field, message: message.slice(0, 300) },
    ])
  }
  return doc as OpenApiDocument
}
