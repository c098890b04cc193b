// Prompts: registration (with list_changed events), listings per server, and rendering with arguments.
import type { StoragePort } from '../../db/store'
import {
  AppError,
  badRequest,
  conflict,
  type ErrorDetail,
  notFound,
  UnknownNameError,
  unknownFunction,
} from '../../lib/errors'
import type { EventBus } from '../../lib/events'
import { newId, nowIso } from '../../lib/ids'
import { decodeCursor, page, pageAtOffset } from '../../lib/pagination'
import type { RequestContext } from '../../lib/request-context'
import { resultBytes, resultTooLarge } from '../../limits'
import type { GetPromptResult, McpPrompt } from '../../mcp/backend'
import type { FunctionHost } from '../../runtime/host'
import type { CreatePromptBody, PromptArgument, PromptMessage, PromptView, UpdatePromptBody } from './model'
import { renderMessages, strings, templateProblem } from './render'
import type { PromptRow, PromptsRepository } from './repository'

export interface PromptsServiceDeps {
  store: StoragePort
  repo: PromptsRepository
  events: EventBus
  /** Throws 404 when the server is not the project's. */
  mustGetServer(projectId: string, serverId: string): unknown
  /** TOOLYARD_MAX_RESULT_BYTES: a larger rendering fails (REST 502, protocol -32603) instead of being sent. */
  maxResultBytes?: number
  /** Runs a project function for a function-backed prompt (same runtime and host as tools). */
  functions: PromptFunctionRunner
}

interface PromptFunctionRunner {
  run(
    projectId: string,
    functionName: string,
    input: Record<string, unknown>,
    options: { host: FunctionHost },
  ): Promise<{ ok: true; value: unknown } | { ok: false; message: string }>
  /** Whether a builtin or the project's function has this name (a prompt must name one that exists). */
  exists(projectId: string, functionName: string): Promise<boolean>
}

/** A function's value as prompt messages: a string is one user message; `{messages, description?}` or an array. */
function functionMessages(value: unknown): { description?: string; messages: PromptMessage[] } | undefined {
  if (typeof value === 'string') return { messages: [{ role: 'user', content: { type: 'text', text: value } }] }
  if (Array.isArray(value)) return { messages: value as PromptMessage[] }
  if (value && typeof value === 'object' && Array.isArray((value as { messages?: unknown }).messages)) {
    const v = value as { messages: PromptMessage[]; description?: unknown }
    return { messages: v.messages, ...(typeof v.description === 'string' ? { description: v.description } : {}) }
  }
  return undefined
}

/** A prompt asked for by name that does not exist (or is not on the server): REST 404, protocol -32602. */
class UnknownPromptError extends UnknownNameError {
  constructor(readonly promptName: string) {
    super(`prompt not found: ${promptName}`)
  }
}

const args = (row: PromptRow): PromptArgument[] => JSON.parse(row.arguments)
// Clients (and the conformance suite) expect every prompt to have a description; the name stands in.
const description = (row: PromptRow) => row.description || row.name

function check(row: PromptRow): void {
  const details: ErrorDetail[] = []
  if ([row.template, row.messages, row.function_name].filter((v) => v !== null).length !== 1) {
    details.push({
      field: 'body.template',
      message: 'give exactly one of template (one user message), messages or function_name',
    })
  }
  const names = args(row).map((a) => a.name)
  const dup = names.find((n, i) => names.indexOf(n) !== i)
  if (dup) details.push({ field: 'body.arguments', message: `argument "${dup}" is declared twice` })
  const texts = row.template !== null ? [row.template] : row.messages !== null ? strings(JSON.parse(row.messages)) : []
  for (const text of texts) {
    const problem = templateProblem(text)
    if (problem)
      details.push({
        field: row.template !== null ? 'body.template' : 'body.messages',
        message: `invalid Mustache template: ${problem}`,
      })
  }
  if (details.length) throw badRequest(`invalid prompt: ${details.map((d) => d.message).join('; ')}`, details)
}

