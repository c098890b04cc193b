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

/**
 * The marked sections (`<!-- name:start -->` … `<!-- name:end -->`) of `before` that `after` lacks, put into `after`
 * before its memory section: a whole run rewrites the file, and sections other scripts write (code mode, semantic
 * ranking, load tests' figures) stay as they were.
 */
export function keepOtherSections(before: string, after: string): string {
  let doc = after
  for (const m of before.matchAll(/<!-- ([a-z-]+):start -->[\s\S]*?<!-- \1:end -->\n/g)) {
    if (doc.includes(`<!-- ${m[1]}:start -->`)) continue
    doc = doc.replace('## Memory and start', `${m[0]}\n## Memory and start`)
  }
  return doc
}
