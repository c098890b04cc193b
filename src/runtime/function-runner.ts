// The one way the app runs a function (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md, "One function runner"): built once by the composition root
// over the app's sandbox pool, egress guard, credential access and limits, and handed to tools, resources, prompts and
// POST /functions/{id}/invoke. The credential a function runs with is opened here and nowhere else.

import type { Egress } from '../egress/client'
import type { CredentialAccess, CredentialRefusal } from '../lib/credentials-port'
import { inSpan, tracingOn } from '../lib/tracing'
import { detachedHost } from './host'
import { type FunctionSpec, type RunCaller, type RunEnv, type RunOutcome, runFunction } from './run-function'
import type { SandboxPool } from './sandbox-pool'

export interface FunctionRunnerDeps {
  /** Owned by the runner from here on: its shutdown ends the pool's workers. */
  pool: SandboxPool
  /** Every outbound call of a function goes through it. */
  egress: Egress
  credentials: CredentialAccess
  /** A project's calls that may wait for a sandbox worker (TOOLYARD_SANDBOX_QUEUE_PER_PROJECT). */
  queueLimit: number
  /** A call's logs and progress together (TOOLYARD_MAX_RESULT_BYTES). */
  logBytes: number
}

/**
 * What a run gets as ctx.credentials: a stored credential to open (`id` undefined: none is mapped, so it is missing),
 * or data the caller opened for its own use already (a resource's credential also serves its api source).
 */
export type RunCredential = { id: string | undefined } | { data: Record<string, unknown> }

/** The stored credential cannot be used: the function did not run. Callers say so in their own terms. */
export type CredentialRefused = { ok: false; kind: 'credential' } & CredentialRefusal

export function createFunctionRunner(deps: FunctionRunnerDeps) {
  const { pool, egress, credentials, queueLimit, logBytes } = deps
  // The same for every run: made once here, not per call.
  const env: RunEnv = { pool, egress, queueLimit, logBytes }

  async function open(
    projectId: string,
    credential: RunCredential | undefined,
  ): Promise<{ data?: Record<string, unknown> } | CredentialRefused> {
    if (!credential) return {}
    if ('data' in credential) return { data: credential.data }
    const opened = credential.id ? await credentials.open(projectId, credential.id) : { status: 'missing' as const }
    if (opened.status === 'unreachable') return { ok: false, kind: 'credential', ...opened }
    if (opened.status !== 'configured') return { ok: false, kind: 'credential', status: opened.status }
    return { data: opened.data }
  }

  /**
   * Opens the credential, then runs in the request's context (its project and host); never throws for a failing
   * function (see runFunction). A run with nothing to open (no credential, or data already opened) is never refused.
   */
  async function run(
    ctx: RunCaller,
    fn: FunctionSpec,
    input: Record<string, unknown>,
    credential?: { data: Record<string, unknown> },
  ): Promise<RunOutcome>
  async function run(
    ctx: RunCaller,
    fn: FunctionSpec,
    input: Record<string, unknown>,
    credential?: RunCredential,
  ): Promise<RunOutcome | CredentialRefused>
  async function run(
    ctx: RunCaller,
    fn: FunctionSpec,
    input: Record<string, unknown>,
    credential?: RunCredential,
  ): Promise<RunOutcome | CredentialRefused> {
    // A span per run when tracing is on: the sandbox (or HTTP, or builtin) run under the tool call's span.
    if (tracingOn())
      return inSpan(
        `function ${fn.name}`,
        'internal',
        { 'toolyard.function.name': fn.name, 'toolyard.function.runtime': fn.runtime },
        () => runOpened(ctx, fn, input, credential),
        undefined,
        (outcome) => ('ok' in outcome && !outcome.ok ? ('message' in outcome ? outcome.message : 'failed') : undefined),
      )
    return runOpened(ctx, fn, input, credential)
  }

  async function runOpened(
    ctx: RunCaller,
    fn: FunctionSpec,
    input: Record<string, unknown>,
    credential?: RunCredential,
  ): Promise<RunOutcome | CredentialRefused> {
    // Most tools have no credential: nothing to open, no await before the run.
    if (!credential) return runFunction(ctx, fn, input, env)
    const opened = await open(ctx.projectId, credential)
    if ('kind' in opened) return opened
    return runFunction(ctx, fn, input, env, opened.data)
  }

  return {
    run,
    /**
     * Loads a module in the sandbox without calling its default export (the check at save); rejects with the
     * SandboxError the load gave.
     */
    async checkModule(js: string): Promise<void> {
      await pool.run({ code: js, input: {}, host: detachedHost(new AbortController().signal), checkOnly: true })
    },
    /** Live workers, running calls and the fairness bounds (metrics, diagnostics, tests). */
    stats: () => pool.stats(),
    /** Idle workers end now, busy ones once their calls end (each bounded by its deadline). */
    shutdown: () => pool.shutdown(),
  }
}
export type FunctionRunner = ReturnType<typeof createFunctionRunner>
