// Tools: registration (schemas compiled with Ajv, stored verbatim), reads, updates and deletion.
import type { StoragePort } from '../../db/store'
import { badRequest, conflict, notFound, unknownFunction } from '../../lib/errors'
import type { EventBus } from '../../lib/events'
import { newId, nowIso } from '../../lib/ids'
import { decodeCursor, page } from '../../lib/pagination'
import { UniqueViolation } from '../../lib/storage-errors'
import { schemaProblem } from './json-schema'
import { withNameWarnings } from './name-warnings'
import { type TaskSupport, type ToolRow, type ToolsRepository, toolRowFrom } from './repository'
import type { ServerToolsService } from './server-tools/service'
import type { ToolkitSources } from './sources/registry'
import { type ToolView, toolView } from './view'

type Json = Record<string, unknown>

export interface CreateToolInput {
  toolkit_id: string
  name: string
  title?: string
  description?: string
  function_name: string
  input_schema: Json
  output_schema?: Json
  annotations?: Json
  credential_provider?: string
  required_client_capabilities?: Json
  task_support?: TaskSupport
  _meta?: Json
  icons?: Json[]
}

export interface UpdateToolInput {
  name?: string
  title?: string | null
  description?: string | null
  function_name?: string
  input_schema?: Json
  output_schema?: Json | null
  annotations?: Json | null
  credential_provider?: string | null
  required_client_capabilities?: Json | null
  task_support?: TaskSupport
  _meta?: Json | null
  icons?: Json[] | null
}

/** The tool's `_meta` and `icons` after an update (null clears one; absent keeps it). */
function nextMeta(current: string | null | undefined, input: UpdateToolInput): string | null {
  const was = current ? (JSON.parse(current) as { _meta?: Json; icons?: Json[] }) : {}
  const _meta = input._meta === undefined ? was._meta : (input._meta ?? undefined)
  const icons = input.icons === undefined ? was.icons : (input.icons ?? undefined)
  return _meta || icons ? JSON.stringify({ ...(_meta ? { _meta } : {}), ...(icons ? { icons } : {}) }) : null
}

function checkSchemas(input: {
  input_schema?: Json
  output_schema?: Json | null
  required_client_capabilities?: Json | null
  task_support?: TaskSupport
}) {
  const details: { field: string; message: string }[] = []
  // Each capability is an object, as clients declare them (`{"sampling": {}}`), so a request's can be compared.
  for (const [k, v] of Object.entries(input.required_client_capabilities ?? {}))
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      details.push({
        field: `body.required_client_capabilities.${k}`,
        message: `required_client_capabilities.${k} must be an object`,
      })
  if (input.input_schema !== undefined) {
    const problem = schemaProblem(input.input_schema, 'input_schema')
    if (problem) details.push({ field: `body.${problem.field}`, message: problem.message })
  }
  if (input.output_schema) {
    const problem = schemaProblem(input.output_schema, 'output_schema')
    if (problem) details.push({ field: `body.${problem.field}`, message: problem.message })
  }
  if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details)
}

const jsonOrNull = (v: Json | null | undefined, current: string | null) =>
  v === undefined ? current : v === null ? null : JSON.stringify(v)

