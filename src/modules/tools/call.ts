// Running a tool: find it (on a server, or in a project for REST), validate its arguments and hand it to the source of
// its toolkit's kind (./sources). The outcome is neutral; ./mcp.ts gives it its MCP shape for the protocol and REST.
import type { ValidateFunction } from 'ajv'
import { AppError, UnknownNameError } from '../../lib/errors'
import type { RequestContext, ServerRef } from '../../lib/request-context'
import type { McpTool } from '../../mcp/backend'
import { Lru } from '../../read-model/lru'
import { builtinFunctions } from '../../runtime/builtins'
import type { HttpFunctionSpec } from '../../runtime/http-function'
import type { FunctionSpec, RunOutcome } from '../../runtime/run-function'
import { type FunctionsService, isBuiltinName } from './functions/service'
import { compileSchema, errorField } from './json-schema'
import type { ToolRow } from './repository'
import type { ServerTool } from './server-tools/service'
import type { SharedSchema, SharedSchemas } from './shared-schemas'
import type { ToolkitSources } from './sources/registry'
import type { ToolFailure } from './sources/source'
import type { ToolIndex } from './tool-index'

export interface ToolCall {
  tool: ToolRow
  outcome: RunOutcome | ToolFailure
}

/** A tool as a call finds it: in a cached tool set it carries its shared schema entry (./shared-schemas.ts). */
type CallableTool = { tool: ToolRow; schema?: SharedSchema }

/**
 * Compiled validators by schema text. A tool of a cached tool set uses its set's shared entry (every tool with that
 * text shares one validator, and it goes with the last set holding it); a tool found outside the sets (a REST call
 * of a tool on no server) uses the shared entry when some set holds the text, else a small cache of its own.
 */
export function validatorCache(schemas: Pick<SharedSchemas, 'peek'>, maxEntries = 500) {
  const others = new Lru<string, ValidateFunction>({ maxEntries })
  return ({ tool, schema }: CallableTool): ValidateFunction => {
    if (schema) return schema.validator()
    const held = schemas.peek(tool.input_schema)
    if (held) return held.validator()
    let v = others.get(tool.input_schema)
    if (!v) {
      v = compileSchema(JSON.parse(tool.input_schema) as Record<string, unknown>)
      others.set(tool.input_schema, v)
    }
    return v
  }
}

/**
 * A missing required argument is the caller's error (thrown, REST 400 / -32602); any other schema violation is the
 * tool's failure (docs/decisions/0003-toolkits-tools-functions-and-server-attachments.md: argument errors).
 */
function checkArguments(
  validate: ValidateFunction,
  tool: ToolRow,
  args: Record<string, unknown>,
): ToolFailure | undefined {
  if (validate(args)) return undefined
  const errors = validate.errors ?? []
  const missing = errors.filter((e) => e.keyword === 'required').map(errorField)
  if (missing.length) {
    const message = `Missing required argument${missing.length > 1 ? 's' : ''}: ${[...new Set(missing)].join(', ')}`
    throw new MissingArgumentsError(
      message,
      missing.map((f) => ({ field: `body.arguments.${f}`, message })),
    )
  }
  const fields = [...new Set(errors.map(errorField))]
  const why = errors.map((e) => `${errorField(e)} ${e.message ?? 'is invalid'}`)
  const message = `Invalid arguments for tool ${tool.name}: ${[...new Set(why)].join('; ')}`
  return { ok: false, kind: 'invalid_arguments', message, fields }
}

/** Arguments a tool requires are absent: the caller's error (REST 400; -32602 or a tool error by protocol version). */
export class MissingArgumentsError extends AppError {
  constructor(message: string, details: { field: string; message: string }[]) {
    super('validation_failed', message, details)
  }
}

/**
 * A function's spec by (project, name): from memory with no promise made when the read model holds it (the request
 * path's hit), else a promise of it.
 */
export type FindFunction = (
  projectId: string,
  name: string,
) => FunctionSpec | undefined | Promise<FunctionSpec | undefined>

/** What a function name points at: a builtin, or the project's own record; undefined when nothing backs it. */
export function functionLookup(functions: Pick<FunctionsService, 'byName'>) {
  return async (projectId: string, name: string): Promise<FunctionSpec | undefined> => {
    if (isBuiltinName(name)) return builtinFunctions[name] ? { name, runtime: 'builtin' } : undefined
    const row = await functions.byName(projectId, name)
    if (!row) return undefined
    return {
      name: row.name,
      id: row.id,
      runtime: row.runtime,
      ...(row.code !== null ? { code: row.code } : {}),
      ...(row.http !== null ? { http: JSON.parse(row.http) as HttpFunctionSpec } : {}),
      memory_mb: row.memory_mb,
      timeout_ms: row.timeout_ms,
      isolation: row.isolation,
    }
  }
}

/** The caller's own credential for a provider: its id, and whether it can be used now (not revoked or expired). */
export type UserCredentialLookup = (
  projectId: string,
  userId: string,
  providerId: string,
) => Promise<{ id: string; usable: boolean } | null>

