// A function's source as the sandbox runs it. The source is data: a hand-written scan refuses anything naming a module
// before any Bun parse (Bun's parser evaluates macro imports), then Bun's transpiler strips TypeScript's types with
// macros off and nothing to resolve; JavaScript runs as written (docs/decisions/0018-function-source-is-data.md).
import { alignLines } from './line-map'
import type { CodeRuntime } from './runtimes'
import { type ScanProblem, scanSource, type Token } from './source-scan'

export interface RunnableSource {
  /** The JavaScript module QuickJS evaluates. */
  code: string
  /** For TypeScript: the user's line of a generated line (1-based), computed when an error first needs it. */
  userLine?: (generated: number) => number | undefined
}

/** A problem at a 1-based position of the user's source: a module named (refused) or a syntax error. */
export interface SourceProblem {
  kind: ScanProblem['kind']
  message: string
  line: number
  column: number
}

export class SourceError extends Error {
  constructor(readonly problem: SourceProblem) {
    super(problem.message)
  }
}

/** Scanning and transpiling cost up to milliseconds; the same source is prepared once (bounded: oldest out). */
const cache = new Map<string, RunnableSource>()
const CACHE_ENTRIES = 256
const transpilers = new Map<CodeRuntime, Bun.Transpiler>()

/**
 * Checks and prepares a function's source; throws SourceError naming the user's line and column. Every path from a
 * tenant's code to Bun goes through here (save, apply, run), so the scan always comes first.
 */
export function runnableSource(runtime: CodeRuntime, source: string): RunnableSource {
  const cacheKey = `${runtime}:${Bun.hash(source).toString(36)}:${source.length}`
  const hit = cache.get(cacheKey)
  if (hit) return hit
  const scan = scanSource(source)
  if (scan.problem) throw new SourceError({ ...scan.problem, ...position(source, scan.problem.offset) })
  let output: string
  try {
    output = transpiler(runtime).transformSync(source)
  } catch (error) {
    throw new SourceError({ kind: 'syntax', ...bunProblem(error) })
  }
  const result: RunnableSource = runtime === 'typescript' ? typescript(source, scan.tokens, output) : { code: source }
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
  cache.set(cacheKey, result)
  return result
}

function typescript(source: string, tokens: Token[], code: string): RunnableSource {
  let lines: number[] | undefined
  const userLine = (generated: number) => {
    if (!lines) {
      const out = scanSource(code)
      lines = out.problem ? [] : alignLines(source, tokens, code, out.tokens)
    }
    return lines[generated - 1] || undefined
  }
  return { code, userLine }
}

/** Types only: macros off (a macro would run on the host), no JSX runtime, no Bun runtime imports, no tsconfig lookup. */
function transpiler(runtime: CodeRuntime): Bun.Transpiler {
  let t = transpilers.get(runtime)
  if (!t) {
    t = new Bun.Transpiler({
      loader: runtime === 'typescript' ? 'ts' : 'js',
      target: 'browser',
      // `false` turns macros off (an import of one then fails); the type only knows a macro map.
      macro: false as unknown as Bun.MacroMap,
      tsconfig: '{}',
      autoImportJSX: false,
      allowBunRuntime: false,
    })
    transpilers.set(runtime, t)
  }
  return t
}

/** The 1-based line and column of `offset` in `text`. */
export function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, offset))
  const line = before.split('\n').length
  return { line, column: before.length - before.lastIndexOf('\n') }
}

/** The first parse error Bun reports (BuildMessage or AggregateError of them), positions 1-based. */
function bunProblem(error: unknown): Omit<SourceProblem, 'kind'> {
  const e = error as { message?: string; position?: Position; errors?: { message?: string; position?: Position }[] }
  const first = e.position ? e : (e.errors?.[0] ?? e)
  return {
    message: first.message ?? 'syntax error',
    line: first.position?.line ?? 1,
    column: Math.max(1, first.position?.column ?? 1),
  }
}
type Position = { line?: number; column?: number } | null

/** Rewrites an error's ` (line N)` (a generated line) to the user's line, or drops it when the line is unknown. */
export function mapErrorLine(message: string, source: RunnableSource): string {
  const { userLine } = source
  if (!userLine) return message
  return message.replace(/ \(line (\d+)\)$/, (_, n: string) => {
    const line = userLine(Number(n))
    return line ? ` (line ${line})` : ''
  })
}
