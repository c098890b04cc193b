// Isolation in the sandbox pool: one project's infinite loops and memory bombs do not hold another project's calls or
// the health endpoint, waiting for a worker does not count against timeout_ms, and a full per-project queue answers
// before any running call ends. Asserted by outcome and order of events; the same scenarios timed (latency under load)
// are in test-load/isolation-sandbox.load.test.ts (npm run test:load).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createFunction, createServer, createTool, createToolkit, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'

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

interface Outcome {
  isError: boolean
  text: string
}

async function callTool(app: TestApp, t: Tenant, name: string, args: Record<string, unknown> = {}): Promise<Outcome> {
  const body = await json(
    await app.api('/tools/call', { body: { name, arguments: args, server_id: t.serverId }, key: t.key }),
    200,
  )
  return { isError: body.isError === true, text: body.content?.[0]?.text ?? '' }
}

/** Records the order in which calls end: `ended(tag, call)` pushes `tag` when `call` settles. */
function endings() {
  const order: string[] = []
  const ended = <T>(tag: string, call: Promise<T>) => call.finally(() => order.push(tag))
  return { order, ended }
}

describe('a hostile project next to a normal one', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(() => app.stop())

  test('4 infinite loops and 2 memory bombs of A: B’s calls and health answer while they run, B never times out', async () => {
    // B's call has a 1 s limit and A's loops run 1.5 s: on the old pool B waited behind them with its deadline running.
    const a = await tenant(app, 'attacker', { loopMs: 1500, pingMs: 1000 })
    const b = await tenant(app, 'neighbour', { loopMs: 1500, pingMs: 1000 })
    await callTool(app, b, 'ping') // warm workers outside the attack
    const { order, ended } = endings()
    const loops = Array.from({ length: 4 }, () => ended('loop', callTool(app, a, 'loop')))
    const bombs = Array.from({ length: 2 }, () => ended('bomb', callTool(app, a, 'bomb')))
    // A's share of the workers is spinning; the rest of its calls wait for a worker.
    const { projectShare } = app.server.deps.runner.stats()
    await waitFor('A’s share of workers busy', () => app.server.deps.runner.stats().calls >= projectShare)
    // A's own trivial call waits behind its loops; the wait is not counted against its 1 s timeout.
    const ownQueued = ended('own', callTool(app, a, 'ping', { n: 7 }))

    // Sent while the loops spin: B's calls and /health are answered (how fast is the load tier's measure).
    const neighbour: Outcome[] = []
    for (let i = 0; i < 5; i++) neighbour.push(await callTool(app, b, 'ping', { n: i }))
    const health = await fetch(`${app.base}/health`)
    expect(health.status).toBe(200)
    await health.text()

    for (const [i, r] of neighbour.entries()) {
      expect(r.isError, r.text).toBe(false)
      expect(r.text).toContain(`"pong": ${i}`)
    }
    const outcomes = await Promise.all([...loops, ...bombs])
    expect(outcomes.slice(0, 4).every((r) => r.isError && r.text.includes('timed out after 1500ms'))).toBe(true)
    expect(outcomes.slice(4).every((r) => r.isError && r.text.includes('out of memory'))).toBe(true)
    const own = await ownQueued
    expect(own.isError, own.text).toBe(false)
    // A's own call waited for one of its loops to end (1.5 s, longer than its own 1 s limit) and still ran.
    expect(order.indexOf('own')).toBeGreaterThan(order.indexOf('loop'))
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
    const { order, ended } = endings()
    const calls = Array.from({ length: capacity + 2 }, () =>
      callTool(app, a, 'loop').then((r) => {
        order.push(r.text.includes('too many') ? 'refused' : 'ran')
        return r
      }),
    )
    const other = await ended('other', callTool(app, b, 'ping'))
    const results = await Promise.all(calls)

    const tooMany = results.filter((r) => r.text.includes('too many concurrent calls for this project'))
    expect(tooMany.length).toBe(2)
    expect(tooMany.every((r) => r.isError)).toBe(true)
    // At once: both refusals came before any call that ran (each runs until its 200 ms limit).
    expect(order.slice(0, 2)).toEqual(['refused', 'refused'])
    expect(results.filter((r) => r.text.includes('timed out after 200ms')).length).toBe(capacity)
    expect(other.isError, other.text).toBe(false)
  }, 30_000)
})
