// How a resource is shown: the REST record (absent fields omitted, never null) and the MCP listing forms.
import type { McpResource, McpResourceTemplate } from '../../mcp/backend'
import type { ResourceView } from './model'
import type { ResourceRow } from './repository'

export function resourceView(r: ResourceRow): ResourceView {
  const opt = <K extends string>(k: K, v: string | null) => (v !== null ? { [k]: v } : {})
  return {
    id: r.id,
    server_id: r.server_id,
    name: r.name,
    uri: r.uri,
    is_template: r.is_template === 1,
    ...opt('description', r.description),
    mime_type: r.mime_type,
    resource_type: r.resource_type,
    requires_credentials: r.requires_credentials === 1,
    ...opt('credential_id', r.credential_id),
    cache_ttl_seconds: r.cache_ttl_seconds,
    is_active: r.is_active === 1,
    ...opt('content', r.content),
    ...opt('blob', r.blob),
    ...opt('path', r.path),
    ...opt('url', r.url),
    ...opt('method', r.method),
    ...(r.headers !== null ? { headers: JSON.parse(r.headers) } : {}),
    ...opt('database', r.database),
    ...opt('query', r.query),
    ...opt('function_name', r.function_name),
    ...(r.variables !== null ? { variables: JSON.parse(r.variables) } : {}),
    created_at: r.created_at,
    updated_at: r.updated_at,
  }
}

export const listedResource = (r: ResourceRow): McpResource => ({
  uri: r.uri,
  name: r.name,
  ...(r.description ? { description: r.description } : {}),
  mimeType: r.mime_type,
})

export const listedTemplate = (r: ResourceRow): McpResourceTemplate => ({
  uriTemplate: r.uri,
  name: r.name,
  ...(r.description ? { description: r.description } : {}),
  mimeType: r.mime_type,
})
