// The labelled evaluation (test/search/fixtures: 863 tools of 72 services, 86 paraphrased queries): hit@5 of the
// search must be at least 0.9, and 10 points above a plain BM25 over the same tools' names and descriptions. The misses are printed, so a change that trades one query for another shows which.
// bench/tool-search.ts measures the same and writes it into docs/benchmarks.md.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { scoreBm25, scoreToolyard } from '../../bench/search-sets'
import { evalQueries, evalTools, loadCatalog, recallAt5 } from '../../bench/tool-search'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

test('the evaluation is what it claims: ≥ 500 tools of many services, ≥ 60 queries naming real tools', () => {
  const tools = evalTools()
  const names = new Set(tools.map((t) => t.name))
  expect(tools.length).toBeGreaterThanOrEqual(500)
  expect(names.size).toBe(tools.length)
  expect(new Set(tools.map((t) => t.toolkit)).size).toBeGreaterThanOrEqual(30)
  const queries = evalQueries()
  expect(queries.length).toBeGreaterThanOrEqual(60)
  for (const q of queries) for (const e of q.expected) expect(names.has(e)).toBe(true)
  // Paraphrases, not copies: no query is a tool's description.
  const descriptions = new Set(tools.map((t) => t.description.toLowerCase()))
  for (const q of queries) expect(descriptions.has(q.query.toLowerCase())).toBe(false)
})

test('hit@5 ≥ 0.9 on the labelled queries, and ≥ 10 points over plain BM25 on name and description', async () => {
  const { deps } = app.server
  const tools = evalTools()
  const server = await loadCatalog(deps, app.projectId, tools, { name: 'eval' })
  const r = await recallAt5(deps, server, app.projectId)
  const toolyard = await scoreToolyard(deps, server, app.projectId, evalQueries())
  const bm25 = scoreBm25(tools, evalQueries())
  console.log(
    `catalog (${tools.length} tools, ${toolyard.total} tasks): Toolyard hit@1 ${toolyard.hit1} hit@5 ${toolyard.hit5}; plain BM25 hit@1 ${bm25.hit1} hit@5 ${bm25.hit5}`,
  )
  for (const m of r.misses)
    console.log(`  miss: "${m.query}" expected ${m.expected.join(' or ')}; top 5: ${m.top5.join(', ') || '(none)'}`)
  expect(r.recall).toBe(toolyard.hit5)
  expect(toolyard.hit5).toBeGreaterThanOrEqual(0.9)
  expect(toolyard.hit5).toBeGreaterThanOrEqual(bm25.hit5 + 0.1)
}, 120_000)
