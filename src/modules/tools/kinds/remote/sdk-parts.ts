// The parts of the official MCP SDK the remote kind uses, in one module so ./sdk.ts can load them together.
export { Client } from '@modelcontextprotocol/sdk/client/index.js'
export { SSEClientTransport, SseError } from '@modelcontextprotocol/sdk/client/sse.js'
export { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
export { mediaTypeEssence } from '@modelcontextprotocol/sdk/shared/mediaType.js'
export {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ErrorCode,
  JSONRPCMessageSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
