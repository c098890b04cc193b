// The seam between the protocol endpoint and the features: what a server exposes to MCP clients.
// The endpoint (src/mcp) speaks JSON-RPC/HTTP; each feature supplies its part of McpBackend.
// Methods throw ProtocolError for protocol-level failures (unknown tool → -32602, unknown resource → -32002,
// tool without a function → -32603); a failing tool is a normal result with isError: true.
import type { ServerRow } from '../modules/servers/repository'

export type McpLogLevel = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'critical' | 'alert' | 'emergency'

export type JsonObject = Record<string, unknown>

/** A content block as MCP defines it (text, image, audio, resource, resource_link). */
export type ContentBlock = JsonObject & { type: string }

export interface CallToolResult {
  content: ContentBlock[]
  structuredContent?: JsonObject
  isError?: boolean
}

/** What the endpoint offers a running tool/resource function: cancellation and client-bound messages. */
export interface CallHost {
  signal: AbortSignal
  /** Negotiated protocol version of the session (or the default). */
  protocolVersion: string
  /** → notifications/message, filtered by logging/setLevel. */
  log(level: McpLogLevel, data: unknown): void
  /** → notifications/progress with the client's token; a no-op when the request carried none. */
  progress(progress: number, total?: number, message?: string): void
  /** Present only when the client declared `sampling`. */
  sample?: (request: JsonObject) => Promise<JsonObject>
  /** Present only when the client declared `elicitation`. */
  elicit?: (request: JsonObject) => Promise<JsonObject>
}

export interface McpTool {
  name: string
  title?: string
  description?: string
  inputSchema: JsonObject
  outputSchema?: JsonObject
  annotations?: JsonObject
}

export interface McpResource {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
}

export interface McpResourceTemplate {
  uriTemplate: string
  name: string
  title?: string
  description?: string
  mimeType?: string
}

export interface ResourceContents {
  uri: string
  mimeType?: string
  text?: string
  blob?: string
}

export interface McpPrompt {
  name: string
  title?: string
  description?: string
  arguments?: { name: string; description?: string; required?: boolean }[]
}

export interface GetPromptResult {
  description?: string
  messages: { role: 'user' | 'assistant'; content: ContentBlock }[]
}

export interface CompletionResult {
  values: string[]
  total?: number
  hasMore?: boolean
}

export type CompletionRef = { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string }

export interface ToolsBackend {
  /** Every enabled tool of the server in a stable order; the endpoint paginates. */
  listTools(server: ServerRow): McpTool[]
  callTool(server: ServerRow, name: string, args: JsonObject, host: CallHost): Promise<CallToolResult>
}

export interface ResourcesBackend {
  listResources(server: ServerRow): McpResource[]
  listResourceTemplates(server: ServerRow): McpResourceTemplate[]
  readResource(server: ServerRow, uri: string, host: CallHost): Promise<{ contents: ResourceContents[] }>
}

export interface PromptsBackend {
  listPrompts(server: ServerRow): McpPrompt[]
  getPrompt(server: ServerRow, name: string, args: Record<string, string>): Promise<GetPromptResult>
}

export interface CompletionBackend {
  complete(
    server: ServerRow,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
  ): CompletionResult
}

export type McpBackend = ToolsBackend & ResourcesBackend & PromptsBackend & CompletionBackend

/** Until a feature lands, its part of the backend exposes nothing. */
export const emptyBackend: McpBackend = {
  listTools: () => [],
  callTool: async (_s, name) => {
    const { ProtocolError, RPC } = await import('./errors')
    throw new ProtocolError(RPC.INVALID_PARAMS, `Unknown tool: ${name}`)
  },
  listResources: () => [],
  listResourceTemplates: () => [],
  readResource: async (_s, uri) => {
    const { ProtocolError, RPC } = await import('./errors')
    throw new ProtocolError(RPC.RESOURCE_NOT_FOUND, 'Resource not found', { uri })
  },
  listPrompts: () => [],
  getPrompt: async (_s, name) => {
    const { ProtocolError, RPC } = await import('./errors')
    throw new ProtocolError(RPC.INVALID_PARAMS, `Unknown prompt: ${name}`)
  },
  complete: () => ({ values: [], total: 0, hasMore: false }),
}
