// Pre-built toolkits shipped inside the binary, as data: utilities, GitHub and Slack; their functions live in runtime/builtins.

interface CatalogTool {
  name: string
  title?: string
  description: string
  input_schema: Record<string, unknown>
  /** `builtin.<toolkit>.<tool>`, a key of builtinFunctions. */
  function_name: string
  credential_provider?: string
  annotations?: Record<string, unknown>
}

export interface PrebuiltToolkit {
  id: string
  name: string
  display_name: string
  description: string
  toolkit_type: 'prebuilt'
  status: 'active'
  tools: CatalogTool[]
}

const object = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
  additionalProperties: false,
})

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
const readOnlyExternal = { ...readOnly, openWorldHint: true }

const utilities: PrebuiltToolkit = {
  id: 'prebuilt-utilities',
  name: 'utilities',
  display_name: 'Utilities',
  description: 'Everyday helpers: echo, current time, UUIDs and plain HTTP requests',
  toolkit_type: 'prebuilt',
  status: 'active',
  tools: [
    {
      name: 'echo',
      title: 'Echo',
      description: 'Returns the given text unchanged',
      input_schema: object({ text: { type: 'string', description: 'Text to return' } }, ['text']),
      function_name: 'builtin.utilities.echo',
      annotations: readOnly,
    },
    {
      name: 'current_time',
      title: 'Current time',
      description: 'The current date and time as ISO 8601, in UTC or in the given IANA time zone',
      input_schema: object({
        timezone: { type: 'string', description: 'IANA time zone, e.g. Europe/Paris (default UTC)' },
      }),
      function_name: 'builtin.utilities.current_time',
      annotations: { ...readOnly, idempotentHint: false },
    },
    {
      name: 'uuid',
      title: 'UUID',
      description: 'A new random UUID (version 4, or time-ordered version 7)',
      input_schema: object({
        version: { type: 'string', enum: ['v4', 'v7'], description: 'UUID version (default v4)' },
      }),
      function_name: 'builtin.utilities.uuid',
      annotations: { ...readOnly, idempotentHint: false },
    },
    {
      name: 'http_request',
      title: 'HTTP request',
      description: 'Sends an HTTP request to a public URL and returns the status, headers and body',
      input_schema: object(
        {
          url: { type: 'string', description: 'http(s) URL to call' },
          method: {
            type: 'string',
            enum: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
            description: 'HTTP method (default GET)',
          },
          headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Request headers' },
          body: { type: 'string', description: 'Request body' },
        },
        ['url'],
      ),
      function_name: 'builtin.utilities.http_request',
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
  ],
}

const github: PrebuiltToolkit = {
  id: 'prebuilt-github',
  name: 'github',
  display_name: 'GitHub',
  description: 'Read your GitHub profile and repositories, and open issues',
  toolkit_type: 'prebuilt',
  status: 'active',
  tools: [
    {
      name: 'get_user',
      title: 'Get GitHub user',
      description: 'The authenticated GitHub user (GET /user)',
      input_schema: object({}),
      function_name: 'builtin.github.get_user',
      credential_provider: 'github',
      annotations: readOnlyExternal,
    },
    {
      name: 'list_repos',
      title: 'List repositories',
      description: 'Repositories of the authenticated user, most recently updated first',
      input_schema: object({
        per_page: { type: 'integer', minimum: 1, maximum: 100, description: 'Results per page (default 30)' },
        page: { type: 'integer', minimum: 1, description: 'Page number (default 1)' },
        sort: {
          type: 'string',
          enum: ['created', 'updated', 'pushed', 'full_name'],
          description: 'Sort order (default updated)',
        },
        visibility: { type: 'string', enum: ['all', 'public', 'private'], description: 'Filter by visibility' },
      }),
      function_name: 'builtin.github.list_repos',
      credential_provider: 'github',
      annotations: readOnlyExternal,
    },
    {
      name: 'get_repo',
      title: 'Get repository',
      description: 'One repository by owner and name',
      input_schema: object(
        {
          owner: { type: 'string', description: 'Owner login' },
          repo: { type: 'string', description: 'Repository name' },
        },
        ['owner', 'repo'],
      ),
      function_name: 'builtin.github.get_repo',
      credential_provider: 'github',
      annotations: readOnlyExternal,
    },
    {
      name: 'create_issue',
      title: 'Create issue',
      description: 'Opens an issue in a repository',
      input_schema: object(
        {
          owner: { type: 'string', description: 'Owner login' },
          repo: { type: 'string', description: 'Repository name' },
          title: { type: 'string', description: 'Issue title' },
          body: { type: 'string', description: 'Issue text (Markdown)' },
          labels: { type: 'array', items: { type: 'string' }, description: 'Labels to apply' },
        },
        ['owner', 'repo', 'title'],
      ),
      function_name: 'builtin.github.create_issue',
      credential_provider: 'github',
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
  ],
}

const slack: PrebuiltToolkit = {
  id: 'prebuilt-slack',
  name: 'slack',
  display_name: 'Slack',
  description: 'Post messages to Slack channels and list channels',
  toolkit_type: 'prebuilt',
  status: 'active',
  tools: [
    {
      name: 'post_message',
      title: 'Post message',
      description: 'Posts a message to a channel (or a thread)',
      input_schema: object(
        {
          channel: { type: 'string', description: 'Channel id or name, e.g. C0123456789 or #general' },
          text: { type: 'string', description: 'Message text (Slack mrkdwn)' },
          thread_ts: { type: 'string', description: 'Reply in this thread' },
        },
        ['channel', 'text'],
      ),
      function_name: 'builtin.slack.post_message',
      credential_provider: 'slack',
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    },
    {
      name: 'list_channels',
      title: 'List channels',
      description: 'Channels of the workspace',
      input_schema: object({
        limit: { type: 'integer', minimum: 1, maximum: 1000, description: 'Maximum channels to return (default 100)' },
        cursor: { type: 'string', description: 'Pagination cursor from a previous call' },
        types: {
          type: 'string',
          description: 'Comma list: public_channel, private_channel, mpim, im (default public_channel)',
        },
      }),
      function_name: 'builtin.slack.list_channels',
      credential_provider: 'slack',
      annotations: readOnlyExternal,
    },
  ],
}

export const prebuiltToolkits: readonly PrebuiltToolkit[] = [utilities, github, slack]
