// Tenants at the limit, in process on SQLite (docs/benchmarks.md, "Many tenants"): the figures the service must keep
// with many projects, servers and sessions, each against its target.
// - calls across BENCH_TENANT_SERVERS servers (default 5,000: 50 projects of 100) while another project writes 5 times
//   a second, against the same calls with no writer (alternating pairs, the median of their ratios);
// - `initialize` with 10,000 sessions open against 100 (the main thread's CPU per initialize, alternating pairs);
// - RSS per project of 100 tools at BENCH_TENANT_PROJECTS projects (default 1,000), each project's tool set listed and
//   one of its tools called.
// Writes its section between its markers: `bun bench/tenants.ts` (BENCH_TENANT_ONLY=writes|initialize|rss: one part).
import { resolve } from 'node:path'
import type { Store } from '../src/db/store'
import { inProcessApp } from './in-process-app'
import { replaceMarkedSection } from './marked-section'

const START = '<!-- tenants:start -->'
const END = '<!-- tenants:end -->'
const SERVERS = Number(process.env.BENCH_TENANT_SERVERS ?? 5000)
const PROJECTS = Number(process.env.BENCH_TENANT_PROJECTS ?? 1000)
const SESSIONS = Number(process.env.BENCH_TENANT_SESSIONS ?? 10_000)
const only = process.env.BENCH_TENANT_ONLY
/**
 * Alternating pairs (without and with the writer; `initialize` at 100 and at SESSIONS open): three per BENCH_ROUNDS,
 * each side of a rate pair half of BENCH_SECONDS — more, shorter rounds than elsewhere, for a median on a shared machine.
 */
const PAIRS = Number(process.env.BENCH_TENANT_PAIRS ?? Number(process.env.BENCH_ROUNDS ?? 3) * 3)
const PAIR_SECONDS = Number(process.env.BENCH_TENANT_PAIR_SECONDS ?? Number(process.env.BENCH_SECONDS ?? 2) / 2)

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
/** A busy-first pair as [quiet, busy]. */
const swap = <T>(busy: T, quiet: T): [T, T] => [quiet, busy]

const { app, deps, close } = await inProcessApp('toolyard-bench-tenants-', {
  TOOLYARD_MAX_SESSIONS: String(SESSIONS * 2),
  TOOLYARD_MAX_SESSIONS_PER_KEY: String(SESSIONS * 2),
})
const db = (deps.store as Store).db

type DirectRoute = (request: Request & { params: Record<string, string> }, server: null) => Promise<Response>
const direct = (app.config.serve as unknown as { routes: Record<string, { POST: DirectRoute }> }).routes['/mcp/:slug']!
  .POST
const headersFor = (apiKey: string) => ({
  'x-api-key': apiKey,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  host: '127.0.0.1:8080',
})
const rest = async (apiKey: string, method: string, path: string, body?: unknown) => {
  const res = await app.handle(
    new Request(`http://127.0.0.1:8080/mcp${path}`, {
      method,
      headers: headersFor(apiKey),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  )
  const json = (await res.json()) as Record<string, any>
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`)
  return json
}
const rpcText = async (apiKey: string, slug: string, method: string, params: unknown) => {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  const req = Object.assign(
    new Request(`http://127.0.0.1:8080/mcp/${slug}`, { method: 'POST', headers: headersFor(apiKey), body }),
    { params: { slug } },
  )
  return (await direct(req, null)).text()
}
const rpc = async (apiKey: string, slug: string, method: string, params: unknown) => {
  const text = await rpcText(apiKey, slug, method, params)
  if (!text.includes('"result"')) throw new Error(`${method} on ${slug}: ${text.slice(0, 200)}`)
  return text
}
const project = async (name: string) => {
  const p = await deps.projects.projectOrCreate(name)
  const { apiKey } = await deps.projects.createKey(p.id)
  return { id: p.id, apiKey }
}
const echo = { name: 'echo', arguments: { text: 'hi' } }

/** Calls per second over `seconds`, 8 at a time, spread over `targets` (key and slug) in turn. */
async function callRate(targets: { apiKey: string; slug: string }[], seconds: number) {
  let n = 0
  const c0 = process.threadCpuUsage()
  const end = performance.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; performance.now() < end; i += 8) {
        const t = targets[(i * 7919) % targets.length]!
        await rpc(t.apiKey, t.slug, 'tools/call', echo)
        // A call in process settles in microtasks only: the event loop gets its turn (the writer's timer, the call
        // log's flush) as a server's would between requests.
        if (++n % 32 === 0) await new Promise((resolve) => setImmediate(resolve))
      }
    }),
  )
  const cpu = process.threadCpuUsage(c0)
  // Per second of wall time (the figure), and per second of the main thread's CPU (a machine shared with other loads
  // moves the first much more than the second; the writer's own CPU counts against the calls, the call log's and the
  // collector's threads do not).
  return { wall: n / seconds, cpu: n / ((cpu.user + cpu.system) / 1e6) }
}

