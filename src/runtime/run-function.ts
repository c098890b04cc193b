// Runs one function (javascript, http or builtin) for a tool call and maps its outcome to a CallToolResult.

import type { Egress } from '../egress/client'
import type { CallToolResult } from '../mcp/backend'
import { builtinFunctions } from './builtins'
import { type HttpFunctionSpec, runHttpFunction } from './http-function'
import { errorResult, toCallToolResult } from './result'
import { runJavaScript, type SandboxHost } from './sandbox'

export interface FunctionSpec {
  name: string
  runtime: 'javascript' | 'http' | 'builtin'
  code?: string
  http?: HttpFunctionSpec
  memory_mb?: number
  timeout_ms?: number
}

export interface RunFunctionHost {
  credentials?: unknown
  egress: Egress
  signal?: AbortSignal
  /** The tool's output_schema: adds structuredContent to non-content results. */
  outputSchema?: unknown
  /** API base URL of the tool's provider (pre-built toolkits), overridable for local test doubles. */
  providerBaseUrl?: string
  log?: SandboxHost['log']
  progress?: SandboxHost['progress']
  sample?: SandboxHost['sample']
  elicit?: SandboxHost['elicit']
}

const DEFAULT_TIMEOUT_MS = 10_000
const MAX_TIMEOUT_MS = 60_000
const DEFAULT_MEMORY_MB = 64

const clamp = (value: number | undefined, fallback: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Math.floor(value ?? fallback)))

/** Never throws for a failing function: errors, timeouts and egress refusals become `isError` results. */
export async function runFunction(
  fn: FunctionSpec,
  input: Record<string, unknown>,
  host: RunFunctionHost,
): Promise<CallToolResult> {
  try {
    const value = await runFunctionValue(fn, input, host)
    return toCallToolResult(value, { outputSchema: host.outputSchema })
  } catch (error) {
    return errorResult(error instanceof Error ? error.message : String(error))
  }
}

/**
 * The function's raw value, before any tool-result mapping (resources use it directly). Throws on failure;
 * an HTTP function's non-2xx answer comes back as an `isError` CallToolResult value.
 */
export async function runFunctionValue(
  fn: FunctionSpec,
  input: Record<string, unknown>,
  host: RunFunctionHost,
): Promise<unknown> {
  const timeoutMs = clamp(fn.timeout_ms, DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS)
  switch (fn.runtime) {
    case 'javascript': {
      if (!fn.code) throw new Error(`function ${fn.name} has no code`)
      return runJavaScript({
        code: fn.code,
        input,
        memoryMb: clamp(fn.memory_mb, DEFAULT_MEMORY_MB, 1, 1024),
        timeoutMs,
        signal: host.signal,
        ctx: {
          credentials: host.credentials,
          fetch: async (url, init) => {
            const r = await host.egress.fetch(url, { ...init, signal: host.signal, timeoutMs })
            return { status: r.status, headers: Object.fromEntries(r.headers), text: r.text, url: r.url }
          },
          log: host.log,
          progress: host.progress,
          sample: host.sample,
          elicit: host.elicit,
        },
      })
    }
    case 'http': {
      if (!fn.http) throw new Error(`function ${fn.name} has no http configuration`)
      return runHttpFunction({
        http: fn.http,
        args: input,
        credentials: host.credentials,
        egress: host.egress,
        signal: host.signal,
        timeoutMs,
      })
    }
    case 'builtin': {
      const builtin = builtinFunctions[fn.name]
      if (!builtin) throw new Error(`unknown built-in function: ${fn.name}`)
      return builtin(input, {
        credentials: host.credentials,
        egress: host.egress,
        providerBaseUrl: host.providerBaseUrl,
        signal: host.signal,
      })
    }
    default:
      throw new Error(`unknown runtime: ${String((fn as { runtime: unknown }).runtime)}`)
  }
}
