// SIGTERM (docs/reliability.md, "Faults"): an idle `serve` exits 0; a busy one stops taking connections (a new one is
// refused), lets the call in flight finish — a function awaiting a slow upstream — and then exits 0; a call that
// outlasts TOOLYARD_SHUTDOWN_GRACE_S is cut when the grace is over, and the process still exits. Waits are bounded
// polls; nothing here measures time.
import { afterAll, describe, expect, test } from 'bun:test'
import { startServe, tempDirs } from '../helpers/app'
import { waitFor } from '../helpers/poll'

const fresh = tempDirs('toolyard-shutdown-')
const keysIn = (text: string) => text.match(/tyk_[A-Za-z0-9_-]{43}/g) ?? []

/** An upstream that holds every request until `release()`; `arrived` counts the requests it holds or held. */
function slowUpstream() {
  const gate = Promise.withResolvers<void>()
  let arrived = 0
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch() {
      arrived++
      await gate.promise
      return Response.json({ slow: 'done' })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/`,
    arrived: () => arrived,
    release: () => gate.resolve(),
    stop: () => server.stop(true),
  }
}
const upstreams: ReturnType<typeof slowUpstream>[] = []
afterAll(() => {
  for (const u of upstreams) {
    u.release()
    u.stop()
  }
})

/** A running serve with a function that fetches `upstream`, and the request invoking it (in flight, held there). */
async function busyServe(env: Record<string, string> = {}) {
  const upstream = slowUpstream()
  upstreams.push(upstream)
  const server = await startServe(fresh(), { TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true', ...env })
  const key = keysIn(server.output())[0]!
  const headers = { 'X-API-Key': key, 'Content-Type': 'application/json' }
  const created = await fetch(`${server.base}/functions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: 'slow',
      runtime: 'javascript',
      timeout_ms: 60_000,
      code: `export default async () => (await fetch(${JSON.stringify(upstream.url)})).json()`,
    }),
  })
  expect(created.status).toBe(201)
  const { id } = (await created.json()) as { id: string }
  const inFlight = fetch(`${server.base}/functions/${id}/invoke`, { method: 'POST', headers, body: '{}' }).then(
    async (res) => ({ status: res.status, text: await res.text() }),
    (error: unknown) => ({ status: 0, text: String(error) }),
  )
  await waitFor('the call to reach the upstream', () => upstream.arrived() === 1)
  return { server, upstream, inFlight }
}

const refused = async (base: string) => {
  try {
    await fetch(`${base}/health`)
    return false
  } catch {
    return true
  }
}

describe('SIGTERM', () => {
  test('an idle server exits 0', async () => {
    const server = await startServe(fresh())
    expect((await fetch(`${server.base}/health`)).status).toBe(200)
    server.proc.kill('SIGTERM')
    expect(await server.proc.exited).toBe(0)
  }, 30_000)

  test('a busy server refuses new connections, lets the call in flight finish, then exits 0', async () => {
    const { server, upstream, inFlight } = await busyServe()
    server.proc.kill('SIGTERM')
    await waitFor('new connections to be refused', () => refused(server.base))
    // Still draining: the call waits on its upstream, and the process is still there.
    expect(server.proc.exitCode).toBeNull()
    upstream.release()
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('done')
    expect(await server.proc.exited).toBe(0)
  }, 60_000)

  test('a call that outlasts TOOLYARD_SHUTDOWN_GRACE_S is cut after the grace, and the process exits', async () => {
    const { server, inFlight } = await busyServe({ TOOLYARD_SHUTDOWN_GRACE_S: '1' })
    server.proc.kill('SIGTERM')
    // The upstream is never released: only the grace ends the call.
    const answer = await inFlight
    expect(answer.status).not.toBe(200)
    await server.proc.exited
    const cut = server
      .output()
      .split('\n')
      .find((line) => line.includes('shutdown grace period over'))
    expect(cut).toBeDefined()
    expect(JSON.parse(cut!)).toMatchObject({ grace_ms: 1000 })
  }, 60_000)
})
