// The seam between the protocol endpoint and the features: what a server exposes to MCP clients.
// The endpoint (src/mcp) speaks JSON-RPC/HTTP; each feature supplies its part of McpBackend (its `mcp.ts`) and throws
// AppError like its REST routes; protocolBackend turns those into JSON-RPC errors in one place (./errors). A failing
// tool is a normal result with isError: true.
import type { OnServer, ServerRef } from '../lib/request-context'
import { type ProtocolWording, toProtocolError } from './errors'

export type JsonObject = Record<string, unknown>

/** A content block as MCP defines it (text, image, audio, resource, resource_link). */
export type ContentBlock = JsonObject & { type: string }

export interface CallToolResult {
  content: ContentBlock[]
  structuredContent?: JsonObject
  isError?: boolean
}

export interface McpTool {
  name: string
  title?: string
  description?: string
  inputSchema: JsonObject
  outputSchema?: JsonObject
  annotations?: JsonObject
  /** Passed on as the upstream (or author) gave them: MCP Apps' `ui` lives in `_meta`; icons since 2025-11-25. */
  _meta?: JsonObject
  icons?: JsonObject[]
  /** Client capabilities a call needs (2026-07-28 checks them before running); internal, never listed. */
  requiredCapabilities?: JsonObject
  /** Whether a 2026-07-28 call may (or must) run as a task (tasks extension); internal, never listed. */
  taskSupport?: 'optional' | 'required'
}

export interface McpResource {
  uri: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  annotations?: JsonObject
  size?: number
  /** Passed on as the upstream (or author) gave them: MCP Apps' `ui` lives in `_meta`; icons since 2025-11-25. */
  _meta?: JsonObject
  icons?: JsonObject[]
}

export interface McpResourceTemplate {
  uriTemplate: string
  name: string
  title?: string
  description?: string
  mimeType?: string
  annotations?: JsonObject
  /** Passed on as the upstream (or author) gave them: MCP Apps' `ui` lives in `_meta`; icons since 2025-11-25. */
  _meta?: JsonObject
  icons?: JsonObject[]
}

export interface ResourceContents {
  uri: string
  mimeType?: string
  text?: string
  blob?: string
  /** An upstream's `_meta` (MCP Apps' `ui.csp`, `ui.permissions` …), passed on untouched. */
  _meta?: JsonObject
}

export interface McpPrompt {
  name: string
  title?: string
  description?: string
  arguments?: { name: string; description?: string; required?: boolean }[]
  /** Passed on as the upstream (or author) gave them: MCP Apps' `ui` lives in `_meta`; icons since 2025-11-25. */
  _meta?: JsonObject
  icons?: JsonObject[]
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

/**
 * The tools' lookups answer from memory with no promise made when the read model holds what they need (the hit path
 * of tools/call), and with a promise when it must be loaded: callers check `instanceof Promise` before awaiting.
 */
export interface ToolsBackend {
  /**
   * Every enabled tool of the server in a stable order; the endpoint paginates. With `caller`, only those it may call
   * (policies: src/modules/policies).
   */
  listTools(server: ServerRef, caller?: OnServer): McpTool[] | Promise<McpTool[]>
  /** The call in the request's context: its server, version (argument errors by version), host and request id. */
  callTool(ctx: OnServer, name: string, args: JsonObject): Promise<CallToolResult>
  /** Whether this call would wait for an approval: a 2026-07-28 client that offers tasks then gets a task. */
  parksForApproval?(ctx: Omit<OnServer, 'host'>, name: string, args: JsonObject): boolean | Promise<boolean>
  /** Any tool the server can call by name, listed or not (a server in discovery mode lists only some). */
  findTool?(server: ServerRef, name: string): McpTool | undefined | Promise<McpTool | undefined>
  /** The server's instructions: its description, plus how to find tools when it lists only some. */
  instructions?(server: ServerRef, description: string | undefined): string | undefined | Promise<string | undefined>
}

export interface ResourcesBackend {
  listResources(server: ServerRef): Promise<McpResource[]>
  listResourceTemplates(server: ServerRef): Promise<McpResourceTemplate[]>
  /** The read in the request's context: its server, host and request id. */
  readResource(ctx: OnServer, uri: string): Promise<{ contents: ResourceContents[] }>
  /** A client subscribed to `uri` on the server (recorded already): a source that must ask elsewhere for updates does. */
  subscribeResource?(server: ServerRef, uri: string): Promise<void>
}

export interface PromptsBackend {
  listPrompts(server: ServerRef): Promise<McpPrompt[]>
  /** The get in the request's context: its server, host and request id. */
  getPrompt(ctx: OnServer, name: string, args: Record<string, string>): Promise<GetPromptResult>
}

export interface CompletionBackend {
  complete(
    ctx: OnServer,
    ref: CompletionRef,
    argument: { name: string; value: string },
    context?: { arguments?: Record<string, string> },
  ): Promise<CompletionResult>
}

export type McpBackend = ToolsBackend & ResourcesBackend & PromptsBackend & CompletionBackend

/**
 * The backend the endpoint calls, over the features' parts: what they throw as AppError leaves here as the
 * ProtocolError the one table in ./errors says, with MCP's wording for a name that does not exist.
 */
export function protocolBackend(parts: McpBackend): McpBackend {
  return {
    ...parts,
    callTool: (ctx, name, args) =>
      translated(() => parts.callTool(ctx, name, args), { unknown: `Unknown tool: ${name}` }),
    readResource: (ctx, uri) => translated(() => parts.readResource(ctx, uri), { resource: uri }),
    ...(parts.subscribeResource
      ? {
          subscribeResource: (server: ServerRef, uri: string) =>
            translated(() => parts.subscribeResource!(server, uri), {}),
        }
      : {}),
    getPrompt: (ctx, name, args) =>
      translated(() => parts.getPrompt(ctx, name, args), { unknown: `Unknown prompt: ${name}` }),
    complete: (ctx, ref, argument, context) =>
      translated(
        () => parts.complete(ctx, ref, argument, context),
        ref.type === 'ref/prompt' ? { unknown: `Unknown prompt: ${ref.name}` } : {},
      ),
  }
}

/** `run`'s promise, its failure translated; no async function around it (one more promise and turn per call). */
function translated<T>(run: () => Promise<T>, wording: ProtocolWording): Promise<T> {
  const fail = (error: unknown): never => {
    throw toProtocolError(error, wording)
  }
  try {
    return Promise.resolve(run()).catch(fail)
  } catch (error) {
    return Promise.reject(toProtocolError(error, wording))
  }
}
