// POST /functions/{id}/invoke: runs a function without a tool or server and answers the MCP tool result it would give,
// with what it logged and how long it took (docs/decisions.md, "Writing functions and config as code").
import type { Egress } from '../../../egress/client'
import type { CredentialAccess } from '../../../lib/credentials-port'
import { badRequest, notFound } from '../../../lib/errors'
import type { CallToolResult } from '../../../mcp/backend'
import type { FunctionHost } from '../../../runtime/host'
import { type FunctionSpec, runFunction } from '../../../runtime/run-function'
import { errorResult, toCallToolResult } from '../mcp'
import type { FunctionsService } from './service'

export interface InvokeResult {
  result: CallToolResult
  logs: { level: string; message: string }[]
  duration_ms: number
}

/** At most this many log lines are kept per invocation (a logging loop must not grow the answer without bound). */
const MAX_LOGS = 1_000

export interface FunctionInvokerDeps {
  functions: Pick<FunctionsService, 'get'>
  findFunction: (projectId: string, name: string) => FunctionSpec | undefined
  credentials: CredentialAccess
  egress: Egress
  /** A project's calls that may wait for a sandbox worker. */
  queueLimit: number
  /** The invocation's logs together (TOOLYARD_MAX_RESULT_BYTES). */
  logBytes: number
}

export function functionInvoker(deps: FunctionInvokerDeps) {
  const { functions, findFunction, credentials, egress, queueLimit, logBytes } = deps
  return async (
    projectId: string,
    id: string,
    body: { input?: Record<string, unknown>; credential_id?: string },
    signal: AbortSignal,
  ): Promise<InvokeResult> => {
    const fn = findFunction(projectId, functions.get(projectId, id).name)
    if (!fn) throw notFound('function')
    let data: Record<string, unknown> | undefined
    if (body.credential_id) {
      const opened = await credentials.open(projectId, body.credential_id)
      if (opened.status === 'missing') throw notFound('credential')
      if (opened.status !== 'configured')
        throw badRequest(`the credential cannot be used: it is ${opened.status}`, [
          { field: 'body.credential_id', message: opened.status },
        ])
      data = opened.data
    }
    const logs: InvokeResult['logs'] = []
    const host: FunctionHost = {
      signal,
      log: (level, message) => {
        if (logs.length < MAX_LOGS) logs.push({ level, message })
      },
      progress: () => {},
    }
    const started = performance.now()
    const outcome = await runFunction(fn, body.input ?? {}, {
      host,
      egress,
      credentials: data,
      tenant: { projectId, queueLimit, logBytes },
    })
    const duration_ms = Math.round((performance.now() - started) * 10) / 10
    return { result: outcome.ok ? toCallToolResult(outcome.value) : errorResult(outcome.message), logs, duration_ms }
  }
}
export type FunctionInvoker = ReturnType<typeof functionInvoker>
