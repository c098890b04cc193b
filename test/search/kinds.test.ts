// Toolkits of other kinds (remote MCP servers, OpenAPI imports) store their tools as rows of `tools` and change them
// on refresh with their own SQL: the index follows those rows too, and call_tool runs them through their kind.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { ToolRow } from '../../src/modules/tools/repository'
import type { ToolkitSource } from '../../src/modules/tools/sources/source'
import { createServer } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

let app: TestApp
const called: string[] = []
/** A kind whose tools are the project's rows, as the remote and OpenAPI kinds keep them. */
const rowKind: ToolkitSource = {
  kind: 'rowkind',
  listTools: async (toolkitId) =>
    (await app.sql('SELECT * FROM tools WHERE toolkit_id = $id ORDER BY id', { id: toolkitId })) as ToolRow[],
  async callTool(_ctx, tool, args) {
    called.push(tool.name)
    return { ok: true, value: `${tool.name} ran with ${JSON.stringify(args)}` }
  },
}

beforeAll(async () => {
  app = await startTestApp({}, { overrides: { toolkitSources: [rowKind] } })
})
afterAll(async () => {
  await app.stop()
})

const at = '2026-01-01T00:00:00.000Z'
const schema = JSON.stringify({ type: 'object', properties: { city: { type: 'string', description: 'City name' } } })

test("another kind's tool rows are indexed as they are written, changed and removed, and run through call_tool", async () => {
  await app.sql(
    `INSERT INTO toolkits (id, project_id, name, display_name, toolkit_type, created_at, updated_at)
     VALUES ('kit-rows', $p, 'upstream', 'Upstream Weather', 'rowkind', $at, $at)`,
    { p: app.projectId, at },
  )
  const insert = (row: Record<string, string>) =>
    app.sql(
      `INSERT INTO tools (id, project_id, toolkit_id, name, description, function_name, input_schema, created_at, updated_at)
       VALUES ($id, $p, 'kit-rows', $name, $description, '', $schema, $at, $at)`,
      { ...row, p: app.projectId, schema, at },
    )
  await insert({ id: 'row-1', name: 'up_forecast', description: 'Daily forecast' })
  await insert({ id: 'row-2', name: 'up_alerts', description: 'Storm warnings' })
  const s = await createServer(app, {
    name: 'rows',
    toolkits: [{ toolkit_id: 'kit-rows' }],
    tool_discovery: { mode: 'always' },
  })
  const { client } = await connectClient(app, s.slug)
  const find = async (query: string) =>
    (
      (await client.callTool({ name: 'find_tools', arguments: { query } })).structuredContent as {
        tools: { name: string }[]
      }
    ).tools.map((t) => t.name)

  expect(await find('storm warnings')).toEqual(['up_alerts'])
  expect(await find('upstream weather')).toEqual(expect.arrayContaining(['up_alerts', 'up_forecast']))
  // A refresh that changes a description, as the upstream now words it.
  await app.sql("UPDATE tools SET description = 'Hurricane notices' WHERE id = 'row-2'")
  expect(await find('storm')).toEqual([])
  expect(await find('hurricane')).toEqual(['up_alerts'])
  // A refresh that removes a tool.
  await app.sql("DELETE FROM tools WHERE id = 'row-1'")
  expect(await find('daily')).toEqual([])

  const out = await client.callTool({
    name: 'call_tool',
    arguments: { name: 'up_alerts', arguments: { city: 'Oslo' } },
  })
  expect(out.content).toEqual([{ type: 'text', text: 'up_alerts ran with {"city":"Oslo"}' }])
  expect(called).toEqual(['up_alerts'])
  await client.close()
})
