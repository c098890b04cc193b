// createApp(deps): the one place where cross-cutting plugins and feature modules are chained under /mcp.
import { Elysia } from 'elysia'
import { openapi } from '@elysiajs/openapi'
import { VERSION, type Deps } from './deps'
import { errorsPlugin } from './http/errors-plugin'
import { adminModule } from './modules/admin'
import { healthModule } from './modules/health'
import { serversModule } from './modules/servers'

export function createApp(deps: Deps) {
  const api = new Elysia({ prefix: '/mcp' })
    .use(errorsPlugin(deps.log))
    .use(
      openapi({
        path: '/openapi',
        specPath: '/openapi.json',
        documentation: { info: { title: 'Toolyard', version: VERSION, description: 'Hosted MCP tool servers' } },
      }),
    )
    .use(healthModule({ ...deps, version: VERSION }))
    .use(serversModule(deps))
  // Feature modules are added below this line (toolkits, tools, resources, prompts, credentials, oauth, webhooks, protocol).
  if (deps.config.adminToken) api.use(adminModule({ projects: deps.projects, adminToken: deps.config.adminToken }))
  return api
}
export type App = ReturnType<typeof createApp>
