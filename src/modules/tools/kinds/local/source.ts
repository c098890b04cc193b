// The `local` kind: a toolkit whose tools come from an operator's local (stdio) MCP server (src/modules/tools/local).
// Its tools are rows the sync writes; REST may not add or change them, but the toolkit is the project's to delete.
import type { ToolsRepository } from '../../repository'
import type { ToolkitSource } from '../../sources/source'

export function localSource(
  tools: Pick<ToolsRepository, 'byToolkit'>,
  callTool: ToolkitSource['callTool'],
  detail: (toolkitId: string) => Promise<Record<string, unknown> | undefined>,
): ToolkitSource {
  return {
    kind: 'local',
    readOnly: {
      addTool:
        'the tools of a local toolkit come from its local MCP server (POST /toolkits/{id}/refresh re-lists them)',
      tool: 'tools of a local toolkit come from its local MCP server and cannot be changed here',
    },
    listTools: (toolkitId) => tools.byToolkit(toolkitId),
    callTool,
    detail,
  }
}
