// `api` resources: one outbound call through the egress guard; url and headers are Mustache templates.
import Mustache from 'mustache'
import { type Egress, EgressError } from '../../../egress/client'
import type { ResourceContents } from '../../../mcp/backend'
import { upstreamError } from '../errors'
import { fromText } from './contents'

// Values are inserted verbatim: a header or url is not HTML.
const RAW = { escape: (value: unknown) => String(value) }

export interface ApiSource {
  url: string
  method: string | null
  headers: Record<string, string> | null
  mimeType: string
}

export async function readApi(
  egress: Egress,
  source: ApiSource,
  uri: string,
  view: { credentials?: Record<string, unknown>; params: Record<string, string> },
  signal: AbortSignal,
): Promise<ResourceContents[]> {
  // Template values in the url are percent-encoded so a variable cannot change the url's structure.
  const url = Mustache.render(source.url, { ...view, params: encodeAll(view.params) }, {}, RAW)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(source.headers ?? {}))
    headers[name] = Mustache.render(value, view, {}, RAW)
  let response: Awaited<ReturnType<typeof egress.fetch>>
  try {
    response = await egress.fetch(url, { method: source.method ?? 'GET', headers, signal })
  } catch (error) {
    if (error instanceof EgressError) throw upstreamError(`api resource upstream unavailable: ${error.message}`)
    throw upstreamError('api resource upstream unavailable')
  }
  if (response.status < 200 || response.status >= 300) {
    throw upstreamError(`api resource upstream answered HTTP ${response.status}: ${response.text.slice(0, 200)}`)
  }
  return [fromText(uri, source.mimeType, response.text)]
}

const encodeAll = (params: Record<string, string>) =>
  Object.fromEntries(Object.entries(params).map(([k, v]) => [k, encodeURIComponent(v)]))