async function writesElsewhere() {
  const perProject = 100
  const owners = await Promise.all(Array.from({ length: Math.ceil(SERVERS / perProject) }, (_, i) => project(`t${i}`)))
  const targets: { apiKey: string; slug: string }[] = []
  for (const [i, owner] of owners.entries())
    for (let s = 0; s < perProject && targets.length < SERVERS; s++) {
      const server = await rest(owner.apiKey, 'POST', '/servers', {
        name: `s${i}-${s}`,
        toolkits: [{ toolkit_id: 'prebuilt-utilities' }],
      })
      targets.push({ apiKey: owner.apiKey, slug: server.data.slug })
    }
  // Every server's tool set once, as a warm service has it.
  for (const t of targets) await rpc(t.apiKey, t.slug, 'tools/call', echo)
  const writer = await project('writer')
  const kit = await rest(writer.apiKey, 'POST', '/toolkits', { name: 'writes' })
  const writerServer = await rest(writer.apiKey, 'POST', '/servers', {
    name: 'writes',
    toolkits: [{ toolkit_id: kit.id }],
  })
  const writerSlug = writerServer.data.slug as string
  let w = 0
  const addTool = () =>
    rest(writer.apiKey, 'POST', '/tools', {
      toolkit_id: kit.id,
      name: `w_${w++}`,
      function_name: 'builtin.utilities.echo',
      input_schema: { type: 'object' },
    })
  /**
   * Five writes a second in the other project, on a fixed schedule: a tool added to a toolkit on the writer's server,
   * then called there — the call finds the new tool only when the write dropped the writer's cached tool set (and
   * only its).
   */
  const startWriter = () => {
    let stopped = false
    let done = 0
    let seen = 0
    let refused = 0
    const t0 = performance.now()
    // Each write goes at its time whether the one before has finished or not (they queue for the write lock), so a
    // slow write does not lower the rate; the tool is called once its write is done.
    const inFlight: Promise<void>[] = []
    const one = async () => {
      const name = `w_${w}`
      // A write refused (the database stayed locked past its busy timeout on a loaded machine) is counted, not fatal.
      const added = await addTool().then(
        () => true,
        () => false,
      )
      if (!added) refused++
      const called = await rpcText(writer.apiKey, writerSlug, 'tools/call', { name, arguments: { text: 'hi' } })
      if (called.includes('"result"') && !called.includes('"isError":true')) seen++
      done++
    }
    const loop = (async () => {
      for (let k = 1; !stopped; k++) {
        inFlight.push(one())
        const wait = t0 + k * 200 - performance.now()
        if (wait > 0) await Bun.sleep(wait)
      }
      await Promise.all(inFlight)
    })()
    return async () => {
      stopped = true
      await loop
      return { done, seen, refused, seconds: (performance.now() - t0) / 1000 }
    }
  }
  // Alternating pairs, each pair's order swapped with the last (quiet–busy, busy–quiet): drift in the machine's load
  // falls on both sides alike; the median of the pairs' ratios is the figure.
  const ratios: number[] = []
  const cpuRatios: number[] = []
  const quiet: number[] = []
  const busy: number[] = []
  let writes = { done: 0, seen: 0, refused: 0, seconds: 0 }
  const busyRate = async () => {
    const stop = startWriter()
    const rate = await callRate(targets, PAIR_SECONDS)
    const r = await stop()
    writes = {
      done: writes.done + r.done,
      seen: writes.seen + r.seen,
      refused: writes.refused + r.refused,
      seconds: writes.seconds + r.seconds,
    }
    return rate
  }
  await callRate(targets, PAIR_SECONDS) // warm-up
  for (let r = 0; r < PAIRS; r++) {
    const [q, b] =
      r % 2 === 0
        ? [await callRate(targets, PAIR_SECONDS), await busyRate()]
        : swap(await busyRate(), await callRate(targets, PAIR_SECONDS))
    quiet.push(q.wall)
    busy.push(b.wall)
    ratios.push(b.wall / q.wall)
    cpuRatios.push(b.cpu / q.cpu)
  }
  // What the writes themselves take of the one thread: each alone, without calls (its SQLite commit blocks the thread
  // for its fsync). Five a second of them is the share of the thread the calls cannot have, whatever the caches do.
  const alone: number[] = []
  for (let i = 0; i < 50; i++) {
    const t = performance.now()
    // One refused as locked (the call log's thread still flushing on a loaded machine) is left out.
    if (
      await addTool().then(
        () => true,
        () => false,
      )
    )
      alone.push(performance.now() - t)
  }
  const writeMs = median(alone)
  return {
    servers: targets.length,
    quiet: median(quiet),
    busy: median(busy),
    ratio: median(ratios),
    cpuRatio: median(cpuRatios),
    lowest: Math.min(...ratios),
    highest: Math.max(...ratios),
    writesPerSecond: writes.done / writes.seconds,
    seenShare: writes.seen / writes.done,
    refused: writes.refused,
    writeMs,
  }
}

