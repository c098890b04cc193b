// Listing an upstream's tools (every page) and making the toolkit's tool rows match: `name` = prefix + upstream name,
// `function_name` = the upstream name, the rest as the upstream gives it. A change of description, title, schema or
// annotations counts as updated.
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { newId, nowIso } from '../../../../lib/ids'
import { shortToolName } from '../../../../lib/tool-name'
import { type ToolRow, toolRowFrom } from '../../repository'
import type { UpstreamConnection } from './connect'
import type { RemoteSpec } from './model'
import { loadSdk } from './sdk'

export interface SyncCounts {
  added: number
  updated: number
  removed: number
  unchanged: number
  /** Tools whose new or changed definition waits for review (only for a toolkit with review_changes). */
  held?: number
}

/** Upstream pages read at most: a server that keeps handing out cursors is cut off, not followed forever. */
const MAX_PAGES = 100

/** What one upstream may list (TOOLYARD_MAX_REMOTE_TOOLS, TOOLYARD_MAX_REMOTE_TOOL_BYTES). */
export interface UpstreamListLimits {
  maxTools: number
  /** One tool's definition as JSON (name, description, schemas, annotations). */
  maxToolBytes: number
}

/** A tool name every client can take, as for hosted tools (the MCP spec's recommended form). */
const SERVABLE_NAME = /^[A-Za-z0-9_.-]{1,128}$/

/**
 * Every page of the upstream's tools; throws (in words for the owner) when it lists more or bigger than allowed.
 * Tools whose name (with the prefix) is not 1–128 letters, digits, `_`, `.` or `-` are left out and named in
 * `leftOut`: a name with markup, spaces or control characters would reach every client and log as it is.
 */
export async function listUpstreamTools(
  conn: Pick<UpstreamConnection, 'client'>,
  timeoutMs: number,
  limits: UpstreamListLimits,
  prefix: string,
): Promise<{ tools: Tool[]; leftOut: string[] }> {
  // Loaded by the connection (./sdk.ts): a resolved promise here.
  const { ErrorCode, McpError } = await loadSdk()
  const tools: Tool[] = []
  let cursor: string | undefined
  // Every page within one timeout_ms: an upstream answering each page just in time cannot hold a sync for
  // MAX_PAGES × timeout_ms.
  const deadline = Date.now() + timeoutMs
  for (let page = 0; page < MAX_PAGES; page++) {
    const timedOut = () => new Error(`upstream timed out after ${timeoutMs} ms listing its tools (${page} pages read)`)
    const left = deadline - Date.now()
    if (left <= 0) throw timedOut()
    const r = await conn.client
      .listTools(cursor ? { cursor } : undefined, { timeout: left })
      .catch((error: unknown) => {
        throw error instanceof McpError && error.code === ErrorCode.RequestTimeout ? timedOut() : error
      })
    tools.push(...r.tools)
    cursor = r.nextCursor
    // Stop reading at once: an upstream that lists without end cannot grow memory page after page.
    if (!cursor || tools.length > limits.maxTools) break
  }
  checkUpstreamTools(tools, !cursor, limits)
  const leftOut = tools.filter((t) => !SERVABLE_NAME.test(prefix + t.name)).map((t) => String(t.name).slice(0, 200))
  return { tools: leftOut.length ? tools.filter((t) => SERVABLE_NAME.test(prefix + t.name)) : tools, leftOut }
}

function checkUpstreamTools(tools: Tool[], complete: boolean, limits: UpstreamListLimits) {
  if (tools.length > limits.maxTools)
    throw new Error(
      `the upstream lists ${tools.length}${complete ? '' : ' or more'} tools; a remote toolkit holds at most ${limits.maxTools} (TOOLYARD_MAX_REMOTE_TOOLS)`,
    )
  for (const t of tools) {
    const bytes = Buffer.byteLength(JSON.stringify(t))
    if (bytes > limits.maxToolBytes)
      throw new Error(
        `the upstream's tool ${JSON.stringify(String(t.name).slice(0, 100))} is ${bytes} bytes; a tool definition may be at most ${limits.maxToolBytes} bytes (TOOLYARD_MAX_REMOTE_TOOL_BYTES)`,
      )
  }
}

const obj = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined

/** What a sync reads of a toolkit's spec (a remote or a local one): its prefix and its credential's provider. */
type SyncSpec = Pick<RemoteSpec, 'prefix'> & { auth: { type: 'none' } | { type: string; credential_provider: string } }

/** The row an upstream tool becomes (ids and stamps from `at`). */
function rowOf(
  t: Tool,
  spec: SyncSpec,
  at: Pick<ToolRow, 'id' | 'project_id' | 'toolkit_id' | 'created_at' | 'updated_at'>,
) {
  const annotations = obj(t.annotations)
  const output = obj(t.outputSchema)
  const taskSupport = t.execution?.taskSupport
  return toolRowFrom(
    {
      // Over 64 characters: cut with a hash of the whole name (src/lib/tool-name.ts); calls still use `function_name`.
      name: shortToolName(spec.prefix + t.name),
      ...(t.title ? { title: t.title } : {}),
      ...(t.description ? { description: t.description } : {}),
      function_name: t.name,
      input_schema: obj(t.inputSchema) ?? { type: 'object' },
      ...(output ? { output_schema: output } : {}),
      ...(annotations ? { annotations } : {}),
      ...('credential_provider' in spec.auth ? { credential_provider: spec.auth.credential_provider } : {}),
      // Listed as the upstream says it (tools/list's `execution.taskSupport`).
      ...(taskSupport === 'optional' || taskSupport === 'required' ? { task_support: taskSupport } : {}),
      // MCP Apps' `_meta.ui` (resourceUri, visibility) and the tool's icons pass through as the upstream gives them.
      meta: { ...(obj(t._meta) ? { _meta: obj(t._meta) } : {}), ...(Array.isArray(t.icons) ? { icons: t.icons } : {}) },
    },
    at,
  )
}

const SAME_FIELDS = [
  'name',
  'title',
  'description',
  'function_name',
  'input_schema',
  'output_schema',
  'annotations',
  'credential_provider',
  'task_support',
  'meta',
] as const

/** What to write so the rows match the upstream's list (pure: the caller writes it in one transaction). */
export function planSync(projectId: string, toolkitId: string, spec: SyncSpec, upstream: Tool[], current: ToolRow[]) {
  const at = nowIso()
  const byName = new Map(current.map((r) => [r.function_name, r]))
  const seen = new Set<string>()
  const insert: ToolRow[] = []
  const update: ToolRow[] = []
  let unchanged = 0
  for (const t of upstream) {
    if (seen.has(t.name)) continue
    seen.add(t.name)
    const existing = byName.get(t.name)
    if (!existing) {
      insert.push(
        rowOf(t, spec, { id: newId(), project_id: projectId, toolkit_id: toolkitId, created_at: at, updated_at: at }),
      )
      continue
    }
    const next = rowOf(t, spec, { ...existing, updated_at: existing.updated_at })
    if (SAME_FIELDS.every((f) => next[f] === existing[f])) unchanged++
    else
      update.push({
        ...next,
        updated_at: at > existing.updated_at ? at : new Date(Date.parse(existing.updated_at) + 1).toISOString(),
      })
  }
  const remove = current.filter((r) => !seen.has(r.function_name))
  const counts: SyncCounts = { added: insert.length, updated: update.length, removed: remove.length, unchanged }
  return { insert, update, remove, counts }
}
