// Functions: project records naming the code (javascript, typescript) or HTTP call (http) behind tools and resources.

import { credentialHeaderProblem } from '../../../lib/credential-headers'
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors'
import { newId, nowIso } from '../../../lib/ids'
import { decodeCursor, page } from '../../../lib/pagination'
import { UniqueViolation } from '../../../lib/storage-errors'
import { FUNCTION_LIMITS } from '../../../limits'
import type { HttpFunctionSpec } from '../../../runtime/http-function'
import type { FunctionIsolation } from '../../../runtime/run-function'
import { isCodeRuntime, type Runtime } from '../../../runtime/runtimes'
import { checkFunctionCode, type ModuleLoader } from './check'
import type { FunctionRow, FunctionsRepository } from './repository'

export interface CreateFunctionInput {
  name: string
  runtime: Runtime
  code?: string
  http?: HttpFunctionSpec
  memory_mb?: number
  timeout_ms?: number
  isolation?: FunctionIsolation
  description?: string
}

export type UpdateFunctionInput = {
  name?: string
  runtime?: Runtime
  code?: string | null
  http?: HttpFunctionSpec | null
  memory_mb?: number
  timeout_ms?: number
  isolation?: FunctionIsolation
  description?: string | null
}

export interface FunctionView {
  id: string
  name: string
  runtime: Runtime
  code?: string
  http?: HttpFunctionSpec
  memory_mb: number
  timeout_ms: number
  isolation: FunctionIsolation
  description?: string
  created_at: string
  updated_at: string
}

/** `builtin.*` names belong to the service's pre-built functions. */
export const isBuiltinName = (name: string) => name.startsWith('builtin.')

function view(f: FunctionRow): FunctionView {
  return {
    id: f.id,
    name: f.name,
    runtime: f.runtime,
    ...(f.code !== null ? { code: f.code } : {}),
    ...(f.http !== null ? { http: JSON.parse(f.http) as HttpFunctionSpec } : {}),
    memory_mb: f.memory_mb,
    timeout_ms: f.timeout_ms,
    isolation: f.isolation,
    ...(f.description !== null ? { description: f.description } : {}),
    created_at: f.created_at,
    updated_at: f.updated_at,
  }
}

