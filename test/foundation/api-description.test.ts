// /mcp/openapi.json says what each route takes: a route with a body schema takes application/json only (anything else
// is 415, so nothing else is offered), an optional body is not marked required, and the routes that read forms (the
// OAuth token endpoint and consent form, the dashboard) or JSON-RPC say so.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'

type Operation = {
  description?: string
  requestBody?: { required?: boolean; content?: Record<string, unknown> }
  summary?: string
}
let app: TestApp
let paths: Record<string, Record<string, Operation>>

beforeAll(async () => {
  app = await startTestApp()
  paths = ((await (await fetch(`${app.base}/openapi.json`)).json()) as { paths: typeof paths }).paths
})
afterAll(() => app?.stop())

/** A body of the content type: what a client reading the description would send. */
const SAMPLE: Record<string, string> = {
  'application/json': '{}',
  'application/x-www-form-urlencoded': 'a=b',
  'multipart/form-data': '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
  'text/plain': 'a',
}

test('no operation offers a content type the service answers 415 for', async () => {
  const refused: string[] = []
  for (const [path, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(item)) {
      for (const type of Object.keys(op.requestBody?.content ?? {})) {
        const url = `${app.server.origin}${path.replace(/\{[^}]+\}/g, 'nope').replace('*', 'keys')}`
        const res = await fetch(url, {
          method: method.toUpperCase(),
          redirect: 'manual',
          headers: {
            'x-api-key': app.apiKey,
            'content-type': type === 'multipart/form-data' ? `${type}; boundary=x` : type,
          },
          body: SAMPLE[type] ?? '',
        })
        await res.body?.cancel()
        if (res.status === 415) refused.push(`${method.toUpperCase()} ${path} ${type}`)
      }
    }
  expect(refused).toEqual([])
})

test('JSON routes offer application/json alone, and say when the body may be left out', () => {
  const servers = paths['/mcp/servers']!.post!.requestBody!
  expect(Object.keys(servers.content!)).toEqual(['application/json'])
  expect(servers.required).toBe(true)
  const list = paths['/mcp/tools/list']!.post!.requestBody!
  expect(Object.keys(list.content!)).toEqual(['application/json'])
  expect(list.required).toBe(false)
})

test('form and JSON-RPC routes declare their bodies: OAuth token and consent, dashboard sign-in, the protocol endpoint', () => {
  const types = (path: string) => Object.keys(paths[path]?.post?.requestBody?.content ?? {})
  expect(types('/mcp/oauth/token')).toEqual(['application/x-www-form-urlencoded'])
  expect(types('/mcp/oauth/authorize')).toEqual(['application/x-www-form-urlencoded'])
  expect(types('/mcp/ui/sign-in')).toEqual(['application/x-www-form-urlencoded'])
  expect(types('/mcp/oauth/register')).toEqual(['application/json'])
  expect(types('/mcp/{slug}')).toEqual(['application/json'])
})

test('PATCH /servers/{id} says that toolkits replaces the whole list, and names the one-toolkit endpoints', () => {
  const patch = paths['/mcp/servers/{id}']!.patch!
  expect(patch.description).toContain('REPLACES the whole list')
  expect(patch.description).toContain('POST /servers/{id}/toolkits')
  expect(paths['/mcp/servers/{id}/toolkits']?.post?.summary).toContain('keeping the others')
  expect(paths['/mcp/servers/{id}/toolkits/{toolkit_id}']?.delete?.summary).toContain('keeping the others')
})
