// The pre-built catalog of common services (src/catalog/openapi-catalog.ts) built by the same planner as an import:
// each document becomes a read-only pre-built toolkit whose tools name the service's provider, and each tool's call
// plan is kept in memory. Documents are checked by the full validator in the catalog's test, not at every start.
import type { CatalogService } from '../../../../catalog/openapi-catalog'
import type { PrebuiltToolkit } from '../../../../catalog/toolkits'
import type { ToolkitSource } from '../../sources/source'
import type { OpenApiCaller } from './call'
import type { OpenApiDocument } from './document'
import { type OperationPlan, planDocument } from './plan'
import { OPENAPI_FUNCTION } from './source'

export interface OpenApiCatalog {
  /** The ids of its toolkits, known without planning anything. */
  ids: ReadonlySet<string>
  /** Planned on first use (YAML and planning cost ~0.15 s cold: not paid at start). */
  toolkits: () => readonly PrebuiltToolkit[]
  /** Runs a tool of one of these toolkits (its call plan, its provider's credential). */
  callTool: ToolkitSource['callTool']
}

const planKey = (toolkitId: string, toolName: string) => `${toolkitId}\u0000${toolName}`

export function buildCatalog(services: readonly CatalogService[], caller: OpenApiCaller): OpenApiCatalog {
  const plans = new Map<string, OperationPlan>()
  let built: readonly PrebuiltToolkit[] | undefined
  const build = () =>
    services.map((service): PrebuiltToolkit => {
      const doc = Bun.YAML.parse(service.document) as OpenApiDocument
      const plan = planDocument(doc, { providerFor: () => service.provider })
      if (plan.skipped.length) throw new Error(`catalog ${service.name}: ${JSON.stringify(plan.skipped)}`)
      return {
        id: service.id,
        name: service.name,
        display_name: service.display_name,
        description: service.description,
        toolkit_type: 'prebuilt',
        status: 'active',
        tools: plan.tools.map((t) => {
          plans.set(planKey(service.id, t.name), t.operation)
          const { title, description, input_schema, annotations, credential_provider } = t.definition
          return {
            name: t.name,
            ...(title ? { title } : {}),
            description: description ?? t.name,
            input_schema,
            function_name: OPENAPI_FUNCTION,
            ...(credential_provider ? { credential_provider } : {}),
            ...(annotations ? { annotations } : {}),
          }
        }),
      }
    })
  const toolkits = () => {
    built ??= build()
    return built
  }
  const rules = new Map(services.flatMap((s) => (s.result ? [[s.id, s.result] as const] : [])))
  return {
    ids: new Set(services.map((s) => s.id)),
    toolkits,
    async callTool({ projectId, host }, tool, args, credentialId) {
      toolkits()
      const operation = plans.get(planKey(tool.toolkit_id, tool.name))!
      const resultRule = rules.get(tool.toolkit_id)
      return caller({
        tool,
        operation,
        args,
        projectId,
        host,
        ...(credentialId ? { credentialId } : {}),
        ...(resultRule ? { resultRule } : {}),
      })
    },
  }
}
