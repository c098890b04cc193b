// Per-type rules for a resource record (docs/decisions/README.md, Resources section): which source fields each type takes.
import { badRequest, type ErrorDetail } from '../../lib/errors'
import type { ResourceType } from './model'
import { isBase64 } from './sources/contents'
import { pathProblem } from './sources/safe-path'
import { selectProblem } from './sources/select-guard'
import { templateProblem, templateVariables } from './uri-template'

export const SOURCE_FIELDS = [
  'content',
  'blob',
  'path',
  'url',
  'method',
  'headers',
  'database',
  'query',
  'function_name',
] as const
export type SourceField = (typeof SOURCE_FIELDS)[number]

export const FIELDS_BY_TYPE: Record<ResourceType, readonly SourceField[]> = {
  static: ['content', 'blob'],
  file: ['path'],
  api: ['url', 'method', 'headers'],
  database: ['database', 'query'],
  dynamic: ['function_name'],
  function: ['function_name'],
}

export interface Candidate {
  uri: string
  resource_type: ResourceType
  requires_credentials: boolean
  credential_id: string | null
  variables: Record<string, unknown> | null
  source: Partial<Record<SourceField, unknown>>
}

/** Throws 400 naming every problem of the record (fields of another type, missing or invalid source fields). */
export function validateResource(c: Candidate): void {
  const details: ErrorDetail[] = []
  const fail = (field: string, message: string) => details.push({ field: `body.${field}`, message })
  const allowed = FIELDS_BY_TYPE[c.resource_type]
  const present = (f: SourceField) => c.source[f] !== undefined && c.source[f] !== null

  const uriProblem = templateProblem(c.uri)
  if (uriProblem) fail('uri', uriProblem)
  for (const f of SOURCE_FIELDS)
    if (present(f) && !allowed.includes(f))
      fail(f, `${f} does not apply to resource_type "${c.resource_type}" (it takes ${allowed.join(', ')})`)

  switch (c.resource_type) {
    case 'static':
      if (!present('content') && !present('blob'))
        fail('content', 'a static resource needs content (text) or blob (base64)')
      if (present('content') && present('blob')) fail('blob', 'give content or blob, not both')
      if (present('blob') && !isBase64(String(c.source.blob))) fail('blob', 'blob must be valid base64')
      break
    case 'file': {
      if (!present('path')) fail('path', "a file resource needs path (relative to the project's files folder)")
      else {
        const p = pathProblem(String(c.source.path))
        if (p) fail('path', p)
      }
      break
    }
    case 'api': {
      const url = c.source.url
      if (!present('url')) fail('url', 'an api resource needs url')
      else if (!/^(https?:\/\/|\{\{)/i.test(String(url))) fail('url', 'url must be an http or https URL')
      break
    }
    case 'database': {
      if (!present('database'))
        fail('database', "a database resource needs database (a SQLite file in the project's files folder)")
      else {
        const p = pathProblem(String(c.source.database))
        if (p) fail('database', p)
      }
      if (!present('query')) fail('query', 'a database resource needs query (one SELECT statement)')
      else {
        const q = selectProblem(String(c.source.query))
        if (q) fail('query', q)
      }
      break
    }
    case 'dynamic':
    case 'function':
      if (!present('function_name')) fail('function_name', `a ${c.resource_type} resource needs function_name`)
      break
  }

  if (c.variables) {
    const names = templateVariables(c.uri)
    for (const v of Object.keys(c.variables))
      if (!names.includes(v)) fail(`variables.${v}`, `"${v}" is not a variable of the uri template`)
  }
  if (details.length) throw badRequest(`invalid resource: ${details.map((d) => d.message).join('; ')}`, details)
}
