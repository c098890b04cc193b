// Which line of the user's TypeScript each line of the stripped JavaScript came from. Bun's transpiler reprints the
// module and gives no source map, so the two token streams are aligned (a shortest edit script: stripping types only
// deletes tokens, enums and parameter properties add a few) and each generated line takes the last user line its
// tokens match (docs/decisions/0018-function-source-is-data.md).
import type { Token } from './source-scan'

/** Edit distance beyond which the alignment falls back to a greedy forward match (memory grows with its square). */
const MAX_EDITS = 1000
/** How far ahead the greedy fallback looks for a token. */
const GREEDY_WINDOW = 256

/** For each generated line (index = line - 1), the user's 1-based line, when known. */
export function alignLines(source: string, sourceTokens: Token[], output: string, outputTokens: Token[]): number[] {
  const a = outputTokens.filter((t) => t.kind !== 'punct')
  const b = sourceTokens.filter((t) => t.kind !== 'punct')
  const keysA = a.map(key)
  const keysB = b.map(key)
  const match = shortestEdit(keysA, keysB) ?? greedy(keysA, keysB)
  const outLine = lineFinder(output)
  const srcLine = lineFinder(source)
  const lines: number[] = []
  for (let i = 0; i < a.length; i++) {
    const j = match[i] ?? -1
    if (j < 0) continue
    const at = outLine((a[i] as Token).offset) - 1
    lines[at] = Math.max(lines[at] ?? 0, srcLine((b[j] as Token).offset))
  }
  return lines
}

/** Strings compare by content: the transpiler rewrites quotes and escapes. */
function key(t: Token): string {
  if (t.kind === 'string') return `s${t.text.slice(1, -1).replace(/\\/g, '')}`
  return t.kind[0] + t.text
}

function lineFinder(text: string): (offset: number) => number {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return (offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if ((starts[mid] as number) <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}

/** Myers' O(ND) diff: match[i] = the index in `b` of a[i], or -1; undefined past MAX_EDITS edits. */
function shortestEdit(a: string[], b: string[]): Int32Array | undefined {
  const n = a.length
  const m = b.length
  const max = Math.min(MAX_EDITS, n + m)
  const off = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice(off - d - 1, off + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && (v[off + k - 1] as number) < (v[off + k + 1] as number))
          ? (v[off + k + 1] as number)
          : (v[off + k - 1] as number) + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[off + k] = x
      if (x >= n && y >= m) return backtrack(trace, d, n, m)
    }
  }
  return undefined
}

function backtrack(trace: Int32Array[], last: number, n: number, m: number): Int32Array {
  const match = new Int32Array(n).fill(-1)
  let x = n
  let y = m
  for (let d = last; d >= 0; d--) {
    const v = trace[d] as Int32Array
    const at = (k: number) => v[k + d + 1] as number
    const k = x - y
    const prevK = d === 0 ? 0 : k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1
    const prevX = d === 0 ? 0 : at(prevK)
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      match[x - 1] = y - 1
      x--
      y--
    }
    x = prevX
    y = prevY
  }
  return match
}

function greedy(a: string[], b: string[]): Int32Array {
  const match = new Int32Array(a.length).fill(-1)
  let p = 0
  for (let i = 0; i < a.length; i++) {
    const end = Math.min(b.length, p + GREEDY_WINDOW)
    for (let j = p; j < end; j++) {
      if (a[i] === b[j]) {
        match[i] = j
        p = j + 1
        break
      }
    }
  }
  return match
}
