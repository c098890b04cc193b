// The `hosted` kind: the project's own toolkits, stored as rows and edited through REST; their tools are rows too.
import type { ToolsRepository } from '../../repository'
import type { ToolkitSource } from '../../sources/source'

export function hostedSource(
  tools: Pick<ToolsRepository, 'byToolkit'>,
  callTool: ToolkitSource['callTool'],
): ToolkitSource {
  return { kind: 'hosted', listTools: (toolkitId) => tools.byToolkit(toolkitId), callTool }
}
