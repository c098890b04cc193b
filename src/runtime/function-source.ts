// A function's source as the sandbox runs it: JavaScript as is, TypeScript with its types stripped by Bun's bundler,
// which also gives a source map so an error's line is the user's line (docs/decisions.md, "Writing functions and config as code").

export interface RunnableSource {
  /** The JavaScript module QuickJS evaluates. */
  code: string
  /** For TypeScript: the user's line (1-based) of each generated line (index = generated line - 1). */
  lines?: (number | undefined)[]
}

/** A syntax problem at a 1-based position of the user's source. */
export interface SourceProblem {
  message: string
  line: number
  column: number
}

export class SourceError extends Error {
  constructor(readonly problem: SourceProblem) {
    super(problem.message)
  }
}

const ENTRY = '/function/tool.ts'
/** Transpiling costs about a millisecond; the same source is transpiled once (bounded: oldest out). */
const cache = new Map<string, RunnableSource>()
const CACHE_ENTRIES = 256

/** Strips TypeScript's types; a syntax error throws SourceError with the user's line and column. */
export async function transpileTypeScript(source: string): Promise<RunnableSource> {
  const key = Bun.hash(source).toString(36) + source.length
  const hit = cache.get(key)
  if (hit) return hit
  let output: Awaited<ReturnType<typeof Bun.build>>
  try {
    output = await Bun.build({
      entrypoints: [ENTRY],
      files: { [ENTRY]: source },
      sourcemap: 'external',
      format: 'esm',
      target: 'browser',
      throw: true,
    })
  } catch (error) {
    throw new SourceError(firstProblem(error))
  }
  const entry = output.outputs.find((o) => o.kind === 'entry-point')
  const map = output.outputs.find((o) => o.kind === 'sourcemap')
  if (!entry) throw new SourceError({ message: 'the module produced no code', line: 1, column: 1 })
  const mappings = map ? (JSON.parse(await map.text()) as { mappings?: string }).mappings : undefined
  const result: RunnableSource = { code: await entry.text(), lines: mappings ? originalLines(mappings) : undefined }
  if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
  cache.set(key, result)
  return result
}

/** The first parse error Bun reports (BuildMessage or AggregateError of them), positions 1-based. */
export function firstProblem(error: unknown): SourceProblem {
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
  if (!source.lines) return message
  return message.replace(/ \(line (\d+)\)$/, (_, n: string) => {
    const line = source.lines?.[Number(n) - 1]
    return line ? ` (line ${line})` : ''
  })
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/**
 * Decodes a source map's `mappings`: for each generated line, the last original line it maps to (1-based). The first
 * segment of an indented line often points at the enclosing block, the statement itself comes after it.
 */
export function originalLines(mappings: string): (number | undefined)[] {
  const lines: (number | undefined)[] = []
  let sourceLine = 0
  for (const group of mappings.split(';')) {
    let last: number | undefined
    for (const segment of group.split(',')) {
      if (!segment) continue
      const fields = decodeVlq(segment)
      if (fields.length >= 4) {
        sourceLine += fields[2] ?? 0
        last = Math.max(last ?? 0, sourceLine + 1)
      }
    }
    lines.push(last)
  }
  return lines
}

function decodeVlq(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = B64.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
      continue
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1)
    value = 0
    shift = 0
  }
  return values
}
