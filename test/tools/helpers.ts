// Small REST helpers shared by the tools tests (real HTTP against startTestApp()).
import { expect } from 'bun:test'
import type { TestApp } from '../helpers/app'

export async function json<T = any>(res: Response, status: number): Promise<T> {
  const body = await res.text()
  if (res.status !== status) throw new Error(`expected HTTP ${status}, got ${res.status}: ${body}`)
  return (body ? JSON.parse(body) : undefined) as T
}

export const objectSchema = (properties: Record<string, unknown> = {}, required: string[] = []) => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
})

export async function createToolkit(app: TestApp, name: string, key?: string) {
  return json(await app.api('/toolkits', { body: { name }, key }), 201)
}

export async function createTool(app: TestApp, body: Record<string, unknown>, key?: string) {
  return json(await app.api('/tools', { body: { input_schema: objectSchema(), ...body }, key }), 201)
}

export async function createFunction(app: TestApp, body: Record<string, unknown>, key?: string) {
  return json(await app.api('/functions', { body, key }), 201)
}

export async function createServer(app: TestApp, body: Record<string, unknown>, key?: string) {
  return (await json(await app.api('/servers', { body, key }), 201)).data
}

export async function serverDetail(app: TestApp, id: string, key?: string) {
  return (await json(await app.api(`/servers/${id}`, { key }), 200)).data
}

export function expectError(body: { code: string; error: string }, code: string, mentions?: string) {
  expect(body.code).toBe(code)
  if (mentions) expect(body.error + JSON.stringify((body as { details?: unknown }).details ?? [])).toContain(mentions)
}
