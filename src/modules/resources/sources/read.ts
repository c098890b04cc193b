// Reads a resource from its source (static, file, database, api, function); credentials are opened only to read.
import Mustache from 'mustache'
import type { Egress } from '../../../egress/client'
import type { CredentialAccess } from '../../../lib/credentials-port'
import { AppError } from '../../../lib/errors'
import type { ResourceContents } from '../../../mcp/backend'
import type { FunctionHost } from '../../../runtime/host'
import { upstreamError } from '../errors'
import type { ResourceRow } from '../repository'
import { readApi } from './api'
import { fromFunctionValue } from './contents'
import { readDatabase } from './database'
import { readFile } from './file'

/** How a resource runs a project function (adapter over the functions feature, wired in deps). */
interface ResourceFunctionRunner {
  run(
    projectId: string,
    functionName: string,
    input: { uri: string; params: Record<string, string> },
    options: { host: FunctionHost; credentials?: Record<string, unknown> },
  ): Promise<{ ok: true; value: unknown } | { ok: false; missing?: boolean; message: string }>
  /** Changes when the function's code (or runtime, template, limits) changes: part of the read cache's key. */
  version(projectId: string, functionName: string): Promise<string>
  /** Whether a builtin or the project's function has this name (a resource must name one that exists). */
  exists(projectId: string, functionName: string): Promise<boolean>
}

export interface SourceDeps {
  credentials: CredentialAccess
  egress: Egress
  dataDir: string
  functions: ResourceFunctionRunner
}

// Values are inserted verbatim: a file path is not HTML.
const RAW = { escape: (value: unknown) => String(value) }

export function sourceReader(d: SourceDeps) {
  async function openCredentials(row: ResourceRow): Promise<Record<string, unknown> | undefined> {
    if (row.requires_credentials !== 1) return undefined
    if (!row.credential_id)
      throw new AppError('bad_request', `resource ${row.uri} requires credentials but has no credential_id`)
    const opened = await d.credentials.open(row.project_id, row.credential_id)
    // The provider being away is not the caller's mistake: a 502 (REST) that says when it retries.
    if (opened.status === 'unreachable')
      throw new AppError('upstream_error', `resource ${row.uri} cannot be read now: ${opened.message}`)
    if (opened.status !== 'configured' || !opened.data) {
      throw new AppError(
        'bad_request',
        `resource ${row.uri} requires credentials: credential ${row.credential_id} is ${opened.status}`,
      )
    }
    return opened.data
  }

  /** The contents of `row` read for the requested `uri` (template variables in `params`). */
  return async function readSource(
    row: ResourceRow,
    uri: string,
    params: Record<string, string>,
    host: FunctionHost,
  ): Promise<ResourceContents[]> {
    switch (row.resource_type) {
      case 'static':
        return [
          row.blob !== null
            ? { uri, mimeType: row.mime_type, blob: row.blob }
            : { uri, mimeType: row.mime_type, text: row.content ?? '' },
        ]
      case 'file':
        return readFile(d.dataDir, row.project_id, Mustache.render(row.path!, { params }, {}, RAW), uri, row.mime_type)
      case 'database':
        return readDatabase(
          d.dataDir,
          row.project_id,
          { database: row.database!, query: row.query!, mimeType: row.mime_type },
          uri,
          params,
        )
      case 'api': {
        const credentials = await openCredentials(row)
        const headers = row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null
        return readApi(
          d.egress,
          { url: row.url!, method: row.method, headers, mimeType: row.mime_type },
          uri,
          { credentials, params },
          host.signal,
        )
      }
      case 'dynamic':
      case 'function': {
        const credentials = await openCredentials(row)
        const result = await d.functions.run(
          row.project_id,
          row.function_name!,
          { uri, params },
          { host, ...(credentials ? { credentials } : {}) },
        )
        if (!result.ok) {
          if (result.missing)
            throw new AppError(
              'internal_error',
              `resource ${row.uri} has no backing function: "${row.function_name}" does not exist`,
            )
          throw upstreamError(`resource function "${row.function_name}" failed: ${result.message}`)
        }
        return [fromFunctionValue(uri, row.mime_type, result.value)]
      }
    }
  }
}
