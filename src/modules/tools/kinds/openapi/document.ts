// Reading an OpenAPI document a tenant gave: JSON object, JSON text or YAML text, then checked against the official
// OpenAPI 3.0/3.1 JSON Schemas (./meta-schema.ts) and for its internal $refs (./references.ts). The document is data:
// no $ref outside it is followed (no file, no URL), so reading it never touches the host's files or the network
// (docs/decisions/0035-openapi-toolkits-and-the-catalog.md; docs/decisions/0101-openapi-references-budget.md).
import { badRequest } from '../../../../lib/errors'
import { metaSchemaErrors } from './meta-schema'
import { MAX_REF_EXPANDED_NODES, type ReferenceProblem, referenceProblem } from './references'

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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The 400 for a document whose `$ref`s point at nothing, nest too deep or expand past the budget. */
function referenceError(field: string, problem: ReferenceProblem) {
  if (problem.kind === 'dangling') {
    const where = pointer(problem.at)
    return badRequest(
      `${field} is not a valid OpenAPI document: the $ref at ${where} points to nothing in the document (${problem.ref.slice(0, 200)})`,
      [{ field: dotted(field, where), message: 'points to nothing in the document' }],
    )
  }
  if (problem.kind === 'too_deep')
    return badRequest(`${field} nests deeper than its $refs allow at ${pointer(problem.at)}`, [
      { field: dotted(field, pointer(problem.at)), message: 'nested too deep through $refs' },
    ])
  const from = problem.largest
    ? ` (the largest $ref target, ${problem.largest.ref.slice(0, 200)}, expands to ${Math.round(problem.largest.nodes).toLocaleString('en-US')})`
    : ''
  return badRequest(
    `${field} expands past the budget of ${MAX_REF_EXPANDED_NODES.toLocaleString('en-US')} nodes once its $refs are followed${from}: schemas that refer to each other in many layers multiply; share fewer of them or split the document`,
    [
      {
        field: problem.largest ? dotted(field, problem.largest.ref) : field,
        message: `expands past ${MAX_REF_EXPANDED_NODES.toLocaleString('en-US')} nodes through $refs`,
      },
    ],
  )
}

const IN_RESPONSES = /^#\/(?:paths\/[^/ ]+\/[^/ ]+|components)\/responses\/[^ ]/

/**
 * Checks the document and returns it unchanged; a 400 names what is wrong and where. `warnings` receives what is
 * wrong but harmless to the tools.
 */
export async function checkDocument(input: unknown, field: string, warnings?: string[]): Promise<OpenApiDocument> {
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
  // Each stage is one bounded slice of main-thread time; between them other requests (health, calls) are served.
  await nextTurn()
  // Mistakes inside response descriptions (an `example` in an `xml` object, say) break nothing a tool does: no tool
  // reads responses. They are reported as a warning; anything else the official schema finds is a 400.
  const allErrors = metaSchemaErrors(doc as OpenApiDocument)
  const schemaErrors = allErrors.filter((e) => !IN_RESPONSES.test(e))
  if (warnings && allErrors.length > schemaErrors.length) {
    const first = allErrors.find((e) => IN_RESPONSES.test(e))!
    warnings.push(
      `${allErrors.length - schemaErrors.length} mistakes in response descriptions ignored (tools do not read responses), the first: ${first.slice(0, 300)}`,
    )
  }
  if (schemaErrors.length)
    throw badRequest(`${field} is not a valid OpenAPI document: ${schemaErrors.slice(0, 20).join('; ')}`, [
      ...schemaErrors
        .slice(0, 5)
        .map((e) => ({ field: dotted(field, e.split(' ')[0]!), message: e.slice(e.indexOf(' ') + 1) })),
    ])
  // Every $ref resolves, and the document followed through them stays under the budget: one walk, shared targets
  // counted once (a validator that dereferences walks each of them once per path: a fan-out of $refs takes it hours).
  await nextTurn()
  const problem = referenceProblem(doc)
  if (problem) throw referenceError(field, problem)
  return doc as OpenApiDocument
}
