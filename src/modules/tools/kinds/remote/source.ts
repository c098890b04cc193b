// The `remote` kind: a toolkit whose tools come from an upstream MCP server (src/modules/tools/kinds/remote). Its tools are
// rows the sync writes; REST may not add or change them, but the toolkit itself is the project's to rename or delete.
import type { ToolsRepository } from '../../repository'
import type { ToolkitSource } from '../../sources/source'

export function remoteSource(
  tools: Pick<ToolsRepository, 'byToolkit'>,
  callTool: ToolkitSource['callTool'],
  detail: (toolkitId: string) => Promise<Record<string, unknown> | undefined>,
): ToolkitSource {
  return {
    kind: 'remote',
    readOnly: {
      addTool:
        'the tools of a remote toolkit come from its upstream MCP server: change them there (POST /toolkits/{id}/refresh re-lists them)',
      tool: 'tools of a remote toolkit come from its upstream MCP server and cannot be changed here',
    },
    listTools: (toolkitId) => tools.byToolkit(toolkitId),
    callTool,
    detail,
  }
}
