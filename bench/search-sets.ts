// The tool-search evaluation sets and how they are scored (docs/tool-search.md): each set is a list of tools and of
// tasks phrased as users phrase them, each with the tools that do it. Toolyard's search is scored by hit@1 and hit@5
// (a task is a hit when one of its tools is first / among the first five), and beside it a plain BM25 over each
// tool's name and description on the same tasks, so a ranking change is measured against a reference, not a memory.
// Sets: GitHub's whole REST description (@octokit/openapi, material nobody here wrote) with 120 tasks written for it,
// and the labelled catalog of 863 tools of 72 services (test/search/fixtures/eval-*.json).
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Deps } from '../src/deps'
import type { ServerView } from '../src/modules/servers/service'
import { type EvalQuery, evalQueries, evalTools, loadCatalog } from './tool-search'

const ROOT = resolve(import.meta.dir, '..')
export const GITHUB_DESCRIPTION = join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json')

export interface SetTool {
  name: string
  description: string
}
export interface Hits {
  hit1: number
  hit5: number
  total: number
  misses: { query: string; expected: string[]; top5: string[] }[]
}
export interface SetFigures {
  set: string
  tools: number
  tasks: number
  toolyard: Hits
  bm25: Hits
}

export const githubTasks = (): EvalQuery[] =>
  (
    JSON.parse(readFileSync(join(ROOT, 'test/search/fixtures/github-tasks.json'), 'utf8')) as {
      queries: EvalQuery[]
    }
  ).queries

/** GitHub's description imported whole as an OpenAPI toolkit of the project, on a server of its own. */
export async function loadGithub(deps: Deps, projectId: string): Promise<{ server: ServerView; tools: SetTool[] }> {
  const { result } = await deps.openapi.importDocument(projectId, {
    name: 'github',
    spec: readFileSync(GITHUB_DESCRIPTION, 'utf8'),
    base_url: 'http://127.0.0.1:9',
    max_tools: 5000,
  })
  const toolkit = (result as { toolkit: { id: string } }).toolkit
  const server = await deps.servers.create(projectId, { name: 'github-eval', toolkits: [{ toolkit_id: toolkit.id }] })
  return { server, tools: await toolkitTools(deps, projectId, toolkit.id) }
}

/** A toolkit's tools, every page, as the reference BM25 reads them. */
export async function toolkitTools(deps: Deps, projectId: string, toolkitId: string): Promise<SetTool[]> {
  const tools: SetTool[] = []
  let cursor: string | undefined
  do {
    const page = await deps.tools.list(projectId, 200, cursor, toolkitId)
    for (const t of page.tools) tools.push({ name: t.name, description: t.description ?? '' })
    cursor = page.next_cursor
  } while (cursor)
  return tools
}

/** The catalog set: its tools written into the project on a server of their own. */
export async function loadCatalogSet(deps: Deps, projectId: string) {
  const tools = evalTools()
  const server = await loadCatalog(deps, projectId, tools, { name: 'catalog-eval' })
  return { server, tools: tools.map((t) => ({ name: t.name, description: t.description })) }
}

const round3 = (n: number) => Math.round(n * 1000) / 1000

function score(tasks: EvalQuery[], rank: (query: string) => string[]): Hits {
  let hit1 = 0
  let hit5 = 0
  const misses: Hits['misses'] = []
  for (const t of tasks) {
    const top5 = rank(t.query).slice(0, 5)
    if (t.expected.includes(top5[0] ?? '')) hit1++
    if (t.expected.some((e) => top5.includes(e))) hit5++
    else misses.push({ query: t.query, expected: t.expected, top5 })
  }
  return { hit1: round3(hit1 / tasks.length), hit5: round3(hit5 / tasks.length), total: tasks.length, misses }
}

/** Toolyard's own search on the server, as `find_tools` runs it. */
export async function scoreToolyard(deps: Deps, server: ServerView, projectId: string, tasks: EvalQuery[]) {
  const ref = { id: server.id, slug: server.slug, project_id: projectId }
  const ranked = new Map<string, string[]>()
  for (const t of tasks)
    ranked.set(
      t.query,
      (await deps.toolSearch.search(ref, t.query, 5)).map((f) => f.tool.name),
    )
  return score(tasks, (q) => ranked.get(q) ?? [])
}

/** Words as the reference BM25 sees them: lower case, letters and digits; nothing dropped, nothing added. */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/**
 * The reference: Okapi BM25 (k1 = 1.2, b = 0.75) over each tool's name and description as one field, no stemming, no
 * stop words, no synonyms; ties by name. What a search that "just uses BM25" would answer.
 */
export function scoreBm25(tools: SetTool[], tasks: EvalQuery[]): Hits {
  const docs = tools.map((t) => {
    const tf = new Map<string, number>()
    const ws = words(`${t.name} ${t.description}`)
    for (const w of ws) tf.set(w, (tf.get(w) ?? 0) + 1)
    return { name: t.name, tf, length: ws.length }
  })
  const avg = docs.reduce((n, d) => n + d.length, 0) / docs.length
  const df = new Map<string, number>()
  for (const d of docs) for (const w of d.tf.keys()) df.set(w, (df.get(w) ?? 0) + 1)
  const idf = (w: string) => {
    const n = df.get(w) ?? 0
    return Math.log(1 + (docs.length - n + 0.5) / (n + 0.5))
  }
  return score(tasks, (query) => {
    const terms = [...new Set(words(query))]
    return docs
      .map((d) => {
        let s = 0
        for (const w of terms) {
          const f = d.tf.get(w)
          if (f) s += (idf(w) * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * d.length) / avg))
        }
        return { name: d.name, s }
      })
      .filter((r) => r.s > 0)
      .sort((a, b) => b.s - a.s || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map((r) => r.name)
  })
}

/** Every set, scored both ways, on one Deps (a project per set). */
export async function measureSets(deps: Deps): Promise<SetFigures[]> {
  const out: SetFigures[] = []
  const gh = await deps.projects.projectOrCreate('eval-github')
  const github = await loadGithub(deps, gh.id)
  const tasks = githubTasks()
  out.push({
    set: 'GitHub REST (whole description)',
    tools: github.tools.length,
    tasks: tasks.length,
    toolyard: await scoreToolyard(deps, github.server, gh.id, tasks),
    bm25: scoreBm25(github.tools, tasks),
  })
  const cat = await deps.projects.projectOrCreate('eval-catalog')
  const catalog = await loadCatalogSet(deps, cat.id)
  const queries = evalQueries()
  out.push({
    set: 'catalog (72 services)',
    tools: catalog.tools.length,
    tasks: queries.length,
    toolyard: await scoreToolyard(deps, catalog.server, cat.id, queries),
    bm25: scoreBm25(catalog.tools, queries),
  })
  return out
}
