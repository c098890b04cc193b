// One section of docs/benchmarks.md rewritten alone (BENCH_ONLY runs): replaced between its markers, or, without markers
// yet, put before the memory section, where report.ts puts it in a whole run.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export function replaceMarkedSection(root: string, start: string, end: string, section: string): void {
  const path = join(root, 'docs/benchmarks.md')
  const doc = readFileSync(path, 'utf8')
  const at = doc.indexOf(start)
  const to = doc.indexOf(end)
  const next =
    at >= 0 && to > at
      ? doc.slice(0, at) + section + doc.slice(to + end.length + 1)
      : doc.replace('## Memory and start', `${section}\n## Memory and start`)
  writeFileSync(path, next)
}