export function promptsService(d: PromptsServiceDeps) {
  const { repo } = d

  const view = (row: PromptRow): PromptView => ({
    id: row.id,
    name: row.name,
    description: description(row),
    ...(row.template !== null ? { template: row.template } : {}),
    ...(row.messages !== null ? { messages: JSON.parse(row.messages) } : {}),
    ...(row.function_name !== null ? { function_name: row.function_name } : {}),
    arguments: args(row),
    ...(row.server_id !== null ? { server_id: row.server_id } : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
  })

  const listed = (
    row: PromptRow,
  ): McpPrompt & { description: string; arguments: NonNullable<McpPrompt['arguments']> } => ({
    name: row.name,
    description: description(row),
    arguments: args(row).map((a) => ({
      name: a.name,
      ...(a.description ? { description: a.description } : {}),
      required: a.required ?? false,
    })),
  })

  const mustGet = async (projectId: string, id: string): Promise<PromptRow> => {
    const row = await repo.byId(projectId, id)
    if (!row) throw notFound('prompt')
    return row
  }

  const listChanged = (projectId: string, serverId: string | null) =>
    d.events.publish({ type: 'list_changed', list: 'prompts', projectId, ...(serverId ? { serverId } : {}) })

  const save = (projectId: string, row: PromptRow, op: () => Promise<void>, serverIds: (string | null)[]) =>
    d.store.tx(async () => {
      const owner = await repo.byName(projectId, row.name)
      if (owner && owner.id !== row.id) throw conflict(`a prompt named "${row.name}" already exists in this project`)
      await op()
      for (const s of new Set(serverIds)) listChanged(projectId, s)
    })

  /** The prompt `name` as seen from a server (its own or project-wide), or from the whole project. */
  const visible = async (projectId: string, name: string, serverId?: string): Promise<PromptRow> => {
    const row = await repo.byName(projectId, name)
    if (!row || (serverId && row.server_id !== null && row.server_id !== serverId)) throw new UnknownPromptError(name)
    return row
  }

  /** Prompts visible on a server (its own and project-wide), or every prompt of the project. */
  const list = async (projectId: string, serverId?: string) => {
    if (serverId) await d.mustGetServer(projectId, serverId)
    return (await repo.list(projectId, serverId)).map(listed)
  }

  return {
    view,
    async create(projectId: string, input: CreatePromptBody): Promise<PromptView> {
      if (input.server_id) await d.mustGetServer(projectId, input.server_id)
      const at = nowIso()
      const row: PromptRow = {
        id: newId(),
        project_id: projectId,
        server_id: input.server_id ?? null,
        name: input.name,
        description: input.description ?? null,
        template: input.template ?? null,
        messages: input.messages ? JSON.stringify(input.messages) : null,
        arguments: JSON.stringify(input.arguments ?? []),
        function_name: input.function_name ?? null,
        created_at: at,
        updated_at: at,
      }
      check(row)
      if (row.function_name !== null && !(await d.functions.exists(projectId, row.function_name)))
        throw unknownFunction(row.function_name)
      await save(projectId, row, () => repo.insert(row), [row.server_id])
      return view(row)
    },
    get: async (projectId: string, id: string) => view(await mustGet(projectId, id)),
    async listRecords(projectId: string, serverId: string | undefined, limit: number, cursor?: string) {
      if (serverId) await d.mustGetServer(projectId, serverId)
      const { items, next_cursor } = page(await repo.list(projectId, serverId, decodeCursor(cursor), limit + 1), limit)
      return { prompts: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    async update(projectId: string, id: string, input: UpdatePromptBody): Promise<PromptView> {
      const current = await mustGet(projectId, id)
      if (input.server_id) await d.mustGetServer(projectId, input.server_id)
      const next: PromptRow = { ...current, updated_at: nowIso() }
      if (input.name !== undefined) next.name = input.name
      if (input.description !== undefined) next.description = input.description
      if (input.server_id !== undefined) next.server_id = input.server_id
      if (input.arguments !== undefined) next.arguments = JSON.stringify(input.arguments)
      // Setting one form clears the others, so a PATCH can switch between template, messages and function.
      const forms = { template: input.template, messages: input.messages, function_name: input.function_name }
      const setting = Object.entries(forms).filter(([, v]) => v !== undefined && v !== null)
      if (setting.length === 1) Object.assign(next, { template: null, messages: null, function_name: null })
      if (input.template !== undefined) next.template = input.template
      if (input.messages !== undefined) next.messages = input.messages === null ? null : JSON.stringify(input.messages)
      if (input.function_name !== undefined) next.function_name = input.function_name
      check(next)
      if (
        next.function_name !== null &&
        next.function_name !== current.function_name &&
        !(await d.functions.exists(projectId, next.function_name))
      )
        throw unknownFunction(next.function_name)
      await save(projectId, next, () => repo.update(next), [current.server_id, next.server_id])
      return view(next)
    },
    async remove(projectId: string, id: string): Promise<void> {
      const current = await mustGet(projectId, id)
      await d.store.tx(async () => {
        await repo.remove(projectId, id)
        listChanged(projectId, current.server_id)
      })
    },
    list,
    /** REST `/prompts/list`: a page of `list`; the spec's REST shape has every argument as {name, description, required}. */
    async listPage(projectId: string, serverId: string | undefined, limit: number, cursor?: string) {
      const { items, next_cursor } = pageAtOffset('prompts', await list(projectId, serverId), limit, cursor)
      const prompts = items.map((p) => ({
        ...p,
        arguments: p.arguments.map((a) => ({ ...a, description: a.description ?? '' })),
      }))
      return { prompts, ...(next_cursor ? { next_cursor } : {}) }
    },
    /** Renders the prompt; a missing required argument is a 400 naming it, an unknown prompt UnknownPromptError. */
    async render(
      ctx: RequestContext,
      name: string,
      values: Record<string, unknown>,
    ): Promise<GetPromptResult & { description: string }> {
      const { projectId, host } = ctx
      const row = await visible(projectId, name, ctx.server?.id)
      const declared = args(row)
      const missing = declared
        .filter((a) => a.required && (values[a.name] === undefined || values[a.name] === null))
        .map((a) => a.name)
      if (missing.length) {
        throw badRequest(
          `Missing required argument${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`,
          missing.map((m) => ({ field: `arguments.${m}`, message: 'required' })),
        )
      }
      // Template or function, the rendering is held to the result budget (docs/decisions/0016-limits.md).
      const limit = d.maxResultBytes ?? 4 * 1024 * 1024
      const bounded = <T>(result: T): T => {
        const bytes = resultBytes(result)
        if (bytes > limit) throw new AppError('upstream_error', resultTooLarge(bytes, limit))
        return result
      }
      if (row.function_name !== null) {
        const input = { name: row.name, arguments: values }
        const outcome = await d.functions.run(projectId, row.function_name, input, { host })
        if (!outcome.ok) throw new AppError('upstream_error', `prompt ${row.name}: ${outcome.message}`)
        const rendered = functionMessages(outcome.value)
        if (!rendered)
          throw new AppError('upstream_error', `prompt ${row.name}: the function must return a string or messages`)
        return bounded({ description: rendered.description ?? description(row), messages: rendered.messages })
      }
      const messages = JSON.parse(row.messages ?? 'null') as PromptMessage[] | null
      return bounded({
        description: description(row),
        messages: renderMessages({ template: row.template, messages }, values),
      })
    },
    /** An argument's declared enum, for completion/complete; throws UnknownPromptError for an unknown prompt. */
    async argumentEnum(projectId: string, name: string, argument: string, serverId?: string): Promise<string[]> {
      return args(await visible(projectId, name, serverId)).find((a) => a.name === argument)?.enum ?? []
    },
  }
}
export type PromptsService = ReturnType<typeof promptsService>
