// The main thread's side of a sandboxed call's ctx: runs what the worker asks for against the caller's host.
import type { AskOptions } from './host'
import type { HostCallName, HostNotice } from './sandbox-protocol'
import type { RunJavaScriptOptions, SandboxFetchInit } from './sandbox-types'

/** ctx.log/ctx.progress: one-way; a failing sink must not fail the user's code. */
export function deliverNotice(options: RunJavaScriptOptions, notice: HostNotice): void {
  const { host } = options
  if (!host) return
  try {
    if (notice.name === 'log') host.log(...notice.args)
    else if (notice.name === 'listChanged') host.notifyListChanged?.(...notice.args)
    else if (notice.name === 'fail') host.fail?.(...notice.args)
    else host.progress(...notice.args)
  } catch {
    // Nothing to tell the code: its log line or progress report is simply lost.
  }
}

/**
 * ctx.fetch/sample/elicit: the value to send back to the worker (plain JSON data, since a non-cloneable value would
 * fail postMessage), or a throw whose message the code sees.
 */
export async function runHostCall(
  options: RunJavaScriptOptions,
  name: HostCallName,
  args: unknown[],
): Promise<unknown> {
  const [first, second] = args
  let value: unknown
  if (name === 'fetch') {
    if (!options.fetch) throw new Error('fetch is not available')
    value = await options.fetch(String(first), (second ?? {}) as SandboxFetchInit)
  } else if (name === 'listRoots') {
    const fn = options.host?.listRoots
    if (!fn) throw new Error('listRoots is not available')
    value = await fn(second as AskOptions)
  } else if (name === 'callTool') {
    const fn = options.host?.callTool
    if (!fn) throw new Error('callTool is not available')
    value = await fn(String(first), (second ?? {}) as Record<string, unknown>)
  } else {
    const fn = options.host?.[name]
    if (!fn) throw new Error(`${name} is not available`)
    value = await fn(first as Record<string, unknown>, second as AskOptions)
  }
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
}
