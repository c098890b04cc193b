// The hostile review of tool search (docs/decisions/0038-review-of-the-third-round.md): call_tool reaches only the
// tools its own server carries and has enabled — never a disabled tool, a tool of another server of the project, or
// a tool of another project, whatever name is given — and find_tools finds none of them.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServer, createTool, createToolkit, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

async function tool(name: string, key = app.apiKey) {
  const kit = await createToolkit(app, `${name}-kit`, key)
  const t = await createTool(
    app,
    { toolkit_id: kit.id, name, description: `Secret operation ${name}`, function_name: 'builtin.utilities.echo' },
    key,
  )
  return { kit, tool: t }
}

test('call_tool and find_tools reach only what their server carries and has enabled', async () => {
  const mine = await tool('visible_op')
  const disabled = await tool('disabled_op')
  const elsewhere = await tool('other_server_op')
  const other = await app.newProject('review-other')
  const foreign = await tool('foreign_op', other.apiKey)
  const server = await createServer(app, {
    name: 'review discovery',
    toolkits: [{ toolkit_id: mine.kit.id }, { toolkit_id: disabled.kit.id }],
    tool_discovery: { mode: 'always' },
  })
  await createServer(app, { name: 'review elsewhere', toolkits: [{ toolkit_id: elsewhere.kit.id }] })
  await createServer(app, { name: 'review foreign', toolkits: [{ toolkit_id: foreign.kit.id }] }, other.apiKey)
  await json(
    await app.api(`/servers/${server.id}/tools/${disabled.tool.id}`, { method: 'PATCH', body: { enabled: false } }),
    200,
  )

  const { client } = await connectClient(app, server.slug)
  const found = await client.callTool({ name: 'find_tools', arguments: { query: 'secret operation', limit: 50 } })
  expect((found.structuredContent as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(['visible_op'])
  const ok = await client.callTool({ name: 'call_tool', arguments: { name: 'visible_op', arguments: { text: 'x' } } })
  expect(ok.isError).toBe(false)
  for (const name of ['disabled_op', 'other_server_op', 'foreign_op', foreign.tool.id, disabled.tool.id]) {
    const r = await client.callTool({ name: 'call_tool', arguments: { name, arguments: { text: 'x' } } })
    expect(r.isError).toBe(true)
    expect(JSON.stringify(r.content)).toContain('Unknown tool')
    // Called by its own name, too.
    const direct = await client.callTool({ name, arguments: { text: 'x' } }).catch((e: Error) => e)
    expect(direct instanceof Error || (direct as { isError?: boolean }).isError === true).toBe(true)
  }
  await client.close()
})
