// A remote tool's call: `tools/call` upstream with the upstream name on a pooled connection bound to this call. The
// result comes back unchanged; a JSON-RPC error, a broken connection or no answer in `timeout_ms` is the tool's
// failure (isError naming it), never a hang.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { CredentialAccess } from '../../../../lib/credentials-port'
import { AppError } from '../../../../lib/errors'
import type { RequestContext } from '../../../../lib/request-context'
import { inSpan, traceFields, tracingOn } from '../../../../lib/tracing'
import type { ReadModel } from '../../../../read-model/read-model'
import type { FunctionHost } from '../../../../runtime/host'
import { budgetedHost } from '../../../../runtime/log-budget'
import type { RunOutcome } from '../../../../runtime/run-function'
import type { ToolRow } from '../../repository'
import type { ToolFailure, ToolkitSource } from '../../sources/source'
import { type AuthResult, authHeaders, credentialProblem } from './auth'
import { connectUpstream, type DeclaredToUpstream, type StreamingFetch, type UpstreamConnection } from './connect'
import { drainNotices } from './drain'
import { NOT_LEAN, plainToolResult } from './lean'
import type { UpstreamPool } from './pool'
import type { RemoteRepository } from './repository'
import { loadSdk, type Sdk, sdkIfLoaded } from './sdk'
import { pauseBeforeRetry, staleSession } from './stale-session'
import { type CallableUpstream, upstreamLookup } from './upstream-cache'
import { shownUrl, upstreamWords } from './words'

export interface RemoteCallDeps {
  repo: Pick<RemoteRepository, 'byToolkit'>
  /** Keeps each toolkit's upstream in memory until a commit touches the toolkit (./upstream-cache.ts). */
  readModel?: ReadModel
  credentials: CredentialAccess
  pool: UpstreamPool
  fetch: StreamingFetch
  /** What the upstream's logs and progress of one call may take together (TOOLYARD_MAX_RESULT_BYTES). */
  logBytes: number
  /** Remote calls one project may have running at once (TOOLYARD_MAX_REMOTE_CALLS_PER_PROJECT). */
  maxCallsPerProject: number
  /** A tool returned a resource link: a read of that uri through the server goes to this upstream (./server-parts.ts). */
  linked?: (projectId: string, toolkitId: string, uri: string) => void
  /** The upstream announced a change of its tools (any connection): re-list it soon. */
  onToolsChanged: (projectId: string, toolkitId: string) => void
}

/**
 * The pool key: toolkit, credential and everything the connection was opened with (a new token, another spec, what
 * the calling client declared, the end user), so a connection is only ever reused for what it was opened for. The
 * secret goes in hashed.
 */
const poolKey = (
  toolkitId: string,
  credentialId: string | undefined,
  upstream: CallableUpstream,
  secret: string | undefined,
  declare: DeclaredToUpstream,
  user: string | undefined,
) =>
  `${toolkitId}\u0000${credentialId ?? ''}\u0000${upstream.specHash}\u0000${secret ? Bun.hash(secret).toString(36) : ''}\u0000${declare.roots ? 'r' : ''}${declare.elicitUrl ? 'u' : ''}\u0000${user ?? ''}`

/** A toolkit without a credential sends no auth header. */
const NO_AUTH: AuthResult = { ok: true, headers: {} }

export function remoteToolCaller(d: RemoteCallDeps): ToolkitSource['callTool'] {
  /** Remote calls running now, per project: each holds an upstream connection for up to timeout_ms. */
  const running = new Map<string, number>()
  const call = remoteCall(d)
  return async (ctx, tool, args, credentialId) => {
    const now = running.get(ctx.projectId) ?? 0
    // Like the sandbox's per-project queue: one project's stalled upstreams cannot take every connection we can open.
    if (now >= d.maxCallsPerProject)
      return {
        ok: false,
        kind: 'error',
        message: `too many concurrent calls for this project (${d.maxCallsPerProject} remote calls already running); retry later`,
      }
    running.set(ctx.projectId, now + 1)
    try {
      return await call(ctx, tool, args, credentialId)
    } finally {
      const left = (running.get(ctx.projectId) ?? 1) - 1
      if (left > 0) running.set(ctx.projectId, left)
      else running.delete(ctx.projectId)
    }
  }
}

