// How a tool backed by a function runs (pre-built and hosted toolkits alike): find the function by name, let the
// app's function runner open the tool's credential and run it.
import { refusalWords } from '../../../lib/credentials-port'
import { AppError } from '../../../lib/errors'
import type { FunctionRunner } from '../../../runtime/function-runner'
import type { FindFunction } from '../call'
import type { ToolkitSource } from './source'

const CREDENTIAL_PROBLEM = {
  missing:
    'is missing: map a credential for this provider on the server (toolkit credentials or PATCH /servers/{id}/tools/{tool_id})',
  expired: 'has expired: refresh it or authorize again',
  auth_required: 'needs re-authorization: run the OAuth flow again',
} as const

export interface FunctionToolDeps {
  /** A function's spec by (project, name): a builtin or the project's record (read model backed). */
  findFunction: FindFunction
  runner: Pick<FunctionRunner, 'run'>
}

export function functionToolCaller({ findFunction, runner }: FunctionToolDeps): ToolkitSource['callTool'] {
  return async (tool, args, { projectId, host, credentialId, request }) => {
    const found = findFunction(projectId, tool.function_name)
    // A hit in memory is used as it is: no await (and so no extra turn) on the builtin call's hit path.
    const fn = found instanceof Promise ? await found : found
    if (!fn)
      throw new AppError(
        'tool_not_configured',
        `Tool ${tool.name} has no backing function: no function named "${tool.function_name}" is configured`,
      )
    // A tool with a credential provider needs the credential mapped on its server (undefined: none is).
    const credential = tool.credential_provider ? { id: credentialId } : undefined
    const { userId } = request
    const outcome = await runner.run(fn, args, { projectId, host, credential, ...(userId ? { userId } : {}) })
    if (!outcome.ok && outcome.kind === 'credential') {
      const message = refusalWords(
        outcome,
        (status) => `The ${tool.credential_provider} credential for tool ${tool.name} ${CREDENTIAL_PROBLEM[status]}`,
      )
      return { ok: false, kind: 'credential', message }
    }
    return outcome
  }
}
