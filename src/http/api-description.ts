// What /mcp/openapi.json says a request body may be. The OpenAPI plugin offers JSON, urlencoded and multipart bodies
// for every route with a body schema, but such a route takes a JSON object only (src/http/json-body.ts: any other
// content type is 415), and it marks every such body required, optional ones too. A route whose body has no schema
// (the OAuth and dashboard forms, JSON-RPC) declares its content types itself, in `detail.requestBody`.
import { openapi } from '@elysiajs/openapi'
import { OptionalKind } from '@sinclair/typebox'
import { Elysia } from 'elysia'
import type { RouteInfo } from './strict-body'

type RequestBody = { content?: Record<string, unknown>; required?: boolean }
type ApiDocument = { paths?: Record<string, Record<string, { requestBody?: RequestBody }>> }

const openApiPath = (path: string) => path.replace(/:([^/]+)/g, '{$1}')

/** Each body-schema route's request body as the service takes it: application/json only, required unless optional. */
function jsonRequestBodies(doc: ApiDocument, routes: readonly RouteInfo[]): void {
  for (const route of routes) {
    const schema = route.hooks?.body as Record<PropertyKey, unknown> | undefined
    if (!schema || typeof schema !== 'object') continue
    const body = doc.paths?.[openApiPath(route.path)]?.[route.method.toLowerCase()]?.requestBody
    const json = body?.content?.['application/json']
    if (!body || !json) continue
    body.content = { 'application/json': json }
    body.required = !schema[OptionalKind]
  }
}

/**
 * The OpenAPI plugin (its document at `specPath`, its reference page at `path`), with the document's request bodies
 * corrected once it is built: the hook is local to this plugin, so no other route pays for it.
 */
export function apiDescription(
  options: Parameters<typeof openapi>[0] & { specPath: string },
  routes: () => readonly RouteInfo[],
) {
  return new Elysia({ name: 'toolyard.api-description' })
    .onAfterHandle(({ path, response }) => {
      if (path.endsWith(options.specPath) && response && typeof response === 'object')
        jsonRequestBodies(response as ApiDocument, routes())
    })
    .use(openapi(options))
}
