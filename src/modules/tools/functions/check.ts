// The checks a javascript or typescript function's code passes at save: it parses, imports nothing, and its default
// export is a function; failures name the line and column (docs/decisions/0010-writing-functions-and-config-as-code.md; "Function source is data").
import { AppError } from '../../../lib/errors'
import type { FunctionRunner } from '../../../runtime/function-runner'
import { position, runnableSource, SourceError } from '../../../runtime/function-source'
import type { CodeRuntime } from '../../../runtime/runtimes'
import { SandboxError } from '../../../runtime/sandbox-types'

const invalid = (reason: string, line: number, column: number) =>
  new AppError('invalid_function', `invalid function code at line ${line}, column ${column}: ${reason}`, [
    { field: 'body.code', message: `line ${line}, column ${column}: ${reason}` },
  ])

/** What the check needs of the app's function runner: loading a module in its sandbox pool. */
export type ModuleLoader = Pick<FunctionRunner, 'checkModule'>

/** Throws a 400 naming what is wrong with the code; resolves when the sandbox could run it. */
export async function checkFunctionCode(sandbox: ModuleLoader, runtime: CodeRuntime, code: string): Promise<void> {
  let js: string
  try {
    js = runnableSource(runtime, code).code
  } catch (error) {
    if (!(error instanceof SourceError)) throw error
    const { kind, message, line, column } = error.problem
    if (kind === 'module') {
      throw invalid(
        `functions are single modules: ${message}; inline the code or use ctx and the globals`,
        line,
        column,
      )
    }
    throw invalid(`syntax error: ${message}`, line, column)
  }
  if (!/\bexport\s+default\b|\bas\s+default\b/.test(code)) {
    const end = position(code, code.length)
    throw invalid('the module has no default export: export default async (input, ctx) => result', end.line, end.column)
  }
  await checkDefaultExport(sandbox, code, js)
}

/** Loads the module in the sandbox (top-level code runs, the default export is not called) to see what it exports. */
async function checkDefaultExport(sandbox: ModuleLoader, code: string, js: string): Promise<void> {
  try {
    await sandbox.checkModule(js)
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error
    const message = error.message.replace(/ \(line \d+\)$/, '')
    if (message.startsWith('the module must export a default function')) {
      const at = position(code, code.search(/\bexport\s+default\b|\bas\s+default\b/))
      throw invalid(
        'the default export is not a function: export default async (input, ctx) => result',
        at.line,
        at.column,
      )
    }
    // QuickJS may reject what Bun's parser accepted; other top-level failures show when the function runs.
    if (/^(SyntaxError|expecting|unexpected|invalid)/i.test(message) || error.message.includes('SyntaxError')) {
      throw invalid(`syntax error: ${message}`, 1, 1)
    }
  }
}
