// Version-gated output: what each negotiated protocol version receives from tools/list and tools/call.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { findNulls, openSession, post } from '../helpers/mcp'

const WAV = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA='

let app: TestApp
let slug: string

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'gating-kit', [
    {
      name: 'media',
      title: 'Media tool',
      code: `export default async () => ({ content: [
        { type: 'text', text: 'caption' },
        { type: 'audio', data: '${WAV}', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'test://linked', name: 'linked' },
      ] })`,
    },
    {
      name: 'only_audio',
      code: `export default async () => ({ content: [{ type: 'audio', data: '${WAV}', mimeType: 'audio/wav' }] })`,
    },
    {
      name: 'structured',
      output_schema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
      code: 'export default async () => ({ sum: 3 })',
    },
  ])
  // Annotations are set through PATCH so that creation stays minimal.
  const tools = (await (await app.api(`/tools?toolkit_id=${kit}`)).json()) as { tools: { id: string; name: string }[] }
  const media = tools.tools.find((t) => t.name === 'media')!
  const patched = await app.api(`/tools/${media.id}`, {
    method: 'PATCH',
    body: { annotations: { readOnlyHint: true } },
  })
  expect(patched.status).toBe(200)
  slug = (await serverWithToolkits(app, 'gating server', [kit])).slug
})
afterAll(async () => {
  await app.stop()
})

async function call(version: string, method: string, params: Record<string, unknown> = {}) {
  const { headers } = await openSession(app, slug, version)
  const res = await post(app, slug, { jsonrpc: '2.0', id: 1, method, params }, { headers })
  const text = await res.text()
  const body = res.headers.get('content-type')?.includes('text/event-stream')
    ? JSON.parse(text.split('data: ').pop()!)
    : JSON.parse(text)
  expect(findNulls(body)).toEqual([])
  return body.result
}

test('2024-11-05: no audio, no resource_link, no title/outputSchema/annotations/structuredContent', async () => {
  const { tools } = await call('2024-11-05', 'tools/list')
  const media = tools.find((t: any) => t.name === 'media')
  expect(media).not.toHaveProperty('title')
  expect(media).not.toHaveProperty('annotations')
  expect(tools.find((t: any) => t.name === 'structured')).not.toHaveProperty('outputSchema')
  const r = await call('2024-11-05', 'tools/call', { name: 'media' })
  expect(r.content.map((c: any) => c.type)).toEqual(['text'])
  const onlyAudio = await call('2024-11-05', 'tools/call', { name: 'only_audio' })
  expect(onlyAudio.content).toHaveLength(1)
  expect(onlyAudio.content[0].type).toBe('text')
  const s = await call('2024-11-05', 'tools/call', { name: 'structured' })
  expect(s).not.toHaveProperty('structuredContent')
})

test('2025-03-26: audio and annotations, still no resource_link or structuredContent', async () => {
  const { tools } = await call('2025-03-26', 'tools/list')
  const media = tools.find((t: any) => t.name === 'media')
  expect(media.annotations).toEqual({ readOnlyHint: true })
  expect(media).not.toHaveProperty('title')
  const r = await call('2025-03-26', 'tools/call', { name: 'media' })
  expect(r.content.map((c: any) => c.type)).toEqual(['text', 'audio'])
  expect(await call('2025-03-26', 'tools/call', { name: 'structured' })).not.toHaveProperty('structuredContent')
})

test('2025-06-18 and 2025-11-25: everything', async () => {
  for (const v of ['2025-06-18', '2025-11-25']) {
    const { tools } = await call(v, 'tools/list')
    const media = tools.find((t: any) => t.name === 'media')
    expect(media.title).toBe('Media tool')
    expect(tools.find((t: any) => t.name === 'structured').outputSchema).toEqual({
      type: 'object',
      properties: { sum: { type: 'number' } },
      required: ['sum'],
    })
    const r = await call(v, 'tools/call', { name: 'media' })
    expect(r.content.map((c: any) => c.type)).toEqual(['text', 'audio', 'resource_link'])
    const s = await call(v, 'tools/call', { name: 'structured' })
    expect(s.structuredContent).toEqual({ sum: 3 })
    expect(s.isError).toBe(false)
  }
})

test('tools/list paginates with an opaque cursor in a stable order', async () => {
  const many = Array.from({ length: 57 }, (_, i) => ({
    name: `t${String(i).padStart(2, '0')}`,
    code: 'export default async () => "x"',
  }))
  const kit = await toolkitWithTools(app, 'many-kit', many)
  const s = (await serverWithToolkits(app, 'paged server', [kit])).slug
  const page = async (cursor?: string) => {
    const res = await post(app, s, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      ...(cursor ? { params: { cursor } } : {}),
    })
    return ((await res.json()) as any).result as { tools: { name: string }[]; nextCursor?: string }
  }
  const first = await page()
  expect(first.tools).toHaveLength(50)
  expect(typeof first.nextCursor).toBe('string')
  const second = await page(first.nextCursor)
  expect(second).not.toHaveProperty('nextCursor')
  const names = [...first.tools, ...second.tools].map((t) => t.name)
  expect(names).toHaveLength(57)
  expect(new Set(names).size).toBe(57)
  expect((await page()).tools.map((t) => t.name)).toEqual(first.tools.map((t) => t.name))
})
