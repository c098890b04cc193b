// The `openapi` kind: toolkits imported from an OpenAPI document, stored as toolkit and tool rows of this type, each
// tool with its call plan (./plan.ts) beside it; a call follows the plan (./call.ts), no function runs.
import { AppError } from '../../lib/errors'
import type { ToolsRepository } from '../tools/repository'
import type { ToolkitSource } from '../tools/sources/source'
import type { OpenApiCaller } from './call'
import type { ImportSettings } from './model'
import type { OperationPlan } from './plan'
import type { OpenApiRepository } from './repository'

export const OPENAPI_KIND = 'openapi'
/** What an OpenAPI tool row names as its function: none runs, the call plan does. */
export const OPENAPI_FUNCTION = 'openapi.operation'

export function openApiSource(
  rows: { tools: Pick<ToolsRepository, 'byToolkit'>; openapi: Pick<OpenApiRepository, 'operation' | 'toolkit'> },
  caller: OpenApiCaller,
): ToolkitSource {
  return {
    kind: OPENAPI_KIND,
    listTools: (toolkitId) => rows.tools.byToolkit(toolkitId),
    async callTool(tool, args, { projectId, host, credentialId }) {
      const plan = rows.openapi.operation(tool.id)
      if (!plan)
        throw new AppError(
          'tool_not_configured',
          `Tool ${tool.name} has no operation of its OpenAPI document behind it`,
        )
      const kit = rows.openapi.toolkit(projectId, tool.toolkit_id)
      const settings = kit ? (JSON.parse(kit.settings) as ImportSettings) : undefined
      return caller({
        tool,
        operation: JSON.parse(plan) as OperationPlan,
        ...(settings?.base_url ? { baseUrl: settings.base_url } : {}),
        args,
        projectId,
        host,
        ...(credentialId ? { credentialId } : {}),
      })
    },
  }
}
