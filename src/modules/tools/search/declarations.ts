// TypeScript declarations of tools for code mode (docs/decisions/0370-code-mode.md): what find_tools answers so a model
// can write `await tools.<name>(args)` without reading every JSON Schema. A small converter over the JSON Schema a tool
// declares, bounded in depth and size: anything deeper, larger or not understood becomes `unknown` (the call's schema
// validation still applies, so a loose declaration never lets a bad call through).
import type { JsonObject } from '../../../mcp/backend'

/** Deeper nesting than this is declared `unknown`. */
const MAX_DEPTH = 5
/** One tool's declaration at most this long; a longer one loses its argument shape (`args: Record<string, unknown>`). */
const MAX_TOOL_CHARS = 4000
/** Enums longer than this are declared by their base type. */
const MAX_ENUM = 25
/** Descriptions kept as comments are cut here. */
const MAX_DOC = 160

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A property or method name as TypeScript writes it: bare when it is an identifier, else quoted. */
const memberName = (name: string) => (IDENTIFIER.test(name) ? name : JSON.stringify(name))

/** One line of documentation, safe inside a comment. */
function doc(text: unknown): string {
  if (typeof text !== 'string' || !text.trim()) return ''
  const line = text.replace(/\s+/g, ' ').trim().replaceAll('*/', '* /')
  return line.length > MAX_DOC ? `${line.slice(0, MAX_DOC - 1)}…` : line
}

const literal = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v === null ? JSON.stringify(v) : 'unknown'

function union(parts: string[]): string {
  const unique = [...new Set(parts)]
  if (unique.includes('unknown')) return 'unknown'
  return unique.length ? unique.join(' | ') : 'unknown'
}

/** The TypeScript type of a JSON Schema, `depth` levels down. */
function schemaType(schema: unknown, depth = 0): string {
  if (schema === true || schema === undefined) return 'unknown'
  if (schema === false) return 'never'
  if (!isObject(schema) || depth > MAX_DEPTH) return 'unknown'
  if ('const' in schema) return literal(schema.const)
  if (Array.isArray(schema.enum))
    return schema.enum.length <= MAX_ENUM ? union(schema.enum.map(literal)) : typeOf(schema, depth)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (Array.isArray(options) && options.length) return union(options.map((o) => wrapped(schemaType(o, depth + 1))))
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length) {
    const parts = schema.allOf.map((o) => schemaType(o, depth + 1)).filter((t) => t !== 'unknown')
    return parts.length ? parts.map(wrapped).join(' & ') : 'unknown'
  }
  const type = typeOf(schema, depth)
  return schema.nullable === true && type !== 'unknown' ? `${wrapped(type)} | null` : type
}

/** A union or intersection in parentheses, where it sits inside another. */
const wrapped = (t: string) => (/[|&]/.test(t) && !/^[{(]/.test(t) ? `(${t})` : t)

function typeOf(schema: JsonObject, depth: number): string {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (types.length > 1) return union(types.map((t) => typeOf({ ...schema, type: t }, depth)))
  switch (types[0]) {
    case 'string':
      return 'string'
    case 'number':
    case 'integer':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'null':
      return 'null'
    case 'array':
      return `${wrapped(schemaType(schema.items, depth + 1))}[]`
    case 'object':
      return objectType(schema, depth)
    default:
      return isObject(schema.properties) ? objectType(schema, depth) : 'unknown'
  }
}

function objectType(schema: JsonObject, depth: number): string {
  const properties = isObject(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r) => typeof r === 'string') : [])
  const members = Object.entries(properties).map(([name, p]) => {
    const comment = doc(isObject(p) ? p.description : undefined)
    const optional = required.has(name) ? '' : '?'
    return `${comment ? `/** ${comment} */ ` : ''}${memberName(name)}${optional}: ${schemaType(p, depth + 1)}`
  })
  const extra = schema.additionalProperties
  if (isObject(extra)) members.push(`[key: string]: ${schemaType(extra, depth + 1)}`)
  if (!members.length) return extra === false ? '{}' : 'Record<string, unknown>'
  return `{ ${members.join('; ')} }`
}

export interface DeclaredTool {
  name: string
  description?: string
  inputSchema: JsonObject
  outputSchema?: JsonObject
}

/** One member of the `tools` object: its documentation and signature. */
function toolMember(tool: DeclaredTool): string {
  const comment = doc(tool.description)
  const result = tool.outputSchema ? schemaType(tool.outputSchema) : 'unknown'
  const head = comment ? `  /** ${comment} */\n` : ''
  const line = `  ${memberName(tool.name)}(args: ${schemaType(tool.inputSchema)}): Promise<${result}>`
  if (line.length <= MAX_TOOL_CHARS) return head + line
  return `${head}  ${memberName(tool.name)}(args: Record<string, unknown>): Promise<unknown>`
}

/** The tools as one interface the `tools` object of run_code implements (interfaces of several answers merge). */
export function declarationsOf(tools: readonly DeclaredTool[]): string {
  if (!tools.length) return ''
  return `interface Tools {\n${tools.map(toolMember).join('\n')}\n}\ndeclare const tools: Tools`
}
