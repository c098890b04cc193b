// completion/complete: prompt arguments complete from their `enum`, template variables from the resource's `variables.<name>.enum`.
import type { CompletionBackend, CompletionResult } from '../../mcp/backend'
import type { PromptsService } from '../prompts/service'
import type { ResourcesService } from '../resources/service'

const MAX_VALUES = 100

/** Values starting with what was typed (case-insensitive), at most 100, with the full count. */
function suggest(values: string[], typed: string): CompletionResult {
  const prefix = typed.toLowerCase()
  const matches = values.filter((v) => v.toLowerCase().startsWith(prefix))
  return { values: matches.slice(0, MAX_VALUES), total: matches.length, hasMore: matches.length > MAX_VALUES }
}

export function completionBackend(prompts: PromptsService, resources: ResourcesService): CompletionBackend {
  return {
    async complete({ projectId, server }, ref, argument) {
      // An unknown prompt throws (-32602 through src/mcp): the client named something that is not there.
      if (ref.type === 'ref/prompt')
        return suggest(await prompts.argumentEnum(projectId, ref.name, argument.name, server.id), argument.value ?? '')
      // An unknown template or a variable without an enum has nothing to offer: an empty list is a valid answer.
      const row = await resources.templateByUri(projectId, server.id, ref.uri)
      const variables = row?.variables ? (JSON.parse(row.variables) as Record<string, { enum?: string[] }>) : {}
      return suggest(variables[argument.name]?.enum ?? [], argument.value ?? '')
    },
  }
}