async function initializeCost() {
  const owner = await project('sessions')
  const server = await rest(owner.apiKey, 'POST', '/servers', {
    name: 'sessions',
    toolkits: [{ toolkit_id: 'prebuilt-utilities' }],
  })
  const slug = server.data.slug as string
  const init = () =>
    rpc(owner.apiKey, slug, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'bench', version: '1' },
    })
  // The main thread's CPU only: the call log's and audit's writer threads and the collector's own threads, still busy
  // with what came before, would otherwise be counted against whichever side they fall in.
  const cpuPerInit = async (n: number) => {
    const c0 = process.threadCpuUsage()
    for (let i = 0; i < n; i++) await init()
    const c = process.threadCpuUsage(c0)
    return (c.user + c.system) / n
  }
  const open = async (count: number) => {
    while (deps.mcpSessions.size() < count) await init()
  }
  // Alternating pairs: 100 open, then SESSIONS open, then back (the copies dropped: closeAll), so JIT warm-up and the
  // machine's drift fall on both sides; the median of the pairs' ratios is the figure.
  await open(100)
  await cpuPerInit(400) // warm-up
  const few: number[] = []
  const many: number[] = []
  const ratios: number[] = []
  let opened = 0
  for (let r = 0; r < PAIRS; r++) {
    await deps.mcpSessions.closeAll()
    await open(100)
    // Each side starts from a collected heap: opening 9,900 sessions leaves garbage whose collection would otherwise
    // fall into the next side's 200.
    Bun.gc(true)
    const f = await cpuPerInit(200)
    await open(SESSIONS)
    opened = deps.mcpSessions.size()
    Bun.gc(true)
    const m = await cpuPerInit(200)
    few.push(f)
    many.push(m)
    ratios.push(m / f)
  }
  return { few: median(few), many: median(many), ratio: median(ratios), sessions: opened }
}

