// Resources and prompts run a project's function by name: the same lookup as tools (a builtin or the project's record)
// and the app's one function runner.
import type { FunctionRunner } from '../../../runtime/function-runner'
import type { FunctionHost } from '../../../runtime/host'
import { functionVersion, type RunOutcome } from '../../../runtime/run-function'
import type { FindFunction } from '../call'

/**
 * `lookup` reads the store (no cache): whether a name is backed is checked when a record names it, right after a
 * function may have been created in the same request or transaction.
 */
export function functionsByName(
  findFunction: FindFunction,
  runner: Pick<FunctionRunner, 'run'>,
  lookup: FindFunction = findFunction,
) {
  return {
    /** Whether a builtin or the project's function has this name (tools, prompts and resources must name one). */
    async exists(projectId: string, name: string): Promise<boolean> {
      return (await lookup(projectId, name)) !== undefined
    },
    /** `credentials`: data the caller opened already (a resource's credential); prompts run without. */
    async run(
      projectId: string,
      name: string,
      input: Record<string, unknown>,
      options: { host: FunctionHost; credentials?: Record<string, unknown> },
    ): Promise<RunOutcome | { ok: false; missing: true; message: string }> {
      const fn = await findFunction(projectId, name)
      if (!fn) return { ok: false, missing: true, message: `function "${name}" does not exist` }
      const credential = options.credentials ? { data: options.credentials } : undefined
      return runner.run({ projectId, host: options.host }, fn, input, credential)
    },
    /** Changes when the function changes (a function resource's cached reads carry it); 'missing' when none. */
    async version(projectId: string, name: string): Promise<string> {
      const fn = await findFunction(projectId, name)
      return fn ? functionVersion(fn) : 'missing'
    },
  }
}
