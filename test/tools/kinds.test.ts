// Open kinds (docs/decisions/0027-open-kinds.md): a toolkit kind plugged in from outside lists and runs its tools through
// MCP; the schema holds any toolkit_type or runtime value (migration 011), while the API still names what it allows.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { toolRowFrom } from '../../src/modules/tools/repository'
import type { ToolkitSource } from '../../src/modules/tools/sources/source'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'

const STAMP = '2026-01-01T00:00:00.000Z'
const seen: { args: Record<string, unknown>; projectId: string }[] = []

/** A kind stored as the project's rows (like remote or openapi will be), whose one tool answers from memory. */
const fixtureKind: ToolkitSource = {
  kind: 'fixture',
  listTools: async (toolkitId) => [
    toolRowFrom(
      {
        name: 'shout',
        description: 'says it louder',
        function_name: 'none',
        input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      },
      { id: `${toolkitId}.shout`, project_id: '', toolkit_id: toolkitId, created_at: STAMP, updated_at: STAMP },
    ),
  ],
  async callTool(ctx, _tool, args) {
    seen.push({ args, projectId: ctx.projectId })
    return { ok: true, value: `${String(args.text).toUpperCase()}!` }
  },
}

let app: TestApp
beforeAll(async () => {
  app = await startTestApp({}, { overrides: { toolkitSources: [fixtureKind] } })
})
afterAll(async () => {
  await app.stop()
})

describe('a toolkit kind from outside the tools feature', () => {
  test('its toolkit is listed with its kind, and its tools list and run through MCP tools/list and tools/call', async () => {
    const at = new Date().toISOString()
    await app.sql(
      `INSERT INTO toolkits (id, project_id, name, toolkit_type, created_at, updated_at)
       VALUES ('kit-fixture', $project, 'loud', 'fixture', $at, $at)`,
      { project: app.projectId, at },
    )

    const listed = await json(await app.api('/toolkits?limit=100'), 200)
    expect(listed.toolkits.find((k: { id: string }) => k.id === 'kit-fixture')).toMatchObject({
      name: 'loud',
      toolkit_type: 'fixture',
    })
    const detail = await json(await app.api('/toolkits/kit-fixture'), 200)
    expect(detail.tools.map((t: { name: string }) => t.name)).toEqual(['shout'])

    const server = await createServer(app, { name: 'kinds', toolkits: [{ toolkit_id: 'kit-fixture' }] })
    const { client } = await connectClient(app, server.slug)
    try {
      const tools = await client.listTools()
      expect(tools.tools.map((t) => t.name)).toEqual(['shout'])
      expect(tools.tools[0]!.description).toBe('says it louder')
      const result = await client.callTool({ name: 'shout', arguments: { text: 'hi' } })
      expect(result.isError).toBe(false)
      expect(result.content).toEqual([{ type: 'text', text: 'HI!' }])
      expect(seen).toEqual([{ args: { text: 'hi' }, projectId: app.projectId }])
      // Arguments are checked against the tool's input schema before its source sees them, as for every kind.
      const bad = await client.callTool({ name: 'shout', arguments: { text: 5 } })
      expect(bad.isError).toBe(true)
      expect(seen.length).toBe(1)
    } finally {
      await client.close()
    }
  })

  test('the API still allows only the kinds and runtimes it knows: 400 naming the field', async () => {
    const kit = await json(await app.api('/toolkits', { body: { name: 'typed', toolkit_type: 'fixture' } }), 400)
    expect(JSON.stringify(kit.details)).toContain('toolkit_type')
    const fn = await json(await app.api('/functions', { body: { name: 'py', runtime: 'python', code: 'x' } }), 400)
    expect(fn.details).toContainEqual({
      field: 'body.runtime',
      message: 'runtime must be "javascript", "typescript" or "http"',
    })
  })
})
