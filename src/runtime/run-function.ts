// Runs one function (javascript, http or builtin) and says how it ended, as a neutral value: the tools feature maps
// it to an MCP tool result, resources map it to contents.
import type { Egress } from '../egress/client'
import type { RequestContext } from '../lib/request-context'
import { clampLimit, FUNCTION_LIMITS } from '../limits'
import { builtinFunctions } from './builtins'
import { mapErrorLine, type RunnableSource, runnableSource } from './function-source'
import { cancellation } from './host'
import { type HttpFunctionSpec, runHttpFunction } from './http-function'
import type { Runtime } from './runtimes'
import type { SandboxPool } from './sandbox-pool'
import { SandboxError, type SandboxFailure } from './sandbox-types'

export interface FunctionSpec {
  name: string
  /** The record's id: a function deleted and made again under its name is another function (its warm VMs too). */
  id?: string
  /** A project function's runtime (./runtimes.ts), or 'builtin' for the service's own functions. */
  runtime: Runtime | 'builtin'
  code?: string
  http?: HttpFunctionSpec
  memory_mb?: number
  timeout_ms?: number
  /**
   * JavaScript and TypeScript: `warm` (the default) lets later calls of this version in the project, with the same
   * credential, reuse its evaluated module; `per_call` gives every call a fresh context (docs/functions.md).
   */
  isolation?: FunctionIsolation
}

export type FunctionIsolation = 'warm' | 'per_call'

const versions = new WeakMap<FunctionSpec, string>()
/**
 * What a function does, as a short string that changes when its code, runtime, HTTP template or limits change: cached
 * results of the function (a function resource's reads) carry it, so an edited function misses them. Lookups hand out
 * the same object until the function changes, so the hash is taken once per version.
 */
export function functionVersion(fn: FunctionSpec): string {
  let version = versions.get(fn)
  if (!version) {
    version = Bun.hash(
      JSON.stringify([fn.runtime, fn.code, fn.http, fn.memory_mb, fn.timeout_ms, fn.isolation]),
    ).toString(36)
    versions.set(fn, version)
  }
  return version
}

const prepared = new WeakMap<FunctionSpec, { code: string; runnable: RunnableSource }>()
/**
 * The function's prepared source, kept with the spec object lookups hand out (as its version is): runnableSource's own
 * cache key hashes the whole source, ~3 µs a call for a short function and ~14 µs for 50 KB (docs/decisions/0036-hot-path-at-the-limit.md). The source is compared too, so a spec made anew or changed is prepared again.
 */
function preparedSource(fn: FunctionSpec, runtime: 'javascript' | 'typescript', code: string): RunnableSource {
  const hit = prepared.get(fn)
  if (hit && hit.code === code && fn.runtime === runtime) return hit.runnable
  const runnable = runnableSource(runtime, code)
  prepared.set(fn, { code, runnable })
  return runnable
}

/**
 * A run's end: the function's value, or why it failed (`message` is meant for the user: no host stack, no secrets).
 * `error` is the code's own throw (or an egress refusal); `http_status` an HTTP function's non-2xx answer.
 */
export type RunOutcome = { ok: true; value: unknown } | { ok: false; kind: RunFailure; message: string }
type RunFailure = SandboxFailure | 'http_status'

/**
 * What a run reads of the request's one context (src/lib/request-context.ts): its project (whose call it is, for the
 * sandbox pool's fairness and the warm key) and its host. Any RequestContext is one; a run without a request (the
 * invoke route, a resource read) passes the same two fields.
 */
export type RunCaller = Pick<RequestContext, 'projectId' | 'host' | 'userId'>

/** The app's parts a run uses, the same for every call (src/runtime/function-runner.ts makes it once). */
export interface RunEnv {
  /** The app's sandbox pool: javascript and typescript run there. */
  pool: Pick<SandboxPool, 'run'>
  /** Every outbound call of the function goes through it. */
  egress: Egress
  /** A project's calls that may wait for a sandbox worker. */
  queueLimit: number
  /** TOOLYARD_MAX_RESULT_BYTES: the call's logs and progress together. */
  logBytes: number
}

/**
 * Never throws for a failing function: errors, limits and egress refusals are `{ok: false}` outcomes. The app calls it
 * only through its function runner (src/runtime/function-runner.ts), which supplies the pool, egress and tenant.
 */
export async function runFunction(
  ctx: RunCaller,
  fn: FunctionSpec,
  input: Record<string, unknown>,
  env: RunEnv,
  /** Decrypted credential data for ctx.credentials / templates / builtins; never logged. */
  credentials?: Record<string, unknown>,
): Promise<RunOutcome> {
  try {
    return await run(ctx, fn, input, env, credentials)
  } catch (error) {
    const kind = error instanceof SandboxError ? error.reason : 'error'
    return { ok: false, kind, message: error instanceof Error ? error.message : String(error) }
  }
}

async function run(
  { projectId, host, userId }: RunCaller,
  fn: FunctionSpec,
  input: Record<string, unknown>,
  { pool, egress, queueLimit, logBytes }: RunEnv,
  credentials: Record<string, unknown> | undefined,
): Promise<RunOutcome> {
  const timeoutMs = host.deadlineMs ?? clampLimit(fn.timeout_ms, FUNCTION_LIMITS.timeoutMs)
  switch (fn.runtime) {
    case 'javascript':
    case 'typescript': {
      if (!fn.code) throw new Error(`function ${fn.name} has no code`)
      const source = preparedSource(fn, fn.runtime, fn.code)
      const value = await pool
        .run({
          code: source.code,
          input,
          host,
          credentials,
          memoryMb: clampLimit(fn.memory_mb, FUNCTION_LIMITS.memoryMb),
          timeoutMs,
          project: projectId,
          queueLimit,
          logBytes,
          // Never across projects, functions or end users: the key names all three, and the version changes with any
          // edit. Keyed by user as well as by credential: two users on one shared credential keep apart too.
          warmKey:
            fn.isolation === 'per_call'
              ? undefined
              : `${projectId}\0${fn.id ?? fn.name}\0${functionVersion(fn)}\0${userId ?? ''}`,
          fetch: async (url, init) => {
            const r = await egress.fetch(url, { ...init, signal: host.signal, timeoutMs })
            return { status: r.status, headers: Object.fromEntries(r.headers), text: r.text, url: r.url }
          },
        })
        .catch((error: unknown) => {
          if (error instanceof SandboxError) throw new SandboxError(mapErrorLine(error.message, source), error.reason)
          throw error
        })
      return { ok: true, value }
    }
    case 'http': {
      if (!fn.http) throw new Error(`function ${fn.name} has no http configuration`)
      return runHttpFunction({ http: fn.http, args: input, credentials, egress, ...cancellation(host), timeoutMs })
    }
    case 'builtin': {
      const builtin = builtinFunctions[fn.name]
      if (!builtin) throw new Error(`unknown built-in function: ${fn.name}`)
      // The host, not its signal: the signal is read only if the builtin uses it (a host may make it lazily,
      // src/mcp/cancellable.ts).
      return { ok: true, value: await builtin(input, host, egress, credentials) }
    }
    default:
      throw new Error(`unknown runtime: ${String((fn as { runtime: unknown }).runtime)}`)
  }
}
