// The reliability figures (requests tried, 5xx seen, memory, neighbour latency) measured by these tests. With
// RELIABILITY_REPORT=1 they are written into docs/reliability.md, "Bad input and limits", between its markers.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from '../helpers/app'

const DOC = join(ROOT, 'docs/reliability.md')
const START = '<!-- bad-input-figures:start -->'
const END = '<!-- bad-input-figures:end -->'

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`

/** Sets rows (`| figure | value |`) of the figures table; other rows stay. A no-op unless RELIABILITY_REPORT=1. */
export function recordFigures(rows: Record<string, string | number>): void {
  if (process.env.RELIABILITY_REPORT !== '1' || !existsSync(DOC)) return
  const doc = readFileSync(DOC, 'utf8')
  const from = doc.indexOf(START)
  const to = doc.indexOf(END)
  if (from < 0 || to < from) return
  const table = new Map<string, string>()
  for (const line of doc.slice(from + START.length, to).split('\n')) {
    const m = /^\| (.+?) \| (.*) \|$/.exec(line.trim())
    if (m && m[1] !== 'figure' && !m[1]!.startsWith('---')) table.set(m[1]!, m[2]!)
  }
  for (const [k, v] of Object.entries(rows)) table.set(k, String(v))
  const body = ['| figure | value |', '| --- | --- |', ...[...table].map(([k, v]) => `| ${k} | ${v} |`)].join('\n')
  writeFileSync(DOC, `${doc.slice(0, from + START.length)}\n${body}\n${doc.slice(to)}`)
}