function remoteCall(d: RemoteCallDeps) {
  const upstreamOf = upstreamLookup(d.repo, d.readModel)
  const run = async (
    ctx: RequestContext,
    tool: ToolRow,
    args: Record<string, unknown>,
    credentialId: string | undefined,
    retried = false,
  ): Promise<RunOutcome | ToolFailure> => {
    const { projectId, host } = ctx
    const found = upstreamOf(tool.toolkit_id)
    const upstream = found instanceof Promise ? await found : found
    if (!upstream) throw new AppError('tool_not_configured', `Tool ${tool.name} has no upstream configured`)
    const { spec } = upstream
    const auth: AuthResult =
      spec.auth.type === 'none' ? NO_AUTH : await authHeaders(d.credentials, projectId, spec.auth, credentialId)
    if (!auth.ok) {
      const provider = spec.auth.type === 'none' ? '' : spec.auth.credential_provider
      return { ok: false, kind: 'credential', message: credentialProblem(provider, auth) }
    }
    const secret = auth.secret
    const words = (e: unknown) => upstreamWords(e, { url: spec.url, secrets: secret ? [secret] : [] })
    const declare = declaredBy(host)
    // Per end user too: two users on one shared credential never share an upstream session.
    const key = poolKey(tool.toolkit_id, credentialId, upstream, secret, declare, ctx.userId)
    let conn: UpstreamConnection
    try {
      const got = d.pool.acquire(key, () =>
        connectUpstream(spec, {
          fetch: d.fetch,
          authHeaders: auth.headers,
          timeoutMs: spec.timeout_ms,
          declare,
          onToolsChanged: () => d.onToolsChanged(projectId, tool.toolkit_id),
        }),
      )
      conn = got instanceof Promise ? await got : got
    } catch (error) {
      // Refused while the upstream restarts: once more after a pause (./stale-session.ts).
      if (!retried && staleSession(error)) {
        await pauseBeforeRetry(error)
        return run(ctx, tool, args, credentialId, true)
      }
      return { ok: false, kind: 'error', message: `upstream ${shownUrl(spec.url)} failed: ${words(error)}` }
    }
    // The call ends early when the caller cancels or a question cannot be answered: the running request is cancelled
    // (notifications/cancelled upstream). Not `AbortSignal.any([host.signal, …])`: the SDK never removes its abort
    // listener, and a composite signal with a listener stays alive while its sources are not aborted, holding the
    // whole call (docs/decisions/0151-remote-calls-hold-no-memory.md).
    let ended = false
    let stop: ((reason: unknown) => void) | undefined
    const end = () => {
      if (ended) return
      ended = true
      stop?.(abortReason())
    }
    const unlisten = onCancel(host, end)
    // With no credential there is nothing to cut from what the upstream sends.
    const redactor = secret ? upstream.redactor(secret) : undefined
    // Made only when the upstream logs, reports progress or asks something during the call.
    let callHost: FunctionHost | undefined
    const hostNow = () => (callHost ??= upstreamHost(host, redactor?.text, d.logBytes))
    conn.bind({
      get host() {
        return hostNow()
      },
      onUnanswerable: end,
    })
    let reusable = true
    // Loaded by the connection just made or reused (./sdk.ts).
    const sdk = sdkIfLoaded() ?? (await loadSdk())
    const { ErrorCode, McpError } = sdk
    try {
      // The trace context goes on in `_meta` too (the MCP convention), beside the request's headers.
      const trace = tracingOn() ? traceFields() : undefined
      const params = { name: tool.function_name, arguments: args, ...(trace ? { _meta: trace } : {}) }
      // Upstream progress, in the order it came, with the client's own token (the host knows it).
      const onprogress = (p: { progress: number; total?: number; message?: string }) =>
        hostNow().progress(p.progress, p.total, p.message)
      const send = async (): Promise<CallToolResult> => {
        if (ended) throw abortReason()
        const lean = conn.lean?.request('tools/call', params, { timeoutMs: spec.timeout_ms, onprogress }, (r) =>
          toolResult(sdk, r),
        )
        if (lean) {
          stop = lean.cancel
          const result = await lean.result
          if (result !== NOT_LEAN) return result
          // Cancelled while the redirect came back: nothing is sent again.
          if (ended) throw abortReason()
        }
        // The 2024-11-05 SSE transport, or a redirect the SDK follows within the origin: the SDK client's request.
        const ending = new AbortController()
        stop = () => ending.abort()
        return conn.client.request({ method: 'tools/call', params }, sdk.CallToolResultSchema, {
          signal: ending.signal,
          timeout: spec.timeout_ms,
          onprogress,
        })
      }
      const result = tracingOn()
        ? await inSpan(
            `tools/call ${tool.function_name}`,
            'client',
            { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': tool.function_name },
            send,
          )
        : await send()
      if (conn.logging) await drainNotices(conn, spec.timeout_ms)
      if (d.linked)
        for (const c of result.content) if (c.type === 'resource_link') d.linked(projectId, tool.toolkit_id, c.uri)
      return { ok: true, value: redactor ? redactor.deep(result) : result }
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
        // A stuck upstream is not reused: its answer may still come on this connection.
        reusable = false
        return { ok: false, kind: 'timeout', message: `upstream timed out after ${spec.timeout_ms} ms` }
      }
      if (ended) {
        reusable = false
        return { ok: false, kind: 'error', message: 'the call ended before the upstream answered' }
      }
      if (!retried && staleSession(error)) {
        // The upstream restarted (its session is gone, or the connection was refused or reset before an answer): the
        // idle connections of this key are as stale; the call runs once more on a fresh session.
        reusable = false
        d.pool.forget(key)
        await pauseBeforeRetry(error)
        return run(ctx, tool, args, credentialId, true)
      }
      if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed)
        return { ok: false, kind: 'error', message: `upstream error: ${words(error)}` }
      reusable = false
      return { ok: false, kind: 'error', message: `upstream connection failed: ${words(error)}` }
    } finally {
      unlisten?.()
      conn.bind(undefined)
      d.pool.release(key, conn, reusable)
    }
  }
  return run satisfies ToolkitSource['callTool']
}

