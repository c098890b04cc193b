// A local tool's call: `tools/call` with the server's own tool name on the child of (toolkit, credential), started on
// first use. A child that cannot start, is waiting out its backoff, crashes mid-call or stays silent past timeout_ms
// makes the call's isError at once, never a hang; the credential it was given is redacted from what comes back.
import { AppError } from '../../../../lib/errors'
import { redactorFor } from '../../../../lib/redact'
import type { ToolkitSource } from '../../sources/source'
import { loadSdk } from '../remote/sdk'
import type { LocalRepository } from './repository'
import { localSpecOf } from './repository'
import type { LocalToolkits } from './service'

export function localToolCaller(
  repo: Pick<LocalRepository, 'byToolkit'>,
  service: Pick<LocalToolkits, 'childEnv' | 'childFor' | 'failureWords'>,
  release: (key: string) => void,
): ToolkitSource['callTool'] {
  return async (ctx, tool, args, credentialId) => {
    const row = await repo.byToolkit(tool.toolkit_id)
    if (!row) throw new AppError('tool_not_configured', `Tool ${tool.name} has no local server configured`)
    const spec = localSpecOf(row)
    const env = await service.childEnv(ctx.projectId, spec, credentialId)
    if (!env.ok) return { ok: false, kind: 'credential', message: env.message }
    let had: Awaited<ReturnType<typeof service.childFor>>
    try {
      had = await service.childFor(ctx.projectId, tool.toolkit_id, spec, credentialId, env)
    } catch (error) {
      return { ok: false, kind: 'error', message: service.failureWords(spec.server, error) }
    }
    const { CallToolResultSchema, ErrorCode, McpError } = await loadSdk()
    const redactor = redactorFor(env.secrets)
    try {
      const result = await had.child.client.request(
        { method: 'tools/call', params: { name: tool.function_name, arguments: args } },
        CallToolResultSchema,
        {
          signal: ctx.host.signal,
          timeout: spec.timeout_ms,
          onprogress: (p) =>
            ctx.host.progress(p.progress, p.total, p.message === undefined ? undefined : redactor.text(p.message)),
        },
      )
      return { ok: true, value: redactor.deep(result) }
    } catch (error) {
      if (error instanceof McpError && error.code === ErrorCode.RequestTimeout)
        return {
          ok: false,
          kind: 'timeout',
          message: `local server ${spec.server} timed out after ${spec.timeout_ms} ms`,
        }
      if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed)
        return {
          ok: false,
          kind: 'error',
          message: redactor.text(`local server error: ${error.message}`).slice(0, 2000),
        }
      return { ok: false, kind: 'error', message: `local server ${spec.server} ended during the call` }
    } finally {
      release(had.key)
    }
  }
}
