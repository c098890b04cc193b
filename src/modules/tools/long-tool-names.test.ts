// Tool names made from names nobody on the project chose — OpenAPI operationIds and an upstream MCP server's tool
// names — stay within the 64 characters model providers accept, apart from each other, and stable across re-imports.
import { expect, test } from 'bun:test'
import { planDocument } from './kinds/openapi/plan'
import type { RemoteSpec } from './kinds/remote/model'
import { planSync } from './kinds/remote/sync'

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/
// Two operationIds in the style generated for Microsoft Graph: they share their first 70 characters.
const STEM = 'deviceManagement_managedDevices_windowsProtectionState_detectedMalwareState'
const IDS = [`${STEM}_UpdateMalwareState`, `${STEM}_DeleteMalwareState`]

const documentWith = (ids: string[]) => ({
  openapi: '3.0.3',
  info: { title: 'long ids', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: Object.fromEntries(
    ids.map((id, i) => [`/states/${i}`, { post: { operationId: id, responses: { 200: { description: 'ok' } } } }]),
  ),
})

const namesByOperation = (ids: string[]) =>
  Object.fromEntries(
    planDocument(documentWith(ids), { providerFor: (s) => s }).tools.map((t) => [t.operation_id, t.name]),
  )

test('long operationIds that share a start become distinct names of at most 64 characters, the same in any order', () => {
  const first = namesByOperation(IDS)
  expect(Object.values(first).every((n) => PROVIDER_NAME.test(String(n)))).toBe(true)
  expect(new Set(Object.values(first)).size).toBe(2)
  // The document lists its operations the other way round at the next re-import: each keeps its name.
  expect(namesByOperation([...IDS].reverse())).toEqual(first)
})

test("a remote toolkit's long upstream tool names (with the prefix) are cut to 64 characters and stay apart", () => {
  const spec: RemoteSpec = {
    url: 'http://127.0.0.1:9/mcp',
    transport: 'streamable_http',
    headers: {},
    auth: { type: 'none' },
    prefix: 'graph_',
    refresh_interval_s: 3600,
    timeout_ms: 10_000,
  }
  const upstream = IDS.map((name) => ({ name, inputSchema: { type: 'object' as const } }))
  const { insert } = planSync('p', 'k', spec, upstream, [])
  const names = insert.map((r) => r.name)
  expect(names.every((n) => PROVIDER_NAME.test(n))).toBe(true)
  expect(new Set(names).size).toBe(2)
  // Calls reach the upstream under its own name.
  expect(insert.map((r) => r.function_name)).toEqual(IDS)
  // A re-list plans the same names, so nothing is renamed.
  expect(
    planSync('p', 'k', spec, [...upstream].reverse(), [])
      .insert.map((r) => r.name)
      .sort(),
  ).toEqual([...names].sort())
})
