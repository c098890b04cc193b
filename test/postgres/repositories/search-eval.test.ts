// The labelled tool-search evaluation (test/search/fixtures: 863 tools of 72 services, 86 paraphrased queries) on both
// dialects of the search repository: recall@5 must be at least 0.9 on PostgreSQL's ranking (ts_rank_cd with SQLite's
// column weights) as on SQLite's BM25. test/search/eval.test.ts runs it through the whole app on SQLite; here the
// queries go through the same query builder (src/modules/tools/search/query.ts) straight to each repository.
import { beforeAll, expect, test } from 'bun:test'
import { evalQueries, evalTools } from '../../../bench/tool-search'
import { ftsQuery, searchTerms } from '../../../src/modules/tools/search/query'
import { dialects, done } from './harness'
import { AT, project, tool, toolkit } from './rows'

const d = dialects()

beforeAll(
  () =>
    d.same(async ({ projects, toolkits, tools }) => {
      await done(projects.insertProject(project('eval')))
      const kits = new Set<string>()
      let n = 0
      for (const t of evalTools()) {
        if (!kits.has(t.toolkit)) {
          kits.add(t.toolkit)
          await done(toolkits.insert(toolkit('eval', t.toolkit, { name: t.toolkit, display_name: t.toolkit_display })))
        }
        await done(
          tools.insert(
            tool('eval', t.toolkit, `tool-${String(n++).padStart(4, '0')}`, {
              name: t.name,
              description: t.description,
              input_schema: JSON.stringify(t.input_schema),
              created_at: AT,
            }),
          ),
        )
      }
    }),
  120_000,
)

test('recall@5 ≥ 0.9 on both dialects', async () => {
  const recall = await d.each(async ({ toolSearch, tools }) => {
    const names = new Map((await tools.list('eval', undefined, undefined, 10_000)).map((t) => [t.id, t.name]))
    const misses: string[] = []
    for (const q of evalQueries()) {
      const terms = searchTerms(q.query)
      const top5 = terms.length
        ? [...(await toolSearch.matches(ftsQuery(terms), 'eval'))].slice(0, 5).map((m) => names.get(m.tool_id)!)
        : []
      if (!q.expected.some((e) => top5.includes(e)))
        misses.push(`"${q.query}" expected ${q.expected.join(' or ')}; top 5: ${top5.join(', ') || '(none)'}`)
    }
    return { recall: 1 - misses.length / evalQueries().length, misses }
  })
  for (const [dialect, r] of Object.entries(recall)) {
    console.log(`${dialect} tool search recall@5: ${r.recall.toFixed(3)}`)
    for (const m of r.misses) console.log(`  ${dialect} miss: ${m}`)
  }
  expect(recall.sqlite.recall).toBeGreaterThanOrEqual(0.9)
  expect(recall.postgres.recall).toBeGreaterThanOrEqual(0.9)
}, 120_000)
