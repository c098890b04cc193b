// Compiles user-supplied JSON Schemas with Ajv in the dialect their `$schema` names (2020-12 when absent).
import type Ajv from 'ajv'
import type { ErrorObject, ValidateFunction } from 'ajv'
import type Ajv2019 from 'ajv/dist/2019'
import type Ajv2020 from 'ajv/dist/2020'
import { patternLocation, re2RegExp, UnsupportedPatternError } from './re2-regexp'

// addUsedSchema: false — two tools may carry the same `$id`; each schema is compiled on its own.
// code.regExp: user patterns run on RE2 (linear time), never on the backtracking native engine.
const options = {
  strict: false,
  allErrors: true,
  addUsedSchema: false,
  validateFormats: true,
  code: { regExp: re2RegExp },
} as const

type AnyAjv = Ajv | Ajv2019 | Ajv2020
let dialects: { draft07: AnyAjv; d2019: AnyAjv; d2020: AnyAjv } | undefined

/**
 * Ajv is required on the first schema compiled, not imported: loading it is ~2.5 ms of a start that needs no schema
 * (docs/decisions/0015-hot-path.md: cold start). `require` keeps compileSchema synchronous; the bundle evaluates Ajv there.
 */
function loadDialects(): NonNullable<typeof dialects> {
  const { default: Draft07 } = require('ajv') as typeof import('ajv')
  const { default: Draft2019 } = require('ajv/dist/2019') as typeof import('ajv/dist/2019')
  const { default: Draft2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020')
  const { default: addFormats } = require('ajv-formats') as typeof import('ajv-formats')
  return {
    draft07: addFormats(new Draft07(options)) as AnyAjv,
    d2019: addFormats(new Draft2019(options) as unknown as Ajv) as unknown as AnyAjv,
    d2020: addFormats(new Draft2020(options) as unknown as Ajv) as unknown as AnyAjv,
  }
}

function ajvFor(schema: Record<string, unknown>): AnyAjv {
  dialects ??= loadDialects()
  const declared = typeof schema.$schema === 'string' ? schema.$schema : ''
  if (!declared || declared.includes('2020-12')) return dialects.d2020
  if (declared.includes('2019-09')) return dialects.d2019
  return dialects.draft07
}

/**
 * Compiles or throws an Error whose message says what is wrong with the schema. Ajv keeps every schema it compiled in
 * its own cache (keyed by the schema object) for the life of the instance: that cache is emptied of this one right
 * after, so a compiled validator lives exactly as long as its holder keeps it (the validator caches below), not for
 * the life of the process — without it every tool ever validated stayed in memory.
 */
export function compileSchema(schema: Record<string, unknown>): ValidateFunction {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : ''
  // Ajv has no draft-04/06 meta-schema loaded; their keywords are validated well enough by the draft-07 dialect.
  if (/draft-0[46]/.test(declared)) {
    const { $schema: _ignored, ...rest } = schema
    return compileUncached(ajvFor({ ...rest, $schema: 'http://json-schema.org/draft-07/schema#' }), { ...rest })
  }
  return compileUncached(ajvFor(schema), schema)
}

function compileUncached(ajv: AnyAjv, schema: Record<string, unknown>): ValidateFunction {
  try {
    return ajv.compile(schema)
  } finally {
    ajv.removeSchema(schema)
  }
}

/** How many schemas Ajv holds in its own caches now (a test's view of what the validator caches leave behind). */
export function ajvCachedSchemas(): number {
  if (!dialects) return 0
  let n = 0
  for (const ajv of Object.values(dialects)) n += (ajv as unknown as { _cache: Map<unknown, unknown> })._cache.size
  return n
}

/**
 * Returns a problem description and the field it is about (`what`, or the path of a pattern RE2 cannot compile, e.g.
 * `input_schema.properties.code.pattern`), or undefined when the schema compiles and describes an object.
 */
export function schemaProblem(schema: unknown, what: string): { field: string; message: string } | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema))
    return { field: what, message: `${what} must be a JSON Schema object` }
  if ((schema as Record<string, unknown>).type !== 'object')
    return { field: what, message: `${what} must have "type": "object"` }
  // Ajv reports a misspelt type as three meta-schema errors, none naming the value: name it first.
  const badType = unknownType(schema, what, 0)
  if (badType) return badType
  try {
    compileSchema(schema as Record<string, unknown>)
    return undefined
  } catch (error) {
    if (error instanceof UnsupportedPatternError) {
      const at = patternLocation(schema, error.pattern)
      const field = at ? `${what}.${at}` : what
      return { field, message: `${field}: ${error.message}` }
    }
    return { field: what, message: `${what} is not a valid JSON Schema: ${(error as Error).message}` }
  }
}

/** The instance location an Ajv error points at, as a readable field name ("arguments.city"). */
export function errorField(e: ErrorObject): string {
  const base = e.instancePath.replace(/^\//, '').replace(/\//g, '.')
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty
    return base ? `${base}.${missing}` : missing
  }
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty
    return base ? `${base}.${extra}` : extra
  }
  return base || '(arguments)'
}

const JSON_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']
/** Keywords whose value is a schema, an array of schemas, or a map of names to schemas. */
const ONE_SCHEMA = [
  'additionalProperties',
  'additionalItems',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
]
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']
/** Deeper than this the walk stops (Ajv still checks the rest). */
const MAX_DEPTH = 64

/** The first `type` (in a schema position, not a property named "type") that is not a JSON type, at its path. */
function unknownType(schema: unknown, path: string, depth: number): { field: string; message: string } | undefined {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema) || depth > MAX_DEPTH) return undefined
  const s = schema as Record<string, unknown>
  if ('type' in s) {
    const types = Array.isArray(s.type) ? s.type : [s.type]
    const bad = types.find((t) => typeof t !== 'string' || !JSON_TYPES.includes(t))
    if (bad !== undefined) {
      const field = `${path}.type`
      const allowed = JSON_TYPES.map((t) => `"${t}"`).join(', ')
      return { field, message: `${field}: ${JSON.stringify(bad)} is not a JSON Schema type (allowed: ${allowed})` }
    }
  }
  for (const key of ONE_SCHEMA) {
    const found = unknownType(s[key], `${path}.${key}`, depth + 1)
    if (found) return found
  }
  for (const key of SCHEMA_LISTS) {
    const list = s[key]
    if (!Array.isArray(list)) continue
    for (const [i, item] of list.entries()) {
      const found = unknownType(item, `${path}.${key}.${i}`, depth + 1)
      if (found) return found
    }
  }
  for (const key of SCHEMA_MAPS) {
    const map = s[key]
    if (typeof map !== 'object' || map === null || Array.isArray(map)) continue
    for (const [name, item] of Object.entries(map)) {
      const found = unknownType(item, `${path}.${key}.${name}`, depth + 1)
      if (found) return found
    }
  }
  return undefined
}
