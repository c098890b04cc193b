// The tool search section of docs/benchmarks.md, from the figures bench/tool-search.ts measures (kept apart so
// report.ts renders it without loading the app).
import type { SetFigures } from './search-sets'
import type { Recall } from './tool-search'

export interface ToolSearchFigures {
  tools: number
  services: number
  queries: number
  recall_at_5: number
  misses: Recall['misses']
  big_tools: number
  find_tools_p50_ms: number
  find_tools_p95_ms: number
  /** CPU time of the process per call, p95 over every call. */
  find_tools_cpu_p95_ms: number
  /** Wall time, p95 over every call of every round (other processes' bursts included). */
  find_tools_all_p95_ms: number
  /** The machine's 1-minute load average when it finished. */
  load_average: number
  list_bytes_off: number
  list_bytes_on: number
  rounds: number
  /** Each evaluation set scored by Toolyard and by a plain BM25 (bench/search-sets.ts); absent from older runs. */
  sets?: SetFigures[]
}

const setRows = (sets: SetFigures[]) =>
  sets
    .map(
      (s) =>
        `| ${s.set} | ${s.tools.toLocaleString('en')} | ${s.tasks} | ${s.toolyard.hit1} / ${s.toolyard.hit5} | ${s.bm25.hit1} / ${s.bm25.hit5} | ${s.toolyard.hit5 >= s.bm25.hit5 + 0.1 ? 'met' : '**not met**'} |`,
    )
    .join('\n')

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

/** The section of docs/benchmarks.md (report.ts appends it; `--write` replaces it in place). */
export function toolSearchSection(f: ToolSearchFigures): string {
  const misses = f.misses.length
    ? f.misses.map((m) => `- "${m.query}": expected ${m.expected.join(' or ')}; top 5 ${m.top5.join(', ')}`).join('\n')
    : '- none'
  return `## Tool search (\`bench/tool-search.ts\`, in process)

| Figure | This run | Target | |
|---|---:|---:|---|
| recall@5 on ${f.queries} paraphrased queries over ${f.tools} tools of ${f.services} services | ${f.recall_at_5} | ≥ 0.9 | ${f.recall_at_5 >= 0.9 ? 'met' : '**not met**'} |
| \`find_tools\` on a ${f.big_tools.toLocaleString('en')}-tool server, p50 / p95 over the ${f.queries} queries (each query's best of ${f.rounds} rounds) | ${f.find_tools_p50_ms} / ${f.find_tools_p95_ms} ms | p95 < 5 ms | ${f.find_tools_p95_ms < 5 ? 'met' : '**not met**'} |
| the same, p95 of every call (wall time; load average ${f.load_average} on the machine) | ${f.find_tools_all_p95_ms} ms | | |
| the same, p95 of every call's CPU time | ${f.find_tools_cpu_p95_ms} ms | | |
| \`tools/list\` of the ${f.tools}-tool server, discovery off | ${kb(f.list_bytes_off)} | | |
| \`tools/list\` of the same server, discovery on (\`find_tools\` + \`call_tool\`) | ${kb(f.list_bytes_on)} | | ${(f.list_bytes_off / f.list_bytes_on).toFixed(0)} × smaller |

${
  f.sets
    ? `Per evaluation set: hit@1 / hit@5 of Toolyard's ranking (BM25F over name, title, description, parameters and
toolkit; stemmed; synonyms at half weight) beside a plain BM25 over name and description on the same tasks. Target:
hit@5 ≥ 0.8 on GitHub, and ≥ 10 points above the plain BM25 on every set.

| Set | Tools | Tasks | Toolyard hit@1 / hit@5 | plain BM25 hit@1 / hit@5 | +10 points |
|---|---:|---:|---:|---:|---|
${setRows(f.sets)}

`
    : ''
}Misses on the catalog set (a query whose expected tools are all outside the top 5):

${misses}
`
}

export const START = '<!-- tool-search:start -->'
export const END = '<!-- tool-search:end -->'

/** The section with its markers, as report.ts appends it to a freshly written docs/benchmarks.md. */
export const markedSection = (f: ToolSearchFigures) => `${START}\n${toolSearchSection(f)}${END}\n`
