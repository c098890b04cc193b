// createApp(deps): the one place where cross-cutting plugins and feature modules are chained under /mcp (and the
// OAuth discovery documents under /.well-known), and where every request enters the pipeline once: `app.handle` (in
// process) and `listen` (Bun.serve's fetch and the hot path's routes) both go through the one entry (src/http/entry.ts).

import type { ServeOptions, Server } from 'bun'
import { Elysia } from 'elysia'
import type { Deps } from './deps'
import { directRoutes } from './direct-routes'
import { apiDescription } from './http/api-description'
import { bodyLimitFor, ownBodyRoutes } from './http/body-limit'
import { requestEntry } from './http/entry'
import { errorsPlugin } from './http/errors-plugin'
import { routeOf } from './http/pipeline'
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
import { identityModule } from './modules/identity'
import { keysModule } from './modules/keys'
import { oauthServerModule } from './modules/oauth-server'
import { wellKnownModule } from './modules/oauth-server/well-known'
import { policiesModule } from './modules/policies'
import { promptsModule } from './modules/prompts'
import { resourcesModule } from './modules/resources'
import { serversModule } from './modules/servers'
import { toolsModule } from './modules/tools'
import { toolkitChangesModule } from './modules/tools/changes'
import { functionsModule } from './modules/tools/functions'
import { openApiModule } from './modules/tools/kinds/openapi'
import { upstreamPartsModule } from './modules/tools/kinds/remote/routes'
import { registryImportModule } from './modules/tools/registry'
import { toolSearchModule } from './modules/tools/search'
import { serverToolsModule } from './modules/tools/server-tools'
import { toolkitsModule } from './modules/tools/toolkits'
import { usersModule } from './modules/users'
import { webhooksModule } from './modules/webhooks'
import { subscriptionsModule } from './modules/webhooks/subscriptions'
import { metricsRoute } from './observability/http'
import { uiModule } from './ui'
import { docsModule } from './ui/docs'
import { VERSION } from './version'

export function createApp(deps: Deps) {
  const api = new Elysia({ prefix: '/mcp' })
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
  api
    .use(openApiModule(deps))
    .use(toolkitChangesModule(deps))
    .use(registryImportModule(deps))
    .use(upstreamPartsModule(deps))
  api.use(callsModule(deps)).use(auditModule(deps)).use(metricsRoute(deps))
  api.use(usersModule(deps)).use(identityModule(deps)).use(policiesModule(deps))
  api.use(keysModule(deps)).use(oauthServerModule(deps)).use(oauthRedirectModule(deps))
  // The dashboard and the API reference call the REST API in-process (through the entry, as any request).
  const handle = (request: Request) => api.handle(request)
  api.use(uiModule({ ...deps, handle })).use(docsModule({ handle }))
  const mcp = createMcpHandlers({ ...deps, version: VERSION, prmUrl: deps.oauthServer.metadataUrl })
  api.use(mcpEndpoint(mcp))
  if (deps.admin) api.use(adminModule({ ...deps, admin: deps.admin }))
  // Elysia's own handler (routing, hooks, validation), compiled on first use as Elysia does it; only the entry calls it.
  const elysia = (request: Request) => api.fetch(request) as Response | Promise<Response>
  const enter = requestEntry(deps)
  const readsOwnBody = ownBodyRoutes(() => api.routes)
  // Every request of the app, in process or from Bun.serve's fetch: the pipeline's rules once, then Elysia.
  const entry = enter(
    {
      route: routeOf,
      rpc: (request) => readsOwnBody(request.method, new URL(request.url).pathname),
      limit: (request) => bodyLimitFor(request, deps.config),
    },
    elysia,
  )
  api.handle = entry
  // The hot requests go straight from Bun's router to their handlers (src/direct-routes.ts), through the same entry's
  // rules; the same routes stay registered above for the API reference and for in-process calls (app.handle).
  const direct = directRoutes({ ...deps, mcpPost: mcp.post, handle: elysia, enter })
  api.config.serve = { ...api.config.serve, routes: direct }
  // OAuth discovery documents live at the origin's /.well-known, the only paths outside /mcp. Elysia applies the prefix
  // as each route is added, so they join the same instance with it cleared: a root instance around `api` would add
  // every route a second time, ~8 ms of start (docs/decisions/0015-hot-path.md).
  api.config.prefix = undefined
  const app = api.use(wellKnownModule(deps))
  // Bun's router prefers a static path to a parameter: Elysia's one-segment paths (/mcp/servers, /mcp/initialize…)
  // go to the entry by name, or /mcp/:slug would take them.
  for (const route of app.routes)
    if (ONE_SEGMENT.test(route.path)) (direct as Record<string, unknown>)[route.path] ??= entry
  return app
}

/** A static path one segment under /mcp, which Bun would otherwise route to /mcp/:slug. */
const ONE_SEGMENT = /^\/mcp\/[^/:*]+$/
export type App = ReturnType<typeof createApp>

/**
 * Serves the app: Bun.serve with the hot path's routes and, for everything else, the app's entry as `fetch` (never
 * Elysia's listen, which would route each request to Elysia's own handler without the entry). `app.server` is set, so
 * handlers reach it and `app.stop` stops it.
 */
export function listen(app: App, options: Omit<ServeOptions, 'fetch'>): Server<unknown> {
  const server = Bun.serve({
    ...options,
    routes: app.config.serve?.routes ?? {},
    fetch: (request) => app.handle(request),
  } as Parameters<typeof Bun.serve>[0])
  app.server = server
  return server
}
