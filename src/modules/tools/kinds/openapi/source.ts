// The `openapi` kind: toolkits imported from an OpenAPI document, stored as toolkit and tool rows of this type, each
// tool with its call plan (./plan.ts) beside it; a call follows the plan (./call.ts), no function runs.
import { AppError } from '../../../../lib/errors'
import { Lru } from '../../../../read-model/lru'
import type { ToolsRepository } from '../../repository'
import type { ToolkitSource } from '../../sources/source'
import type { OpenApiCaller } from './call'
import type { OpenApiDocument } from './document'
import type { ImportSettings, OpenApiDetail } from './model'
import { countOperations, type OperationPlan } from './plan'
import type { OpenApiRepository } from './repository'

export const OPENAPI_KIND = 'openapi'
/** What an OpenAPI tool row names as its function: none runs, the call plan does. */
export const OPENAPI_FUNCTION = 'openapi.operation'
export const DEFAULT_MAX_TOOLS = 200

/** A URL as GET /toolkits/{id} shows it: user info (a password) is never shown back. */
function withoutUserInfo(raw: string): string {
  try {
    const u = new URL(raw)
    u.username = ''
    u.password = ''
    return u.href
  } catch {
    return '(invalid URL)'
  }
}

export function openApiSource(
  rows: {
    tools: Pick<ToolsRepository, 'byToolkit'>
    openapi: Pick<OpenApiRepository, 'callPlan' | 'byToolkit'>
  },
  caller: OpenApiCaller,
): ToolkitSource {
  // Counting operations parses the stored document (up to 10 MiB): once per import, not per GET.
  const counted = new Map<string, { at: string; count: number }>()
  const operationCount = (toolkitId: string, at: string, document: string) => {
    const kept = counted.get(toolkitId)
    if (kept?.at === at) return kept.count
    const count = countOperations(JSON.parse(document) as OpenApiDocument)
    counted.set(toolkitId, { at, count })
    return count
  }
  // Parsed call plans and settings by their stored text: a call reads the text (one small row) and parses it once per
  // version; the parsed objects are shared and never changed, so the caller can keep what it derives from them.
  const plans = new Lru<string, OperationPlan>({ maxEntries: 20_000 })
  const settingsByText = new Lru<string, ImportSettings>({ maxEntries: 5_000 })
  const parsed = <T>(cache: Lru<string, T>, text: string): T => {
    let value = cache.get(text)
    if (value === undefined) {
      value = JSON.parse(text) as T
      cache.set(text, value)
    }
    return value
  }
  return {
    kind: OPENAPI_KIND,
    // Its tools are the document's operations: a re-import would undo any change made here (docs/openapi.md).
    readOnly: {
      addTool:
        'the tools of an OpenAPI toolkit come from its document: change the document or the include/exclude filters and re-import it (POST /toolkits/{id}/reimport)',
      tool: 'tools of an OpenAPI toolkit come from its document and cannot be changed or deleted here: re-import the document (POST /toolkits/{id}/reimport), or take the tool off a server with its server tools',
    },
    listTools: (toolkitId) => rows.tools.byToolkit(toolkitId),
    async detail(toolkitId): Promise<{ openapi: OpenApiDetail } | undefined> {
      const row = await rows.openapi.byToolkit(toolkitId)
      if (!row) return undefined
      const s = JSON.parse(row.settings) as ImportSettings
      return {
        openapi: {
          source: s.spec_url ? withoutUserInfo(s.spec_url) : 'inline',
          base_url: s.base_url ? withoutUserInfo(s.base_url) : null,
          include: s.include ?? null,
          exclude: s.exclude ?? null,
          max_tools: s.max_tools ?? DEFAULT_MAX_TOOLS,
          last_import_at: row.updated_at,
          operation_count: operationCount(toolkitId, row.updated_at, row.document),
          tool_count: (await rows.tools.byToolkit(toolkitId)).length,
        },
      }
    },
    async callTool({ projectId, host }, tool, args, credentialId) {
      const plan = await rows.openapi.callPlan(projectId, tool.toolkit_id, tool.id)
      if (!plan)
        throw new AppError(
          'tool_not_configured',
          `Tool ${tool.name} has no operation of its OpenAPI document behind it`,
        )
      const settings = plan.settings ? parsed(settingsByText, plan.settings) : undefined
      return caller({
        tool,
        operation: parsed(plans, plan.operation),
        ...(settings?.base_url ? { baseUrl: settings.base_url } : {}),
        args,
        projectId,
        host,
        ...(credentialId ? { credentialId } : {}),
      })
    },
  }
}