export interface ToolCallsDeps {
  /** Users' own credentials (credential_mode per_user and per_user_then_shared); absent: every call uses the shared one. */
  userCredential?: UserCredentialLookup
  validatorFor: (st: CallableTool) => ValidateFunction
  /** The read model's tool sets and name indexes (src/modules/tools/tool-index.ts): no SQLite read for unchanged data. */
  index: ToolIndex
  /** The toolkit sources by kind: the one of the tool's kind runs it. */
  sources: Pick<ToolkitSources, 'source'>
}

export function toolCalls(deps: ToolCallsDeps) {
  const { index, sources, validatorFor, userCredential } = deps

  /**
   * The credential a call runs with (docs/decisions/0333-credential-mode.md). Shared: the mapped one. A user mode: the
   * caller's own for the tool's provider — never another user's; without a user, none (per_user) or the mapped one
   * (per_user_then_shared); a user with none (or a revoked one) gets the mapped one under per_user_then_shared, else
   * a consent failure that names the provider. Only a user mode reads anything here.
   */
  async function credentialFor(
    ctx: RequestContext,
    st: Pick<ServerTool, 'tool' | 'credentialId' | 'credentialMode'>,
  ): Promise<{ id?: string } | ToolFailure> {
    const provider = st.tool.credential_provider
    if (!st.credentialMode || !provider) return { id: st.credentialId }
    const shared = st.credentialMode === 'per_user_then_shared' ? st.credentialId : undefined
    if (!ctx.userId || !userCredential) return { id: shared }
    const own = await userCredential(ctx.projectId, ctx.userId, provider)
    if (own?.usable) return { id: own.id }
    if (shared) return { id: shared }
    const message = own
      ? `Your connection to "${provider}" needs to be renewed before this tool can run`
      : `Connect your "${provider}" account before this tool can run`
    return { ok: false, kind: 'consent', message, userId: ctx.userId, providerId: provider }
  }
  const pick = <T>(set: { named(name: string): T | undefined }, name: string): T => {
    const st = set.named(name)
    if (!st) throw new UnknownNameError(`Unknown tool: ${name}`)
    return st
  }

  /** Throws AppError when the call cannot start (missing arguments, no function); anything after is an outcome. */
  async function run(
    ctx: RequestContext,
    st: Pick<ServerTool, 'tool' | 'own' | 'credentialId' | 'kind' | 'credentialMode'> & { schema?: SharedSchema },
    args: Record<string, unknown>,
  ): Promise<ToolCall> {
    const { tool, own, kind } = st
    const invalid = checkArguments(validatorFor(st), tool, args)
    if (invalid) return { tool, outcome: invalid }
    const source = sources.source(kind)
    if (!source) throw new AppError('tool_not_configured', `Tool ${tool.name} is of an unknown toolkit kind "${kind}"`)
    const chosen = st.credentialMode ? await credentialFor(ctx, st) : { id: st.credentialId }
    if ('ok' in chosen) return { tool, outcome: chosen }
    const credentialId = chosen.id
    // The source runs the tool as its toolkit has it; the server's prefix is only the name the call came by.
    return { tool, outcome: await source.callTool(ctx, own ?? tool, args, credentialId) }
  }

  return {
    /** A server's enabled tools, in the effective order (by name). */
    /** From memory with no promise made on a hit (the read model's listing), else a promise of it. */
    listed: (server: ServerRef): McpTool[] | Promise<McpTool[]> => {
      const set = index.server(server.project_id, server.id)
      return set instanceof Promise ? set.then((s) => s.listed()) : set.listed()
    },
    /** The union over the project's servers (deduplicated by tool id), by name. */
    listedInProject: (projectId: string): Promise<ToolRow[]> => index.inProject(projectId),
    /**
     * A call on one server (the protocol, or REST with server_id). A tool set in memory is used as it is: the hit path
     * awaits nothing before the tool runs.
     */
    onServer: (ctx: RequestContext & { readonly server: ServerRef }, name: string, args: Record<string, unknown>) => {
      const { server } = ctx
      const set = index.server(server.project_id, server.id)
      if (set instanceof Promise) return set.then((s) => run(ctx, pick(s, name), args))
      return run(ctx, pick(set, name), args)
    },
    /** A REST call without server_id: the one tool of that name in the project, or 400 when the candidates differ. */
    async inProject(ctx: RequestContext, name: string, args: Record<string, unknown>) {
      const found = await index.named(ctx.projectId, name)
      if (!found.length) throw new UnknownNameError(`Unknown tool: ${name}`)
      const distinct = new Set(
        found.map((f) => `${f.st.tool.id}\u0000${f.st.credentialId ?? ''}\u0000${f.st.credentialMode ?? ''}`),
      )
      if (distinct.size > 1) {
        const ids = found.map((f) => f.serverId ?? '(no server)')
        const message = `Tool ${name} is on several servers with different tools or credentials (${ids.join(', ')}); pass server_id to choose one`
        throw new AppError('validation_failed', message, [{ field: 'body.server_id', message }])
      }
      return run(ctx, found[0]!.st, args)
    },
  }
}
export type ToolCalls = ReturnType<typeof toolCalls>
