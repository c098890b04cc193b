// The in-memory read model never answers stale: every write path — REST in this process, the CLI from another
// process, a second server process on the same data dir — is seen by the very next request.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  call,
  createFunction,
  createTool,
  createToolkit,
  json,
  prebuiltToolkitId,
  serverWithToolkits,
} from '../helpers/api'
import { runCli, startServe, startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'

let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

const rpc = async (slug: string, method: string, params: unknown, key?: string) => {
  const res = await post(app, slug, { jsonrpc: '2.0', id: 1, method, params }, key === undefined ? {} : { key })
  return (await res.json()) as { result?: any; error?: { code: number; message: string } }
}
const toolNames = async (slug: string) =>
  ((await rpc(slug, 'tools/list', {})).result.tools as { name: string }[]).map((t) => t.name)
const textOf = (r: { result?: any }) => r.result?.content?.[0]?.text as string | undefined

describe('writes through REST in this process', () => {
  test('a tool added, a tool disabled, a function changed, a server removed: each seen at once', async () => {
    const utilities = await prebuiltToolkitId(app, 'utilities')
    const server = await serverWithToolkits(app, 'rm-rest', [utilities])
    const before = await toolNames(server.slug)
    expect(before).toContain('echo')
    expect(await toolNames(server.slug)).toEqual(before) // now served from memory

    const kit = await createToolkit(app, 'rm-kit')
    await createFunction(app, { name: 'rm-fn', runtime: 'javascript', code: 'export default async () => "v1"' })
    const tool = await createTool(app, { toolkit_id: kit.id, name: 'rm_tool', function_name: 'rm-fn' })
    await json(await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [tool.id] } }), 200)
    expect(await toolNames(server.slug)).toContain('rm_tool')
    expect(textOf(await rpc(server.slug, 'tools/call', { name: 'rm_tool', arguments: {} }))).toBe('v1')

    const fns = await json<{ functions: { id: string; name: string }[] }>(await app.api('/functions?limit=200'), 200)
    const fnId = fns.functions.find((f) => f.name === 'rm-fn')!.id
    await json(
      await app.api(`/functions/${fnId}`, { method: 'PATCH', body: { code: 'export default async () => "v2"' } }),
      200,
    )
    expect(textOf(await rpc(server.slug, 'tools/call', { name: 'rm_tool', arguments: {} }))).toBe('v2')

    const echoId = (await json(await app.api(`/servers/${server.id}`), 200)).data.tools.find(
      (t: { name: string }) => t.name === 'echo',
    ).id
    await json(
      await app.api(`/servers/${server.id}/tools/${echoId}`, { method: 'PATCH', body: { enabled: false } }),
      200,
    )
    expect(await toolNames(server.slug)).not.toContain('echo')
    const gone = await rpc(server.slug, 'tools/call', { name: 'echo', arguments: { text: 'x' } })
    expect(gone.error?.message ?? textOf(gone)).toContain('Unknown tool')

    expect((await app.api(`/servers/${server.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await rpc(server.slug, 'tools/list', {})).error).toBeDefined()
  })

  test('REST /tools/call without server_id sees a server attached a moment ago', async () => {
    const kitA = await createToolkit(app, 'rm-a')
    await createFunction(app, { name: 'rm-a-fn', runtime: 'javascript', code: 'export default async () => "a"' })
    await createTool(app, { toolkit_id: kitA.id, name: 'rm_dup', function_name: 'rm-a-fn' })
    await serverWithToolkits(app, 'rm-a', [kitA.id])
    const first = await call(app, '/tools/call', { body: { name: 'rm_dup', arguments: {} } })
    expect(first.status).toBe(200)
    expect(first.body.content[0].text).toBe('a')
    expect((await call(app, '/tools/call', { body: { name: 'rm_dup', arguments: {} } })).status).toBe(200)

    // Another tool of the same name on a new server: the name is now ambiguous in the project.
    const kitB = await createToolkit(app, 'rm-b')
    await createFunction(app, { name: 'rm-b-fn', runtime: 'javascript', code: 'export default async () => "b"' })
    await createTool(app, { toolkit_id: kitB.id, name: 'rm_dup', function_name: 'rm-b-fn' })
    const b = await serverWithToolkits(app, 'rm-b', [kitB.id])
    const ambiguous = await call(app, '/tools/call', { body: { name: 'rm_dup', arguments: {} } })
    expect(ambiguous.status).toBe(400)
    expect(ambiguous.text).toContain('server_id')
    const chosen = await call(app, '/tools/call', { body: { name: 'rm_dup', server_id: b.id, arguments: {} } })
    expect(chosen.body.content[0].text).toBe('b')
  })
  test('a resource changed or switched off: the next resources/read sees it', async () => {
    const utilities = await prebuiltToolkitId(app, 'utilities')
    const server = await serverWithToolkits(app, 'rm-res', [utilities])
    const res = await json(
      await app.api('/resources', {
        body: { server_id: server.id, name: 'note', uri: 'notes://rm', resource_type: 'static', content: 'one' },
      }),
      201,
    )
    const read = async () => (await rpc(server.slug, 'resources/read', { uri: 'notes://rm' })) as any
    expect((await read()).result.contents[0].text).toBe('one')
    expect((await read()).result.contents[0].text).toBe('one')
    const id = res.data?.id ?? res.id
    await json(await app.api(`/resources/${id}`, { method: 'PATCH', body: { content: 'two' } }), 200)
    expect((await read()).result.contents[0].text).toBe('two')
    await json(await app.api(`/resources/${id}`, { method: 'PATCH', body: { is_active: false } }), 200)
    expect((await read()).error).toBeDefined()
  })
})

describe('writes by other processes on the same data dir', () => {
  test('`toolyard keys revoke` from the CLI: the very next request with that key is 401', async () => {
    const p = await app.newProject('rm-cli')
    const keyId = (await app.server.deps.projects.listKeys(p.projectId))[0]!.id
    const list = () => app.api('/servers', { key: p.apiKey })
    expect((await list()).status).toBe(200)
    expect((await list()).status).toBe(200) // the key row is now cached
    const out = await runCli(['keys', 'revoke', keyId], app.dataDir)
    expect(out.code).toBe(0)
    expect((await list()).status).toBe(401)
  })

  test('a second server process on the data dir: its writes are seen by this process at once', async () => {
    const utilities = await prebuiltToolkitId(app, 'utilities')
    const server = await serverWithToolkits(app, 'rm-second', [utilities])
    expect(await toolNames(server.slug)).toContain('echo')
    const second = await startServe(app.dataDir, { TOOLYARD_RATE_LIMITS: 'off' })
    try {
      const headers = { 'X-API-Key': app.apiKey, 'content-type': 'application/json' }
      const detail = await json(await fetch(`${second.base}/servers/${server.id}`, { headers }), 200)
      const echoId = detail.data.tools.find((t: { name: string }) => t.name === 'echo').id
      const res = await fetch(`${second.base}/servers/${server.id}/tools/${echoId}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ enabled: false }),
      })
      expect(res.status).toBe(200)
      expect(await toolNames(server.slug)).not.toContain('echo')

      const renamed = await fetch(`${second.base}/servers/${server.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ auth: 'none' }),
      })
      expect(renamed.status).toBe(200)
      // The server became public in the other process: a keyless call is admitted here right away.
      expect((await rpc(server.slug, 'tools/list', {}, '')).result).toBeDefined()
    } finally {
      await second.stop()
    }
  })
})