/** What an aborted signal's reason is: the reason the SDK's request gives its cancellation. */
function abortReason(): unknown {
  const c = new AbortController()
  c.abort()
  return c.signal.reason
}

/** A lean answer's result as the SDK's CallToolResultSchema gives it: as it came when plain, else parsed by it. */
function toolResult(sdk: Sdk, result: Record<string, unknown>): CallToolResult {
  if (plainToolResult(result)) return result as CallToolResult
  const parsed = sdk.CallToolResultSchema.safeParse(result)
  if (!parsed.success) throw parsed.error
  return parsed.data
}

/** Runs `listener` when the caller cancels (at once when it has already); returns its removal. */
function onCancel(host: FunctionHost, listener: () => void): (() => void) | undefined {
  if (host.onCancel) {
    const off = host.onCancel(listener)
    if (!off) listener()
    return off
  }
  if (host.signal.aborted) {
    listener()
    return undefined
  }
  host.signal.addEventListener('abort', listener, { once: true })
  return () => host.signal.removeEventListener('abort', listener)
}

/**
 * The host the upstream's notices of one call reach: the credential it may echo redacted, and logs and progress
 * together bounded like a function's (a line cut at 8 KiB, the whole at `budgetBytes`), so an upstream that floods
 * cannot grow the client's stream or our memory.
 */
function upstreamHost(
  host: FunctionHost,
  redact: ((text: string) => string) | undefined,
  budgetBytes: number,
): FunctionHost {
  const bounded = budgetedHost(host, budgetBytes)
  if (!redact) return bounded
  return {
    ...bounded,
    log: (level, message) => bounded.log(level, redact(String(message))),
    progress: (progress, total, message) =>
      bounded.progress(progress, total, message === undefined ? undefined : redact(String(message))),
  }
}

/** What the calling client declared that the upstream may use through this call's connection. */
const declaredBy = (host: FunctionHost): DeclaredToUpstream => ({
  roots: host.listRoots !== undefined,
  elicitUrl: host.elicit !== undefined && host.elicitUrl === true,
})
