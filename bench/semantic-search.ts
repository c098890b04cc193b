// Semantic ranking fused with BM25F, measured (docs/decisions/0371-semantic-tool-search.md): hit@1 and hit@5 of
// Toolyard's search on the evaluation sets (bench/search-sets.ts: GitHub's whole REST description and the 863-tool
// catalog) with BM25F alone and with TOOLYARD_EMBEDDINGS_URL pointing at a real model served on 127.0.0.1 — the GloVe
// word vectors from npm (test/helpers/glove.ts), a sentence as the mean of its words. A word-vector model is far weaker
// than the sentence encoders an operator would run; the figures say what fusion does with it, not with those. Run
// alone: `bun bench/semantic-search.ts` prints one JSON line; `--write` also puts its section into docs/benchmarks.md.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfig } from '../src/config'
import { buildDeps, type Deps } from '../src/deps'
import type { ServerView } from '../src/modules/servers/service'
import { sentenceVector } from '../test/helpers/glove'
import { replaceMarkedSection } from './marked-section'
import { githubTasks, type Hits, loadCatalogSet, loadGithub, scoreToolyard } from './search-sets'
import { type EvalQuery, evalQueries } from './tool-search'

const ROOT = resolve(import.meta.dir, '..')
const START = '<!-- semantic-search:start -->'
const END = '<!-- semantic-search:end -->'

let texts = 0
const endpoint = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch(req) {
    const { input } = (await req.json()) as { input: string[] }
    texts += input.length
    return Response.json({ data: input.map((t, index) => ({ index, embedding: sentenceVector(t) })) })
  },
})

/** Searches until the fused order differs from BM25F's for some task (the set is embedded), at most 120 s. */
async function untilEmbedded(deps: Deps, server: ServerView, projectId: string, tasks: EvalQuery[]) {
  const ref = { id: server.id, slug: server.slug, project_id: projectId }
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    const before = texts
    await deps.toolSearch.search(ref, tasks[0]!.query, 5)
    await Bun.sleep(500)
    if (texts === before && texts > 0) return
  }
  throw new Error('the tool set was not embedded within 120 s')
}

async function measure(embeddings: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-bench-semantic-'))
  const deps = buildDeps(
    loadConfig({
      TOOLYARD_DATA_DIR: dataDir,
      TOOLYARD_LOG_LEVEL: 'silent',
      TOOLYARD_RATE_LIMITS: 'off',
      ...(embeddings
        ? {
            TOOLYARD_EMBEDDINGS_URL: `http://127.0.0.1:${endpoint.port}/v1/embeddings`,
            TOOLYARD_EMBEDDINGS_MODEL: 'glove-100d-mean',
          }
        : {}),
    }),
    { background: false },
  )
  try {
    const out: { set: string; tools: number; hits: Hits }[] = []
    const gh = await deps.projects.projectOrCreate('eval-github')
    const github = await loadGithub(deps, gh.id)
    const cat = await deps.projects.projectOrCreate('eval-catalog')
    const catalog = await loadCatalogSet(deps, cat.id)
    for (const [set, loaded, projectId, tasks] of [
      ['GitHub REST (whole description)', github, gh.id, githubTasks()],
      ['catalog (72 services)', catalog, cat.id, evalQueries()],
    ] as const) {
      if (embeddings) await untilEmbedded(deps, loaded.server, projectId, tasks)
      out.push({ set, tools: loaded.tools.length, hits: await scoreToolyard(deps, loaded.server, projectId, tasks) })
    }
    return out
  } finally {
    await deps.shutdown()
    deps.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const bm25 = await measure(false)
const fused = await measure(true)
endpoint.stop(true)
const rows = bm25.map((b, i) => ({ set: b.set, tools: b.tools, bm25: b.hits, fused: fused[i]!.hits }))
console.log(
  JSON.stringify(
    rows.map((r) => ({
      ...r,
      bm25: { ...r.bm25, misses: r.bm25.misses.length },
      fused: { ...r.fused, misses: r.fused.misses.length },
    })),
  ),
)

if (process.argv.includes('--write'))
  replaceMarkedSection(
    ROOT,
    START,
    END,
    `${START}
## Semantic ranking (\`bench/semantic-search.ts\`, in process)

Toolyard's search with BM25F alone and fused with a real embedding model served on 127.0.0.1 (\`TOOLYARD_EMBEDDINGS_URL\`):
GloVe 100-dimensional word vectors from npm, a text embedded as the mean of its words — a weak model beside the
sentence encoders an operator would run, so these figures show what the fusion does, not what a good model gives.
With this model the fusion **lowers** hit@5 on both sets (a semantic weight of 0.5 or 0.25 instead of 1 lowers it
less, and still lowers it): measure with the model you mean to run before turning it on.

| Set | Tools | BM25F hit@1 / hit@5 | fused hit@1 / hit@5 |
|---|---:|---:|---:|
${rows.map((r) => `| ${r.set} | ${r.tools} | ${r.bm25.hit1} / ${r.bm25.hit5} | ${r.fused.hit1} / ${r.fused.hit5} |`).join('\n')}
${END}
`,
  )
