// Runs a tool: finds it on a server, validates the arguments, opens its credential and runs its function.
// One service for the protocol (ToolsBackend) and REST (/tools/list, /tools/call); each maps ToolCallError its own way.
import type { ValidateFunction } from 'ajv'
import { AppError } from '../../http/errors'
import type { CredentialAccess } from '../../lib/credentials-port'
import type { CallHost, CallToolResult, JsonObject, McpTool, ToolsBackend } from '../../mcp/backend'
import { ProtocolError, RPC } from '../../mcp/errors'
import type { ProjectFunctionRunner } from '../functions/run'
import type { ServerRow } from '../servers/repository'
import { compileSchema, errorField } from './json-schema'
import type { ToolRow, ToolsRepository } from './repository'
import type { ServerTool, ServerToolsService } from './server-tools/service'
import { mcpTool, outputSchemaOf } from './view'

type ToolCallFailure = 'unknown_tool' | 'missing_arguments' | 'invalid_arguments' | 'not_configured' | 'ambiguous'

/** Why a call could not start; a failing function is a result with isError instead. */
class ToolCallError extends Error {
  constructor(
    readonly kind: ToolCallFailure,
    message: string,
    readonly fields: string[] = [],
  ) {
    super(message)
  }
}

const errorResult = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true })

const CREDENTIAL_PROBLEM = {
  missing:
    'is missing: map a credential for this provider on the server (toolkit credentials or PATCH /servers/{id}/tools/{tool_id})',
  expired: 'has expired: refresh it or authorize again',
  auth_required: 'needs re-authorization: run the OAuth flow again',
} as const

// Compiled validators per tool version; a tool update changes updated_at and so the key.
const validators = new Map<string, ValidateFunction>()
function validatorFor(tool: ToolRow): ValidateFunction {
  const key = `${tool.id}\u0000${tool.updated_at}`
  let v = validators.get(key)
  if (!v) {
    if (validators.size > 5_000) validators.clear()
    v = compileSchema(JSON.parse(tool.input_schema) as Record<string, unknown>)
    validators.set(key, v)
  }
  return v
}

