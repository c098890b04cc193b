// Load tier (npm run test:load, not npm test): the latencies of test/reliability/isolation-sandbox.test.ts, timed. One
// project's infinite loops and memory bombs do not slow another project's calls or the health endpoint, and a full
// per-project queue answers at once, in milliseconds measured on this machine under that load. npm test gates the same
// scenarios by outcome and order of events instead. Figures go to docs/reliability.md ("Isolation between projects").
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createFunction, createServer, createTool, createToolkit, json } from '../test/helpers/api'
import { startTestApp, type TestApp } from '../test/helpers/app'

const LOOP = 'export default async () => { while (true) {} }'
const BOMB = 'export default async () => { const a = []; while (true) a.push({ n: a.length, list: [1, 2, 3] }) }'
const PING = 'export default async (input) => ({ pong: input.n ?? 0 })'

interface Tenant {
  key: string
  serverId: string
}

/** A project with a server whose tools are loop, bomb and ping (each with its own limits). */
async function tenant(app: TestApp, name: string, limits: { loopMs: number; pingMs: number }): Promise<Tenant> {
  const { apiKey: key } = await app.newProject(name)
  const kit = await createToolkit(app, `${name}-kit`, key)
  const fns = [
    { name: 'loop', code: LOOP, timeout_ms: limits.loopMs },
    { name: 'bomb', code: BOMB, memory_mb: 16 },
    { name: 'ping', code: PING, timeout_ms: limits.pingMs },
  ]
  for (const fn of fns) {
    await createFunction(app, { runtime: 'javascript', ...fn }, key)
    await createTool(app, { toolkit_id: kit.id, name: fn.name, function_name: fn.name }, key)
  }
  const server = await createServer(app, { name: `${name}-server`, toolkits: [{ toolkit_id: kit.id }] }, key)
  return { key, serverId: server.id }
}

interface Timed {
  ms: number
  isError: boolean
  text: string
}

async function callTool(app: TestApp, t: Tenant, name: string, args: Record<string, unknown> = {}): Promise<Timed> {
  const started = performance.now()
  const body = await json(
    await app.api('/tools/call', { body: { name, arguments: args, server_id: t.serverId }, key: t.key }),
    200,
  )
  return { ms: performance.now() - started, isError: body.isError === true, text: body.content?.[0]?.text ?? '' }
}

const max = (xs: number[]) => Math.round(Math.max(...xs))
const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!)

describe('a hostile project next to a normal one', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(() => app.stop())

  test('4 infinite loops and 2 memory bombs of A: B’s calls stay fast and never time out, health stays fast', async () => {
    // B's call may take 1 s: on the old pool it waited behind A's loops with its deadline already running.
    const a = await tenant(app, 'attacker', { loopMs: 1500, pingMs: 1000 })
    const b = await tenant(app, 'neighbour', { loopMs: 1500, pingMs: 1000 })
    await callTool(app, b, 'ping') // warm workers outside the measurement
    const attack = [
      ...Array.from({ length: 4 }, () => callTool(app, a, 'loop')),
      ...Array.from({ length: 2 }, () => callTool(app, a, 'bomb')),
    ]
    // The loops are spinning (and their requests, sent at once, have all arrived before A's next one).
    await Bun.sleep(200)
    // A's own trivial call waits behind its loops; the wait is not counted against its 1 s timeout.
    const ownQueued = callTool(app, a, 'ping', { n: 7 })

    const healthMs: number[] = []
    let polling = true
    const poller = (async () => {
      while (polling) {
        const started = performance.now()
        const res = await fetch(`${app.base}/health`)
        expect(res.status).toBe(200)
        healthMs.push(performance.now() - started)
        await Bun.sleep(100)
      }
    })()
    const neighbour: Timed[] = []
    const until = performance.now() + 3000
    for (let i = 0; performance.now() < until; i++) neighbour.push(await callTool(app, b, 'ping', { n: i }))
    polling = false
    await poller

    for (const [i, r] of neighbour.entries()) {
      expect(r.isError, r.text).toBe(false)
      expect(r.text).toContain(`"pong": ${i}`)
      expect(r.ms).toBeLessThan(3000)
    }
    // The loops spin on worker threads that share the cores with this process (and the runner's other files): 1 s is
    // generous for that, and a main thread blocked by them would wait out their 1.5 s timeouts.
    expect(max(healthMs)).toBeLessThan(1000)

    const outcomes = await Promise.all(attack)
    expect(outcomes.slice(0, 4).every((r) => r.isError && r.text.includes('timed out after 1500ms'))).toBe(true)
    expect(outcomes.slice(4).every((r) => r.isError && r.text.includes('out of memory'))).toBe(true)
    const own = await ownQueued
    expect(own.isError, own.text).toBe(false)
    expect(own.ms).toBeGreaterThan(1000) // it did wait, longer than its own timeout, and still ran

    console.log(
      `[reliability] neighbour call under attack: median ${median(neighbour.map((r) => r.ms))} ms, max ${max(neighbour.map((r) => r.ms))} ms; ` +
        `(${neighbour.length} calls); /mcp/health max ${max(healthMs)} ms over ${healthMs.length} polls; ` +
        `attacker's queued call answered after ${Math.round(own.ms)} ms`,
    )
  }, 30_000)
})

describe('a project’s waiting line is bounded', () => {
  let app: TestApp
  /** The app's own sandbox pool, as its function runner reports it. */
  const sandboxStats = () => app.server.deps.runner.stats()
  beforeAll(async () => {
    app = await startTestApp({ TOOLYARD_SANDBOX_QUEUE_PER_PROJECT: '1' })
  })
  afterAll(() => app.stop())

  test('past its share of workers and its queue, a call answers at once: "too many concurrent calls for this project"', async () => {
    const a = await tenant(app, 'flooder', { loopMs: 200, pingMs: 1000 })
    const b = await tenant(app, 'bystander', { loopMs: 200, pingMs: 1000 })
    // Looping calls never park on the host, so each holds a worker: the project's share runs, one call waits.
    const capacity = sandboxStats().projectShare + 1
    const calls = Array.from({ length: capacity + 2 }, () => callTool(app, a, 'loop'))
    const other = await callTool(app, b, 'ping')
    const results = await Promise.all(calls)

    const tooMany = results.filter((r) => r.text.includes('too many concurrent calls for this project'))
    expect(tooMany.length).toBe(2)
    expect(tooMany.every((r) => r.isError)).toBe(true)
    expect(max(tooMany.map((r) => r.ms))).toBeLessThan(1000)
    expect(results.filter((r) => r.text.includes('timed out after 200ms')).length).toBe(capacity)
    expect(other.isError, other.text).toBe(false)
  }, 30_000)
})