export function toolsService(
  store: StoragePort,
  repo: ToolsRepository,
  sources: ToolkitSources,
  serverTools: ServerToolsService,
  events: EventBus,
  /** A builtin or the project's function by name, read from the store (a tool must name one that exists). */
  findFunction: (projectId: string, name: string) => Promise<unknown>,
) {
  const mustExist = async (projectId: string, name: string) => {
    if ((await findFunction(projectId, name)) === undefined) throw unknownFunction(name)
  }

  const changed = (projectId: string) => events.publish({ type: 'list_changed', list: 'tools', projectId })

  const mustGetOwn = async (projectId: string, id: string): Promise<ToolRow> => {
    const found = await sources.tool(projectId, id)
    if (found?.source.readOnly?.tool) throw badRequest(found.source.readOnly.tool)
    if (!found) throw notFound('tool')
    return found.tool
  }

  /**
   * Writes the row; on every server that carries the tool it may bring no second tool of a name there (409 naming
   * both toolkits rolls it all back).
   */
  const write = async (projectId: string, row: ToolRow, op: () => Promise<void>) => {
    try {
      await store.tx(() => serverTools.refusingNameClashes(projectId, row.toolkit_id, op, row.id))
    } catch (e) {
      if (e instanceof UniqueViolation) throw conflict(`a tool named "${row.name}" already exists in this toolkit`)
      throw e
    }
  }

  return {
    async create(projectId: string, input: CreateToolInput): Promise<ToolView & { warnings?: string[] }> {
      const kit = await sources.find(projectId, input.toolkit_id)
      const refusal = kit?.source.readOnly?.addTool
      if (kit && refusal)
        throw badRequest(refusal, [{ field: 'body.toolkit_id', message: `a ${kit.source.kind} toolkit` }])
      if (!kit) throw notFound('toolkit')
      checkSchemas(input)
      await mustExist(projectId, input.function_name)
      const at = nowIso()
      const row = toolRowFrom(
        { ...input, meta: { _meta: input._meta, icons: input.icons } },
        {
          id: newId(),
          project_id: projectId,
          toolkit_id: input.toolkit_id,
          created_at: at,
          updated_at: at,
        },
      )
      await write(projectId, row, () => repo.insert(row))
      changed(projectId)
      return withNameWarnings(toolView(row))
    },
    /** A project's tool or a built-in one. */
    async get(projectId: string, id: string): Promise<ToolView> {
      const found = await sources.tool(projectId, id)
      if (!found) throw notFound('tool')
      return toolView(found.tool)
    },
    /** The project's tools by creation; `toolkit_id` narrows to one toolkit (a built-in one lists its own tools). */
    async list(projectId: string, limit: number, cursor?: string, toolkitId?: string) {
      const kit = toolkitId ? await sources.find(projectId, toolkitId) : undefined
      if (kit?.source.builtIn) return { tools: (await kit.source.listTools(kit.toolkit.id)).map(toolView) }
      const rows = await repo.list(projectId, toolkitId, decodeCursor(cursor), limit + 1)
      const { items, next_cursor } = page(rows, limit)
      return { tools: items.map(toolView), ...(next_cursor ? { next_cursor } : {}) }
    },
    async update(projectId: string, id: string, input: UpdateToolInput): Promise<ToolView & { warnings?: string[] }> {
      const current = await mustGetOwn(projectId, id)
      checkSchemas(input)
      if (input.function_name !== undefined && input.function_name !== current.function_name)
        await mustExist(projectId, input.function_name)
      const next: ToolRow = {
        ...current,
        name: input.name ?? current.name,
        title: input.title !== undefined ? input.title : current.title,
        description: input.description !== undefined ? input.description : current.description,
        function_name: input.function_name ?? current.function_name,
        input_schema: input.input_schema !== undefined ? JSON.stringify(input.input_schema) : current.input_schema,
        output_schema: jsonOrNull(input.output_schema, current.output_schema),
        annotations: jsonOrNull(input.annotations, current.annotations),
        required_client_capabilities: jsonOrNull(
          input.required_client_capabilities,
          current.required_client_capabilities,
        ),
        task_support: input.task_support ?? current.task_support,
        meta: nextMeta(current.meta, input),
        credential_provider:
          input.credential_provider !== undefined ? input.credential_provider : current.credential_provider,
        // Validator caches key on updated_at, so two updates in one millisecond must still differ.
        updated_at: nextStamp(current.updated_at),
      }
      await write(projectId, next, () => repo.update(next))
      changed(projectId)
      return withNameWarnings(toolView(next))
    },
    async remove(projectId: string, id: string): Promise<void> {
      await mustGetOwn(projectId, id)
      await repo.remove(projectId, id)
      changed(projectId)
    },
  }
}
export type ToolsService = ReturnType<typeof toolsService>

function nextStamp(previous: string): string {
  const now = nowIso()
  if (now > previous) return now
  return new Date(Date.parse(previous) + 1).toISOString()
}