/** The runtime decides which of code/http is needed; the other is dropped so a record never carries both. */
function checkShape(row: FunctionRow): void {
  if (isBuiltinName(row.name)) {
    throw badRequest('function names starting with "builtin." are reserved for pre-built functions', [
      { field: 'body.name', message: 'reserved prefix builtin.' },
    ])
  }
  if (isCodeRuntime(row.runtime) && !row.code) {
    throw badRequest(`a ${row.runtime} function needs code`, [
      { field: 'body.code', message: `required when runtime is "${row.runtime}"` },
    ])
  }
  if (!isCodeRuntime(row.runtime) && !row.http) {
    throw badRequest('an http function needs http: {url, method?, headers?, query?, body?}', [
      { field: 'body.http', message: 'required when runtime is "http"' },
    ])
  }
  if (!isCodeRuntime(row.runtime)) {
    const http = JSON.parse(row.http!) as HttpFunctionSpec
    // A header whose template sends a credential must not be one the connection, a proxy or the MCP transport owns.
    for (const [name, template] of Object.entries(http.headers ?? {})) {
      const problem = /\{\{\{?\s*[#^&]?\s*credentials\b/.test(template) ? credentialHeaderProblem(name) : undefined
      if (problem)
        throw badRequest(`http.headers.${name} ${problem}`, [{ field: `body.http.headers.${name}`, message: problem }])
    }
    const url = http.url
    // The URL may be a template ({{args.x}}), so only its scheme is checked here; the egress guard checks the rest.
    if (!/^https?:\/\//i.test(url) && !url.startsWith('{{')) {
      throw badRequest('http.url must start with http:// or https://', [
        { field: 'body.http.url', message: 'must be an http(s) URL' },
      ])
    }
  }
  if (!isCodeRuntime(row.runtime)) row.code = null
  else row.http = null
}

/** `sandbox`: the app's function runner, whose pool loads code at save (./check.ts). */
export function functionsService(repo: FunctionsRepository, sandbox: ModuleLoader) {
  /** Syntax, imports and the default export of javascript/typescript code (./check.ts); http functions have none. */
  const checkCode = async (row: Pick<FunctionRow, 'runtime' | 'code'>): Promise<void> => {
    if (isCodeRuntime(row.runtime) && row.code) await checkFunctionCode(sandbox, row.runtime, row.code)
  }
  const mustGet = async (projectId: string, id: string): Promise<FunctionRow> => {
    const row = await repo.byId(projectId, id)
    if (!row) throw notFound('function')
    return row
  }

  const save = async (op: () => Promise<void>, name: string) => {
    try {
      await op()
    } catch (e) {
      if (e instanceof UniqueViolation) throw conflict(`a function named "${name}" already exists in this project`)
      throw e
    }
  }

  const newRow = (projectId: string, input: CreateFunctionInput): FunctionRow => {
    const at = nowIso()
    const row: FunctionRow = {
      id: newId(),
      project_id: projectId,
      name: input.name,
      runtime: input.runtime,
      code: input.code ?? null,
      http: input.http ? JSON.stringify(input.http) : null,
      memory_mb: input.memory_mb ?? FUNCTION_LIMITS.memoryMb.default,
      timeout_ms: input.timeout_ms ?? FUNCTION_LIMITS.timeoutMs.default,
      isolation: input.isolation ?? 'warm',
      description: input.description ?? null,
      created_at: at,
      updated_at: at,
    }
    checkShape(row)
    return row
  }

  const nextRow = (current: FunctionRow, input: UpdateFunctionInput): FunctionRow => {
    const next: FunctionRow = {
      ...current,
      name: input.name ?? current.name,
      runtime: input.runtime ?? current.runtime,
      code: input.code !== undefined ? input.code : current.code,
      http: input.http !== undefined ? (input.http ? JSON.stringify(input.http) : null) : current.http,
      memory_mb: input.memory_mb ?? current.memory_mb,
      timeout_ms: input.timeout_ms ?? current.timeout_ms,
      isolation: input.isolation ?? current.isolation,
      description: input.description !== undefined ? input.description : current.description,
      updated_at: nowIso(),
    }
    checkShape(next)
    return next
  }

  const insert = async (row: FunctionRow) => {
    await save(() => repo.insert(row), row.name)
    return view(row)
  }
  const update = async (row: FunctionRow) => {
    await save(() => repo.update(row), row.name)
    return view(row)
  }

  return {
    async create(projectId: string, input: CreateFunctionInput): Promise<FunctionView> {
      const row = newRow(projectId, input)
      await checkCode(row)
      return insert(row)
    },
    /** The checks create and update run, for a caller that saves later (toolyard apply, before its transaction). */
    checkCode: (runtime: FunctionRow['runtime'], code: string) => checkCode({ runtime, code }),
    /** For a caller that ran checkCode itself (toolyard apply, inside its transaction): no sandbox round trip. */
    createChecked: (projectId: string, input: CreateFunctionInput): Promise<FunctionView> =>
      insert(newRow(projectId, input)),
    get: async (projectId: string, id: string) => view(await mustGet(projectId, id)),
    async list(projectId: string, limit: number, cursor?: string) {
      const { items, next_cursor } = page(await repo.list(projectId, decodeCursor(cursor), limit + 1), limit)
      return { functions: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    async update(projectId: string, id: string, input: UpdateFunctionInput): Promise<FunctionView> {
      const current = await mustGet(projectId, id)
      const next = nextRow(current, input)
      if (next.code !== current.code || next.runtime !== current.runtime) await checkCode(next)
      return update(next)
    },
    /** Like createChecked: the code was checked by the caller. */
    updateChecked: async (projectId: string, id: string, input: UpdateFunctionInput): Promise<FunctionView> =>
      update(nextRow(await mustGet(projectId, id), input)),
    /** A function still run by tools or resources is kept (409 in_use naming them) unless `force`. */
    async remove(projectId: string, id: string, force = false): Promise<void> {
      const row = await mustGet(projectId, id)
      const users = await repo.usedBy(projectId, row.name)
      if (users.length && !force) {
        throw new AppError(
          'in_use',
          `function "${row.name}" is used by ${users.map((u) => `${u.kind} ${u.name}`).join(', ')}; delete with ?force=true to remove it anyway`,
          users.map((u) => ({ field: u.kind, message: `${u.name} (${u.id})` })),
        )
      }
      if (!(await repo.remove(projectId, id))) throw notFound('function')
    },
    /** The project's function with this name (never a builtin); used by tools and resources at run time. */
    byName: async (projectId: string, name: string): Promise<FunctionRow | undefined> =>
      (await repo.byName(projectId, name)) ?? undefined,
  }
}
export type FunctionsService = ReturnType<typeof functionsService>
