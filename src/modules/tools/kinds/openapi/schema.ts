// JSON Schemas out of an OpenAPI document: a parameter's or body's schema with every schema it reaches through a
// `$ref` copied into `$defs` (a cycle stays a `$ref` into `$defs`), so a tool's input schema is finite, standalone
// JSON that Ajv compiles. OpenAPI 3.0's `nullable` becomes a JSON Schema type union.

import { re2RegExp } from '../../re2-regexp'
import { resolvePointer } from './references'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

const SCHEMA_PREFIX = '#/components/schemas/'
// Keys whose values are not schemas (an example, a default, an enum list may contain "$ref"-like data).
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'xml', 'externalDocs', 'discriminator'])

/** Follows `$ref`s of non-schema objects (parameters, request bodies): their targets are plain data. */
export function deref<T>(doc: unknown, value: T, depth = 0): T {
  if (depth < 20 && isObject(value) && typeof value.$ref === 'string')
    return deref(doc, resolvePointer(doc, value.$ref) as T, depth + 1)
  return value
}

/** Schema nodes one planning may copy into tool input schemas, all tools together (GitHub's full description: ~35,000). */
export const MAX_PLANNED_SCHEMA_NODES = 2_000_000

/** Thrown when a plan's input schemas grow past the budget: each tool copies the schemas it reaches into `$defs`. */
export class PlanTooLarge extends Error {}

/** Whether the regex engine of input schemas (RE2) can run a pattern. */
function runnable(pattern: string): boolean {
  try {
    re2RegExp(pattern, 'u')
    return true
  } catch {
    return false
  }
}

/**
 * OpenAPI 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` (a flag on `minimum`/`maximum`) as JSON Schema's
 * numeric form, which the validator of input schemas reads: `{minimum: 0, exclusiveMinimum: true}` → `{exclusiveMinimum: 0}`.
 */
function numericExclusive(out: Json) {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof out[flag] !== 'boolean') continue
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound]
      delete out[bound]
    } else delete out[flag]
  }
}

/**
 * Collects `$defs` while schemas are converted; one per tool input schema. `budget` is shared by a whole plan. A
 * `pattern` RE2 cannot run (lookaround, backreferences) is left out of the property and listed in `dropped`: the
 * operation stays usable, its upstream still checks the value.
 */
export function schemaConverter(doc: unknown, budget = { left: MAX_PLANNED_SCHEMA_NODES }) {
  const defs: Json = {}
  const dropped = new Set<string>()
  // A pointer's `$defs` name: the component name made safe, or the whole pointer for another place in the document;
  // a second pointer that makes the same name gets a suffix.
  const names = new Map<string, string>()
  const taken = new Set<string>()
  const defName = (ref: string): string => {
    const known = names.get(ref)
    if (known) return known
    const component = ref.startsWith(SCHEMA_PREFIX) && !ref.slice(SCHEMA_PREFIX.length).includes('/')
    const raw = component ? ref.slice(SCHEMA_PREFIX.length) : ref.slice(2)
    let decoded = raw
    try {
      decoded = decodeURIComponent(raw)
    } catch {}
    const base =
      decoded
        .replace(/~1/g, '/')
        .replace(/~0/g, '~')
        .replace(/[^A-Za-z0-9_.-]/g, '_') || 'root'
    let name = base
    for (let i = 2; taken.has(name); i++) name = `${base}_${i}`
    taken.add(name)
    names.set(ref, name)
    return name
  }

  const convert = (schema: unknown, depth = 0): unknown => {
    if (--budget.left < 0) throw new PlanTooLarge()
    if (Array.isArray(schema)) return schema.map((s) => convert(s, depth + 1))
    if (!isObject(schema)) return schema
    if (depth > 64) return {}
    if (typeof schema.$ref === 'string') {
      // Every target becomes one `$defs` entry (a cycle back to it stays a $ref): a schema shared by many paths is
      // copied once per tool, never once per path.
      const ref = schema.$ref
      const name = defName(ref)
      if (!(name in defs)) {
        defs[name] = true // reserved first: a cycle back to it stays a $ref
        defs[name] = convert(resolvePointer(doc, ref) ?? {}, depth + 1)
      }
      const { $ref: _, ...siblings } = schema
      const target = { $ref: `#/$defs/${name}` }
      return Object.keys(siblings).length ? { ...convertObject(siblings, depth), allOf: [target] } : target
    }
    return convertObject(schema, depth)
  }

  const convertObject = (schema: Json, depth: number): Json => {
    const out: Json = {}
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'nullable' || DATA_KEYS.has(key)) continue
      if (key === 'properties' || key === 'patternProperties' || key === '$defs' || key === 'definitions') {
        out[key] = isObject(value)
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v, depth + 1)]))
          : value
      } else out[key] = typeof value === 'object' ? convert(value, depth + 1) : value
    }
    for (const key of ['default', 'enum', 'const'] as const) if (key in schema) out[key] = schema[key]
    if (typeof out.pattern === 'string' && !runnable(out.pattern)) {
      dropped.add(out.pattern)
      delete out.pattern
    }
    numericExclusive(out)
    if (schema.nullable === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null']
      else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    }
    return out
  }

  return { convert: (schema: unknown) => convert(schema), defs, dropped }
}
