// JSON Schemas out of an OpenAPI document: a parameter's or body's schema with every `#/components/schemas/X` it
// reaches copied into `$defs` (a cycle stays a `$ref` into `$defs`), so a tool's input schema is finite, standalone
// JSON that Ajv compiles. OpenAPI 3.0's `nullable` becomes a JSON Schema type union.

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

const SCHEMA_PREFIX = '#/components/schemas/'
// Keys whose values are not schemas (an example, a default, an enum list may contain "$ref"-like data).
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const', 'xml', 'externalDocs', 'discriminator'])

/** The value a local JSON pointer (`#/a/b`) names in the document, or undefined. */
function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let node: unknown = doc
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    if (!isObject(node) && !Array.isArray(node)) return undefined
    node = (node as Json)[key]
  }
  return node
}

/** Follows `$ref`s of non-schema objects (parameters, request bodies): their targets are plain data. */
export function deref<T>(doc: unknown, value: T, depth = 0): T {
  if (depth < 20 && isObject(value) && typeof value.$ref === 'string')
    return deref(doc, resolvePointer(doc, value.$ref) as T, depth + 1)
  return value
}

/** Collects `$defs` while schemas are converted; one per tool input schema. */
export function schemaConverter(doc: unknown) {
  const defs: Json = {}
  const defName = (name: string) => name.replace(/[^A-Za-z0-9_.-]/g, '_')

  const convert = (schema: unknown, depth = 0): unknown => {
    if (Array.isArray(schema)) return schema.map((s) => convert(s, depth + 1))
    if (!isObject(schema)) return schema
    if (depth > 64) return {}
    if (typeof schema.$ref === 'string') {
      const ref = schema.$ref
      if (ref.startsWith(SCHEMA_PREFIX) && !ref.slice(SCHEMA_PREFIX.length).includes('/')) {
        const name = defName(
          decodeURIComponent(ref.slice(SCHEMA_PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~'),
        )
        if (!(name in defs)) {
          defs[name] = true // reserved first: a cycle back to it stays a $ref
          defs[name] = convert(resolvePointer(doc, ref) ?? {}, depth + 1)
        }
        const { $ref: _, ...siblings } = schema
        const target = { $ref: `#/$defs/${name}` }
        return Object.keys(siblings).length ? { ...convertObject(siblings, depth), allOf: [target] } : target
      }
      // Another place inside the document (rare for schemas): inlined, bounded by depth.
      return convert(resolvePointer(doc, ref) ?? {}, depth + 1)
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
    if (schema.nullable === true) {
      if (typeof out.type === 'string') out.type = [out.type, 'null']
      else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null]
    }
    return out
  }

  return { convert: (schema: unknown) => convert(schema), defs }
}
