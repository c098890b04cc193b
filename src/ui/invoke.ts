// invokeFunction: runs a saved function once with an input, through the same runtime tools use, and keeps its logs.
// (The REST `POST /functions/{id}/invoke` is built separately; the dashboard's Run button uses this service.)
import type { Egress } from '../egress/client'
import type { FunctionHost } from '../runtime/host'
import { type FunctionSpec, runFunction } from '../runtime/run-function'

export interface InvokeResult {
  ok: boolean
  result?: unknown
  error?: string
  logs: { level: string; message: string }[]
  duration_ms: number
}

export async function invokeFunction(
  deps: { findFunction: (projectId: string, name: string) => FunctionSpec | undefined; egress: Egress },
  projectId: string,
  name: string,
  input: Record<string, unknown>,
): Promise<InvokeResult> {
  const fn = deps.findFunction(projectId, name)
  if (!fn) return { ok: false, error: `function "${name}" does not exist`, logs: [], duration_ms: 0 }
  const logs: InvokeResult['logs'] = []
  const host: FunctionHost = {
    signal: AbortSignal.timeout(120_000),
    log: (level, message) => logs.push({ level, message }),
    progress: () => {},
  }
  const started = performance.now()
  const outcome = await runFunction(fn, input, { host, egress: deps.egress })
  const duration_ms = Math.round(performance.now() - started)
  return outcome.ok
    ? { ok: true, result: outcome.value, logs, duration_ms }
    : { ok: false, error: outcome.message, logs, duration_ms }
}