async function rssPerProject() {
  const schema = JSON.stringify({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] })
  const insertTool = db.query(
    `INSERT INTO tools (id, project_id, toolkit_id, name, description, function_name, input_schema, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'builtin.utilities.echo', ?, ?, ?)`,
  )
  const owners: { apiKey: string; slug: string }[] = []
  const at = new Date().toISOString()
  for (let p = 0; p < PROJECTS; p++) {
    const owner = await project(`rss${p}`)
    const kit = await rest(owner.apiKey, 'POST', '/toolkits', { name: 'hundred' })
    db.transaction(() => {
      for (let i = 0; i < 100; i++)
        insertTool.run(crypto.randomUUID(), owner.id, kit.id, `t_${i}`, `Tool ${i}: echoes its text`, schema, at, at)
    })()
    const server = await rest(owner.apiKey, 'POST', '/servers', { name: 'hundred', toolkits: [{ toolkit_id: kit.id }] })
    owners.push({ apiKey: owner.apiKey, slug: server.data.slug })
  }
  // A reading right after a full collection still counts the pages the collector freed but has not given back yet
  // (tens of MB, returned within a quarter of a second or so): the least of readings over two seconds.
  const rss = async () => {
    let least = Number.POSITIVE_INFINITY
    for (let i = 0; i < 8; i++) {
      Bun.gc(true)
      least = Math.min(least, process.memoryUsage().rss)
      await Bun.sleep(250)
    }
    return least
  }
  // Where the memory goes, for a missed target: the JS heap's growth and the object types that grew most.
  const { heapStats } = await import('bun:jsc')
  const h0 = heapStats()
  const before = await rss()
  for (const o of owners) {
    await rpc(o.apiKey, o.slug, 'tools/list', {})
    await rpc(o.apiKey, o.slug, 'tools/call', { name: 't_7', arguments: { text: 'hi' } })
  }
  const after = await rss()
  const h1 = heapStats()
  const counts0 = h0.objectTypeCounts as Record<string, number>
  const grown = Object.entries(h1.objectTypeCounts as Record<string, number>)
    .map(([type, n]) => [type, (n - (counts0[type] ?? 0)) / PROJECTS] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
  return {
    projects: PROJECTS,
    mbPerProject: (after - before) / PROJECTS / 1e6,
    totalMb: (after - before) / 1e6,
    heapMbPerProject: (h1.heapSize - h0.heapSize) / PROJECTS / 1e6,
    grown: grown.map(([type, n]) => `${n.toFixed(0)} ${type}`).join(', '),
  }
}

const writes = !only || only === 'writes' ? await writesElsewhere() : null
const sessions = !only || only === 'initialize' ? await initializeCost() : null
const memory = !only || only === 'rss' ? await rssPerProject() : null
await close()

const verdict = (ok: boolean) => (ok ? 'met' : 'missed')
const lines: string[] = []
if (writes)
  lines.push(
    `| calls across ${writes.servers.toLocaleString('en')} servers while another project writes 5 times a second (${writes.writesPerSecond.toFixed(1)} a second done, ${(writes.seenShare * 100).toFixed(0)}% callable on its server at once${writes.refused ? `, ${writes.refused} refused as locked` : ''}), against none (one write alone takes ${writes.writeMs.toFixed(1)} ms of the thread: ${((writes.writeMs * 5) / 10).toFixed(1)}% of each second) | ${writes.busy.toFixed(0)} vs ${writes.quiet.toFixed(0)} calls/s: ${writes.ratio.toFixed(2)}× (pairs ${writes.lowest.toFixed(2)}–${writes.highest.toFixed(2)}×; per CPU second ${writes.cpuRatio.toFixed(2)}×) | ≥ 0.9× | ${verdict(writes.ratio >= 0.9)} |`,
  )
if (sessions)
  lines.push(
    `| \`initialize\` at ${sessions.sessions.toLocaleString('en')} open sessions against 100 (CPU per initialize) | ${sessions.many.toFixed(0)} vs ${sessions.few.toFixed(0)} µs: ${sessions.ratio.toFixed(2)}× | the same (≤ 1.2×) | ${verdict(sessions.ratio <= 1.2)} |`,
  )
if (memory)
  lines.push(
    `| RSS per project of 100 tools, ${memory.projects.toLocaleString('en')} projects listed and called (JS heap ${memory.heapMbPerProject.toFixed(3)} MB a project; grown most, a project: ${memory.grown}) | ${memory.mbPerProject.toFixed(3)} MB (${memory.totalMb.toFixed(0)} MB in all) | ≤ 0.1 MB | ${verdict(memory.mbPerProject <= 0.1)} |`,
  )
const section = `${START}
## Many tenants (\`bench/tenants.ts\`, in process, SQLite)

Measured on ${new Date().toISOString().slice(0, 10)}: the median of ${PAIRS} alternating pairs' ratios (${PAIR_SECONDS} s a side for
rates, 200 \`initialize\` a side for CPU); RSS the least of readings over 2 s after a full collection.

| figure | measured | target | |
| --- | --- | --- | --- |
${lines.join('\n')}
${END}
`
if (!only) replaceMarkedSection(resolve(import.meta.dir, '..'), START, END, section)
console.log(section)
process.exit(0)
