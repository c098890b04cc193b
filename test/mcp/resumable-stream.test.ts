// Resumable SSE for 2025-11-25 sessions: event ids, Last-Event-ID replay of the GET stream and of a request's
// stream still running, notifications queued while no GET stream is open; older sessions get no ids.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession, post } from '../helpers/mcp'

let app: TestApp
let slug: string

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'resume-kit', [
    { name: 'changer', code: `export default async (input, ctx) => { ctx.notifyListChanged('tools'); return 'ok' }` },
    {
      name: 'ask',
      code: `export default async (input, ctx) => {
  const r = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } })
  return 'hi ' + r.content.name
}`,
    },
  ])
  slug = (await serverWithToolkits(app, 'resume server', [kit])).slug
})
afterAll(async () => {
  await app.stop()
})

interface Frame {
  id?: string
  data: any
}

/** Reads SSE events of a response as they come (one reader per response). */
function events(res: Response) {
  const reader = res.body!.getReader()
  let buf = ''
  const queued: Frame[] = []
  return async (count: number): Promise<Frame[]> => {
    const deadline = Date.now() + 5000
    while (queued.length < count && Date.now() < deadline) {
      const { value, done } = await reader.read()
      if (done) break
      buf += new TextDecoder().decode(value)
      let end = buf.indexOf('\n\n')
      while (end >= 0) {
        const block = buf.slice(0, end)
        buf = buf.slice(end + 2)
        const data = /^data: (.*)$/m.exec(block)?.[1]
        const id = /^id: (.*)$/m.exec(block)?.[1]
        if (data) queued.push({ ...(id ? { id } : {}), data: JSON.parse(data) })
        end = buf.indexOf('\n\n')
      }
    }
    return queued.splice(0, count)
  }
}

const getStream = (headers: Record<string, string>, signal: AbortSignal, last?: string) =>
  fetch(`${app.base}/${slug}`, {
    signal,
    headers: {
      ...headers,
      accept: 'text/event-stream',
      'x-api-key': app.apiKey,
      ...(last ? { 'last-event-id': last } : {}),
    },
  })
const callTool = (headers: Record<string, string>, name: string, id = 1) =>
  post(app, slug, { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } }, { headers })

test('queued notifications, event ids, and Last-Event-ID replay of the GET stream', async () => {
  const { headers } = await openSession(app, slug, '2025-11-25')
  // No GET stream yet: the notification waits for one.
  expect((await callTool(headers, 'changer')).status).toBe(200)
  const first = new AbortController()
  const read1 = events(await getStream(headers, first.signal))
  const [queued] = await read1(1)
  expect(queued!.data.method).toBe('notifications/tools/list_changed')
  expect(queued!.id).toMatch(/^s0-\d+$/)
  await callTool(headers, 'changer', 2)
  const [live] = await read1(1)
  expect(live!.id).toMatch(/^s0-\d+$/)
  expect(live!.id).not.toBe(queued!.id)
  first.abort()
  // The client lost the stream after the first event: the replay brings the second with its id.
  const second = new AbortController()
  const read2 = events(await getStream(headers, second.signal, queued!.id))
  expect(await read2(1)).toEqual([{ id: live!.id, data: live!.data }])
  second.abort()
})

test("a request's stream resumed with GET receives the rest of the call", async () => {
  const { headers } = await openSession(app, slug, '2025-11-25', { elicitation: {} })
  const ac = new AbortController()
  const res = await fetch(`${app.base}/${slug}`, {
    method: 'POST',
    signal: ac.signal,
    headers: {
      ...headers,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-api-key': app.apiKey,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'ask', arguments: {} } }),
  })
  const [asked] = await events(res)(1)
  expect(asked!.data.method).toBe('elicitation/create')
  expect(asked!.id).toMatch(/^r\d+-\d+$/)
  ac.abort()
  // The client reconnects from the last event it saw, then answers the question.
  const resumed = new AbortController()
  const read = events(await getStream(headers, resumed.signal, asked!.id))
  const reply = { jsonrpc: '2.0', id: asked!.data.id, result: { action: 'accept', content: { name: 'Ann' } } }
  expect((await post(app, slug, reply, { headers })).status).toBe(202)
  const [result] = await read(1)
  expect(result!.data).toMatchObject({ id: 5, result: { content: [{ type: 'text', text: 'hi Ann' }] } })
  expect(result!.id).toMatch(/^r\d+-\d+$/)
  resumed.abort()
})

test('sessions before 2025-11-25 get no event ids', async () => {
  const { headers } = await openSession(app, slug, '2025-06-18')
  const ac = new AbortController()
  const read = events(await getStream(headers, ac.signal))
  await callTool(headers, 'changer')
  const [n] = await read(1)
  expect(n).toEqual({ data: { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: {} } })
  ac.abort()
})
