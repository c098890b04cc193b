// The cost of the policy gate on a tool call, in process: the lookup every call makes (the project's policies that can
// match its server, from memory) with no policies, with 100 policies none of which names the server, and the decision
// itself when all 100 name the server but none matches the tool. Writes its section of docs/benchmarks.md between its
// markers; run by bench/run.ts after the report, or alone: `bun bench/policy-eval.ts`.
import { resolve } from 'node:path'
import { decide } from '../src/modules/policies/policy-index'
import { inProcessApp } from './in-process-app'
import { replaceMarkedSection } from './marked-section'

const START = '<!-- policies:start -->'
const END = '<!-- policies:end -->'
const N = 1_000_000

const { deps, post, close } = await inProcessApp('toolyard-bench-policies-')
const plain = (await post('/servers', { name: 'plain' })).data as { id: string; slug: string }
const team = (await post('/servers', { name: 'team-a' })).data as { id: string; slug: string }
for (let i = 0; i < 100; i++)
  await post('/policies', {
    name: `p${i}`,
    effect: i % 2 ? 'deny' : 'approve',
    priority: i,
    match: { servers: ['team-*'], tools: [`tool_${i}_*`] },
  })
const projectId = (await deps.projects.projectOrCreate('bench')).id
const empty = (await deps.projects.projectOrCreate('bench-empty')).id
const ref = (s: { id: string; slug: string }, project_id = projectId) => ({ id: s.id, slug: s.slug, project_id })
const index = deps.policyIndex

/** Nanoseconds per run of `fn`, the best of three rounds of N. */
function perCall(fn: () => void): number {
  let best = Number.POSITIVE_INFINITY
  for (let round = 0; round < 3; round++) {
    const t = Bun.nanoseconds()
    for (let i = 0; i < N; i++) fn()
    best = Math.min(best, (Bun.nanoseconds() - t) / N)
  }
  return best
}

/** The gate's lookup on a server no policy names (its hit: each project was loaded once just below). */
const lookup = (server: ReturnType<typeof ref>) => () => {
  const list = index.forServer(server)
  if (list instanceof Promise || list.length !== 0) throw new Error('expected no policy for this server')
}
for (const s of [ref(plain, empty), ref(plain)]) await index.forServer(s)
const teamRef = ref(team)
const teamList = await index.forServer(teamRef)
if (teamList.length !== 100) throw new Error(`expected 100 policies on ${team.slug}, got ${teamList.length}`)
const caller = { principal: 'key:bench', role: 'mcp' as const }

const figures = {
  noPolicies: perCall(lookup(ref(plain, empty))),
  otherServers: perCall(lookup(ref(plain))),
  noneMatchesTool: perCall(() => {
    if (decide(teamList, caller, { name: 'echo' }, teamRef, {}).effect !== 'allow') throw new Error('expected allow')
  }),
}
await close()

const ns = (v: number) => `${v < 10 ? v.toFixed(2) : Math.round(v)} ns`
const section = `${START}
## Policy evaluation per call (\`bench/policy-eval.ts\`, in process)

What the policy gate adds to a tools/call (docs/decisions/0343-policy-hot-path.md), the best of three rounds of
${N.toLocaleString('en')} calls on ${new Date().toISOString().slice(0, 10)} (target: under 5 µs when no policy names the server):

| case | per call |
| --- | --- |
| project without policies | ${ns(figures.noPolicies)} |
| 100 policies, none names the server | ${ns(figures.otherServers)} |
| 100 policies name the server, none matches the tool (its candidates worked out once per tool) | ${ns(figures.noneMatchesTool)} |
${END}
`
replaceMarkedSection(resolve(import.meta.dir, '..'), START, END, section)
console.log(JSON.stringify(figures))
process.exit(0)
