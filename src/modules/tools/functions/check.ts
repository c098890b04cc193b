// The checks a javascript or typescript function's code passes at save: it parses, imports nothing, and its default
// export is a function; failures name the line and column (docs/decisions.md, "Writing functions and config as code").
import { AppError, badRequest } from '../../../http/errors'
import { firstProblem, SourceError, transpileTypeScript } from '../../../runtime/function-source'
import { detachedHost } from '../../../runtime/host'
import { runJavaScript } from '../../../runtime/sandbox-pool'
import { SandboxError } from '../../../runtime/sandbox-types'

const invalid = (reason: string, line: number, column: number) =>
  new AppError('invalid_function', `invalid function code at line ${line}, column ${column}: ${reason}`, [
    { field: 'body.code', message: `line ${line}, column ${column}: ${reason}` },
  ])

/** The 1-based line and column of `index` in `text`. */
function position(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, index))
  const line = before.split('\n').length
  return { line, column: before.length - before.lastIndexOf('\n') }
}

/** Throws a 400 naming what is wrong with the code; resolves when the sandbox could run it. */
export async function checkFunctionCode(runtime: 'javascript' | 'typescript', code: string): Promise<void> {
  let scan: { imports: { path: string }[]; exports: string[] }
  try {
    scan = new Bun.Transpiler({ loader: runtime === 'typescript' ? 'ts' : 'js' }).scan(code)
  } catch (error) {
    const p = firstProblem(error)
    throw invalid(`syntax error: ${p.message}`, p.line, p.column)
  }
  const firstImport = scan.imports[0]
  if (firstImport) {
    const at = position(code, Math.max(0, code.search(/^\s*import\b|\bimport\s*\(/m)))
    throw badRequest(
      `functions are single modules: import of "${firstImport.path}" is not supported (line ${at.line}, column ${at.column}); inline the code or use ctx and the globals`,
      [{ field: 'body.code', message: `line ${at.line}, column ${at.column}: imports are not supported` }],
    )
  }
  if (!scan.exports.includes('default')) {
    const end = position(code, code.length)
    throw invalid('the module has no default export: export default async (input, ctx) => result', end.line, end.column)
  }
  let js = code
  try {
    if (runtime === 'typescript') js = (await transpileTypeScript(code)).code
  } catch (error) {
    if (!(error instanceof SourceError)) throw error
    throw invalid(`syntax error: ${error.problem.message}`, error.problem.line, error.problem.column)
  }
  await checkDefaultExport(code, js)
}

/** Loads the module in the sandbox (top-level code runs, the default export is not called) to see what it exports. */
async function checkDefaultExport(code: string, js: string): Promise<void> {
  try {
    await runJavaScript({ code: js, input: {}, host: detachedHost(new AbortController().signal), checkOnly: true })
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
