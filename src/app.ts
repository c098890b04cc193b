// createApp(deps): the one place where cross-cutting plugins and feature modules are chained under /mcp (and the
// OAuth discovery documents under /.well-known).

import { Elysia } from 'elysia'
import type { Deps } from './deps'
import { directRoutes } from './direct-routes'
import { apiDescription } from './http/api-description'
import { errorsPlugin } from './http/errors-plugin'
import type { RouteInfo } from './http/strict-body'
import { createMcpHandlers, mcpEndpoint } from './mcp/endpoint'
import { adminModule } from './modules/admin'
import { auditModule } from './modules/audit'
import { auditRestChanges } from './modules/audit/rest-hook'
import { callsModule } from './modules/calls'
import { credentialsModule } from './modules/credentials'
import { oauthModule } from './modules/credentials/oauth'
import { oauthRedirectModule } from './modules/credentials/oauth/redirect'
import { providersModule } from './modules/credentials/providers'
import { healthModule } from './modules/health'
import { keysModule } from './modules/keys'
import { oauthServerModule } from './modules/oauth-server'
import { wellKnownModule } from './modules/oauth-server/well-known'
import { openApiModule } from './modules/openapi'
import { promptsModule } from './modules/prompts'
import { resourcesModule } from './modules/resources'
import { serversModule } from './modules/servers'
import { toolsModule } from './modules/tools'
import { functionsModule } from './modules/tools/functions'
import { toolSearchModule } from './modules/tools/search'
import { serverToolsModule } from './modules/tools/server-tools'
import { toolkitsModule } from './modules/tools/toolkits'
import { webhooksModule } from './modules/webhooks'
import { subscriptionsModule } from './modules/webhooks/subscriptions'
import { httpObservability, metricsRoute } from './observability/http'
import { uiModule } from './ui'
import { docsModule } from './ui/docs'
import { VERSION } from './version'

export function createApp(deps: Deps) {
  const api = new Elysia({ prefix: '/mcp' })
    .use(httpObservability(deps))
    // The route list lets the errors plugin reject unknown body fields by name (Elysia would strip them).
    .use(errorsPlugin(deps.log, (): readonly RouteInfo[] => api.routes, deps.config))
    // Every successful change through REST joins the project's audit trail (src/modules/audit/rest-hook.ts); after the
    // errors plugin, whose body limit may hand the request on as a copy.
    .use(auditRestChanges(deps.audit))
    .use(
      apiDescription(
        {
          path: '/openapi',
          specPath: '/openapi.json',
          documentation: { info: { title: 'Toolyard', version: VERSION, description: 'Hosted MCP tool servers' } },
        },
        (): readonly RouteInfo[] => api.routes,
      ),
    )
    .use(healthModule(deps))
    .use(serversModule(deps))
  api.use(subscriptionsModule(deps)).use(webhooksModule(deps))
  api.use(credentialsModule(deps)).use(providersModule(deps)).use(oauthModule(deps))
  api.use(resourcesModule(deps)).use(promptsModule(deps))
  api.use(toolkitsModule(deps)).use(toolsModule(deps)).use(functionsModule(deps)).use(serverToolsModule(deps))
  api.use(toolSearchModule(deps))
  api.use(openApiModule(deps))
  api.use(callsModule(deps)).use(auditModule(deps)).use(metricsRoute(deps))
  api.use(keysModule(deps)).use(oauthServerModule(deps)).use(oauthRedirectModule(deps))
  // The dashboard and the API reference call the REST API in-process.
  const handle = (request: Request) => api.handle(request)
  api.use(uiModule({ ...deps, handle })).use(docsModule({ handle }))
  const mcp = createMcpHandlers({ ...deps, version: VERSION, prmUrl: deps.oauthServer.metadataUrl })
  api.use(mcpEndpoint(mcp))
  if (deps.admin) api.use(adminModule({ ...deps, admin: deps.admin }))
  // The hot requests go straight from Bun's router to their handlers (src/direct-routes.ts); the same routes
  // stay registered above for the API reference and for in-process calls (app.handle).
  const direct = directRoutes({ ...deps, mcpPost: mcp.post, handle: (request) => api.handle(request) })
  api.config.serve = { ...api.config.serve, routes: direct }
  // OAuth discovery documents live at the origin's /.well-known, the only paths outside /mcp. Elysia applies the prefix
  // as each route is added, so they join the same instance with it cleared: a root instance around `api` would add
  // every route a second time, ~8 ms of start (docs/decisions/0015-hot-path.md).
  api.config.prefix = undefined
  return api.use(wellKnownModule(deps))
}
