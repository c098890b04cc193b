// Runs a function by name for a project: `builtin.*` from the runtime's builtins, otherwise the project's own record.
// Tools get an MCP CallToolResult (runtime/run-function); resources get the raw value (DECISIONS §7).
import type { Egress } from '../../egress/client'
import type { CallHost, CallToolResult, McpLogLevel } from '../../mcp/backend'
import { builtinFunctions } from '../../runtime/builtins'
import type { HttpFunctionSpec } from '../../runtime/http-function'
import { type FunctionSpec, type RunFunctionHost, runFunction, runFunctionValue } from '../../runtime/run-function'
import type { FunctionRow } from '../tools/functions/repository'
import { type FunctionsService, isBuiltinName } from '../tools/functions/service'

export interface RunOptions {
  /** Decrypted credential data for ctx.credentials; never logged. */
  credentials?: Record<string, unknown>
  /** The tool's output_schema: JSON results then also become structuredContent. */
  outputSchema?: Record<string, unknown>
}

export type RunValue = { ok: true; value: unknown } | { ok: false; missing?: boolean; message: string }

export interface ProjectFunctionRunner {
  /** The function a name points at, or undefined when nothing backs it (the tool is not configured). */
  resolve(projectId: string, name: string): FunctionSpec | undefined
  run(
    projectId: string,
    fn: FunctionSpec,
    input: Record<string, unknown>,
    host: CallHost,
    options?: RunOptions,
  ): Promise<CallToolResult>
}

const LEVELS = new Set(['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'])

/** The protocol's CallHost plus the egress guard, in the shape the runtime expects. */
function runtimeHost(host: CallHost, egress: Egress, options: RunOptions): RunFunctionHost {
  return {
    egress,
    signal: host.signal,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.outputSchema ? { outputSchema: options.outputSchema } : {}),
    // User code may pass any level name; unknown ones are sent as "info" rather than breaking the client.
    log: (level, message) => host.log((LEVELS.has(level) ? level : 'info') as McpLogLevel, message),
    progress: (progress, total, message) => host.progress(progress, total, message),
    ...(host.sample ? { sample: (request: unknown) => host.sample!(request as Record<string, unknown>) } : {}),
    ...(host.elicit ? { elicit: (request: unknown) => host.elicit!(request as Record<string, unknown>) } : {}),
  }
}

const spec = (row: FunctionRow): FunctionSpec => ({
  name: row.name,
  runtime: row.runtime,
  ...(row.code !== null ? { code: row.code } : {}),
  ...(row.http !== null ? { http: JSON.parse(row.http) as HttpFunctionSpec } : {}),
  memory_mb: row.memory_mb,
  timeout_ms: row.timeout_ms,
})

export function projectFunctionRunner(functions: FunctionsService, egress: Egress) {
  const resolve = (projectId: string, name: string): FunctionSpec | undefined => {
    if (isBuiltinName(name)) return builtinFunctions[name] ? { name, runtime: 'builtin' } : undefined
    const row = functions.byName(projectId, name)
    return row ? spec(row) : undefined
  }

  /** The raw value of a run (resources): same runtimes and ctx as tools, without the tool result mapping. */
  async function value(fn: FunctionSpec, input: Record<string, unknown>, host: RunFunctionHost): Promise<RunValue> {
    try {
      const out = await runFunctionValue(fn, input, host)
      // An HTTP function's non-2xx answer is an isError result rather than a throw.
      if (fn.runtime === 'http' && typeof out === 'object' && out !== null && (out as CallToolResult).isError) {
        const text = (out as CallToolResult).content.map((c) => (typeof c.text === 'string' ? c.text : '')).join('\n')
        return { ok: false, message: text }
      }
      return { ok: true, value: out }
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error) }
    }
  }

  return {
    resolve,
    run: (
      _projectId: string,
      fn: FunctionSpec,
      input: Record<string, unknown>,
      host: CallHost,
      options: RunOptions = {},
    ) => runFunction(fn, input, runtimeHost(host, egress, options)),
    /**
     * For resources and other callers: run the project's (or a builtin) function by name and get its raw value.
     * `missing: true` when no function has that name.
     */
    async runProjectFunction(
      projectId: string,
      name: string,
      input: Record<string, unknown>,
      host: CallHost,
      credentials?: Record<string, unknown>,
    ): Promise<RunValue> {
      const fn = resolve(projectId, name)
      if (!fn) return { ok: false, missing: true, message: `function "${name}" does not exist` }
      return value(fn, input, runtimeHost(host, egress, credentials ? { credentials } : {}))
    },
  } satisfies ProjectFunctionRunner & Record<string, unknown>
}