function validateArguments(tool: ToolRow, args: JsonObject): void {
  const validate = validatorFor(tool)
  if (validate(args)) return
  const errors = validate.errors ?? []
  const missing = errors.filter((e) => e.keyword === 'required').map(errorField)
  if (missing.length)
    throw new ToolCallError(
      'missing_arguments',
      `Missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
      missing,
    )
  const fields = [...new Set(errors.map(errorField))]
  const why = errors.map((e) => `${errorField(e)} ${e.message ?? 'is invalid'}`)
  throw new ToolCallError(
    'invalid_arguments',
    `Invalid arguments for tool ${tool.name}: ${[...new Set(why)].join('; ')}`,
    fields,
  )
}

export function toolCallService(
  serverTools: ServerToolsService,
  tools: ToolsRepository,
  credentials: CredentialAccess,
  runner: ProjectFunctionRunner,
) {
  const onServer = (server: ServerRow, name: string): ServerTool => {
    const st = serverTools.effective(server.project_id, server.id).find((s) => s.enabled && s.tool.name === name)
    if (!st) throw new ToolCallError('unknown_tool', `Unknown tool: ${name}`)
    return st
  }

  /** Validates, opens the credential and runs the function. Throws ToolCallError; tool failures are isError results. */
  async function run(
    projectId: string,
    st: Pick<ServerTool, 'tool' | 'credentialId'>,
    args: JsonObject,
    host: CallHost,
  ): Promise<CallToolResult> {
    const { tool } = st
    validateArguments(tool, args)
    const fn = runner.resolve(projectId, tool.function_name)
    if (!fn)
      throw new ToolCallError(
        'not_configured',
        `Tool ${tool.name} has no backing function: no function named "${tool.function_name}" is configured`,
      )
    let data: Record<string, unknown> | undefined
    if (tool.credential_provider) {
      const opened = st.credentialId
        ? await credentials.open(projectId, st.credentialId)
        : { status: 'missing' as const }
      if (opened.status !== 'configured')
        return errorResult(
          `The ${tool.credential_provider} credential for tool ${tool.name} ${CREDENTIAL_PROBLEM[opened.status]}`,
        )
      data = opened.data
    }
    const outputSchema = outputSchemaOf(tool)
    return runner.run(projectId, fn, args, host, { credentials: data, ...(outputSchema ? { outputSchema } : {}) })
  }

  /** REST scope without a server: every server of the project; the project's unattached tools as a last resort. */
  function candidates(
    projectId: string,
    name: string,
  ): { serverId?: string; st: Pick<ServerTool, 'tool' | 'credentialId'> }[] {
    const found: { serverId?: string; st: ServerTool }[] = []
    for (const serverId of serverTools.projectServers(projectId)) {
      const st = serverTools.effective(projectId, serverId).find((s) => s.enabled && s.tool.name === name)
      if (st) found.push({ serverId, st })
    }
    if (found.length) return found
    return tools.byName(projectId, name).map((tool) => ({ st: { tool } }))
  }

  const toProtocol = (e: unknown): never => {
    if (!(e instanceof ToolCallError)) throw e
    if (e.kind === 'not_configured') throw new ProtocolError(RPC.INTERNAL_ERROR, e.message)
    throw new ProtocolError(RPC.INVALID_PARAMS, e.message)
  }

  const toRest = (e: unknown): never => {
    if (!(e instanceof ToolCallError)) throw e
    if (e.kind === 'unknown_tool') throw new AppError('not_found', e.message)
    if (e.kind === 'not_configured') throw new AppError('tool_not_configured', e.message)
    const field = e.kind === 'ambiguous' ? 'body.server_id' : undefined
    const details = field
      ? [{ field, message: e.message }]
      : e.fields.map((f) => ({ field: `body.arguments.${f}`, message: e.message }))
    throw new AppError('validation_failed', e.message, details)
  }

  const backend: ToolsBackend = {
    listTools: (server: ServerRow): McpTool[] =>
      serverTools
        .effective(server.project_id, server.id)
        .filter((s) => s.enabled)
        .map((s) => mcpTool(s.tool)),
    async callTool(server: ServerRow, name: string, args: JsonObject, host: CallHost): Promise<CallToolResult> {
      try {
        return await run(server.project_id, onServer(server, name), args ?? {}, host)
      } catch (e) {
        // Any other schema violation is the tool's failure, reported as a result the model can read (DECISIONS §6).
        if (e instanceof ToolCallError && e.kind === 'invalid_arguments') return errorResult(e.message)
        return toProtocol(e)
      }
    },
  }

  return {
    backend,
    /** REST /tools/list: one server's tools, or the union over the project's servers (deduplicated by tool id). */
    restList(projectId: string, server: ServerRow | undefined): McpTool[] {
      if (server) return backend.listTools(server)
      const seen = new Map<string, ToolRow>()
      for (const serverId of serverTools.projectServers(projectId)) {
        for (const s of serverTools.effective(projectId, serverId))
          if (s.enabled && !seen.has(s.tool.id)) seen.set(s.tool.id, s.tool)
      }
      return [...seen.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map(mcpTool)
    },
    /** REST /tools/call: same run, errors as HTTP statuses (404 unknown, 400 bad arguments, 500 tool_not_configured). */
    async restCall(
      projectId: string,
      server: ServerRow | undefined,
      name: string,
      args: JsonObject,
      host: CallHost,
    ): Promise<CallToolResult> {
      try {
        if (server) return await run(projectId, onServer(server, name), args, host)
        const found = candidates(projectId, name)
        if (!found.length) throw new ToolCallError('unknown_tool', `Unknown tool: ${name}`)
        const distinct = new Set(found.map((f) => `${f.st.tool.id}\u0000${f.st.credentialId ?? ''}`))
        if (distinct.size > 1) {
          const ids = found.map((f) => f.serverId ?? '(no server)')
          throw new ToolCallError(
            'ambiguous',
            `Tool ${name} is on several servers with different tools or credentials (${ids.join(', ')}); pass server_id to choose one`,
          )
        }
        return await run(projectId, found[0]!.st, args, host)
      } catch (e) {
        return toRest(e)
      }
    },
  }
}
export type ToolCallService = ReturnType<typeof toolCallService>
