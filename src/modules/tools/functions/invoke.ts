// POST /functions/{id}/invoke: runs a function without a tool or server and answers the MCP tool result it would give,
// with what it logged and how long it took (docs/decisions/0010-writing-functions-and-config-as-code.md). The run is a
// call like any other: in the call log (no server, named by the function) and the metrics.
import { type CallObserver, observed } from '../../../lib/call-observer'
import { AppError, badRequest, notFound } from '../../../lib/errors'
import type { CallToolResult } from '../../../mcp/backend'
import type { FunctionRunner } from '../../../runtime/function-runner'
import type { FunctionHost } from '../../../runtime/host'
import type { FindFunction } from '../call'
import { errorResult, runOutcomeOf, toCallToolResult } from '../mcp'
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
  findFunction: FindFunction
  /** The app's function runner: opens the credential and runs (the invocation's logs bounded by TOOLYARD_MAX_RESULT_BYTES). */
  runner: Pick<FunctionRunner, 'run'>
  /** Where the run is reported (call log, metrics). */
  observer?: CallObserver
}

export function functionInvoker(deps: FunctionInvokerDeps) {
  const { functions, findFunction, runner, observer } = deps
  return async (
    projectId: string,
    id: string,
    body: { input?: Record<string, unknown>; credential_id?: string },
    signal: AbortSignal,
    requestId?: string,
  ): Promise<InvokeResult> => {
    const fn = await findFunction(projectId, (await functions.get(projectId, id)).name)
    if (!fn) throw notFound('function')
    const logs: InvokeResult['logs'] = []
    const host: FunctionHost = {
      signal,
      log: (level, message) => {
        if (logs.length < MAX_LOGS) logs.push({ level, message })
      },
      progress: () => {},
    }
    const started = performance.now()
    const credential = body.credential_id ? { id: body.credential_id } : undefined
    const outcome = await observed(
      observer,
      { kind: 'tool', projectId, name: fn.name, ...(requestId ? { requestId } : {}) },
      () => runner.run({ projectId, host }, fn, body.input ?? {}, credential),
      (run) =>
        run.ok || run.kind !== 'credential'
          ? runOutcomeOf(run)
          : { outcome: 'denied', error: `the credential is ${run.status}` },
    )
    if (!outcome.ok && outcome.kind === 'credential') {
      if (outcome.status === 'missing') throw notFound('credential')
      if (outcome.status === 'unreachable') throw new AppError('upstream_error', outcome.message)
      throw badRequest(`the credential cannot be used: it is ${outcome.status}`, [
        { field: 'body.credential_id', message: outcome.status },
      ])
    }
    const duration_ms = Math.round((performance.now() - started) * 10) / 10
    return { result: outcome.ok ? toCallToolResult(outcome.value) : errorResult(outcome.message), logs, duration_ms }
  }
}
export type FunctionInvoker = ReturnType<typeof functionInvoker>
