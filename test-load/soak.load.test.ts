// `npm run test:load`: a soak of every call kind (builtin, JavaScript function, remote MCP proxied, OpenAPI, HTTP
// template) through a Toolyard app in this process against real upstreams in a child process (./upstreams.ts). For each
// kind: 10,000 warm-up calls, RSS and heap after a full GC, then TOOLYARD_LOAD_CALLS calls (default 1,000,000) with
// memory printed at every tenth, and RSS growth from the warm-up to the end extrapolated to a million calls; the test
// fails when that is over 50 MB or any call is not a successful tool result (docs/benchmarks.md, "Memory per call").
// Not part of `npm test` or CI: it takes minutes and measures RSS, which the gate never asserts on.
// Settings: TOOLYARD_LOAD_CALLS (calls per kind after the warm-up), TOOLYARD_LOAD_CALLS_<KIND> for one kind (e.g.
// TOOLYARD_LOAD_CALLS_REMOTE=1000000 beside TOOLYARD_LOAD_CALLS=100000), TOOLYARD_LOAD_KINDS (a comma list, default
// all: builtin, javascript, remote, openapi, http), TOOLYARD_LOAD_IN_FLIGHT (calls at once, default 8). Memory is read
// with the allocator's default behaviour (freed pages returned), so leave MIMALLOC_PURGE_DELAY unset: with -1, RSS is
// the high-water mark, not what the process holds. The last line printed, `SOAK_FIGURES [...]`, is what `npm run
// bench` reads (bench/soak-report.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { CALL_KINDS, type CallKind, describeFigures, type SoakFigures, soakKind, startSoak } from './soak'

const CALLS = Number(process.env.TOOLYARD_LOAD_CALLS ?? 1_000_000)
const callsOf = (kind: CallKind) => Number(process.env[`TOOLYARD_LOAD_CALLS_${kind.toUpperCase()}`] ?? CALLS)
const IN_FLIGHT = Number(process.env.TOOLYARD_LOAD_IN_FLIGHT ?? 8)
const KINDS = (process.env.TOOLYARD_LOAD_KINDS?.split(',').map((k) => k.trim()) ?? CALL_KINDS) as CallKind[]
const WARM_UP = 10_000
/** What a million calls of one kind may add to RSS after the warm-up. */
const LIMIT_PER_MILLION = 50 * 1024 * 1024

for (const kind of KINDS) if (!CALL_KINDS.includes(kind)) throw new Error(`TOOLYARD_LOAD_KINDS: unknown kind ${kind}`)
for (const kind of KINDS)
  if (!Number.isInteger(callsOf(kind)) || callsOf(kind) < 1)
    throw new Error(`TOOLYARD_LOAD_CALLS (or _${kind.toUpperCase()}) must be a whole number of at least 1`)

let soak: Awaited<ReturnType<typeof startSoak>>
const figures: SoakFigures[] = []
beforeAll(async () => {
  soak = await startSoak()
})
afterAll(async () => {
  await soak?.stop()
  console.log(`\n${IN_FLIGHT} calls in flight, ${WARM_UP} warm-up calls per kind; RSS and heap after a full GC:`)
  for (const f of figures) console.log(describeFigures(f))
  console.log(`SOAK_FIGURES ${JSON.stringify(figures)}`)
})

describe.each(KINDS)('%s calls', (kind) => {
  const calls = callsOf(kind)
  test(
    `${calls} calls leave RSS within ${LIMIT_PER_MILLION / 1024 / 1024} MB per million calls of the warm-up's`,
    async () => {
      const f = await soakKind(soak.app, kind, soak.targets[kind], {
        calls,
        warmUp: WARM_UP,
        inFlight: IN_FLIGHT,
      })
      figures.push(f)
      console.log(describeFigures(f))
      expect(f.rssPerMillion).toBeLessThan(LIMIT_PER_MILLION)
    },
    // Bounded however slow the machine: at least 100 calls a second.
    Math.max(600_000, ((calls + WARM_UP) / 100) * 1000),
  )
})
