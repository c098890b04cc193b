// Attaching toolkits to servers, adding/removing/patching single tools, and credential_status in the server detail.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createServer, createTool, createToolkit, expectError, json, serverDetail } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

const names = (detail: { tools: { name: string }[] }) => detail.tools.map((t) => t.name)

async function kitWithTools(prefix: string, toolNames: string[], extra: Record<string, unknown> = {}) {
  const kit = await createToolkit(app, `${prefix}-kit`)
  const tools = []
  for (const name of toolNames)
    tools.push(
      await createTool(app, {
        toolkit_id: kit.id,
        name,
        function_name: 'builtin.utilities.echo',
        description: `${name} tool`,
        ...extra,
      }),
    )
  return { kit, tools }
}

async function credential(name: string, key?: string) {
  return json(
    await app.api('/credentials', {
      body: { name, provider_id: 'api_key', credential_data: { api_key: 'sk-test-secret' } },
      key,
    }),
    201,
  )
}

describe('toolkit attachments', () => {
  test('toolkits given on POST /servers are attached; the detail lists their tools by name', async () => {
    const { kit } = await kitWithTools('create', ['zeta', 'alpha'])
    const server = await createServer(app, { name: 'attach on create', toolkits: [{ toolkit_id: kit.id }] })
    const detail = await serverDetail(app, server.id)
    expect(detail.toolkits).toEqual([
      { toolkit_id: kit.id, name: 'create-kit', prefix: '', credentials: {}, credential_mode: 'shared' },
    ])
    expect(names(detail)).toEqual(['alpha', 'zeta'])
    expect(detail.tools[0]).toMatchObject({
      name: 'alpha',
      description: 'alpha tool',
      toolkit_id: kit.id,
      credential_status: 'not_required',
      enabled: true,
    })
  })

  test('PATCH /servers replaces the attached toolkits', async () => {
    const a = await kitWithTools('patch-a', ['one'])
    const b = await kitWithTools('patch-b', ['two'])
    const server = await createServer(app, { name: 'attach on patch', toolkits: [{ toolkit_id: a.kit.id }] })
    await json(
      await app.api(`/servers/${server.id}`, { method: 'PATCH', body: { toolkits: [{ toolkit_id: b.kit.id }] } }),
      200,
    )
    const detail = await serverDetail(app, server.id)
    expect(detail.toolkits.map((k: { toolkit_id: string }) => k.toolkit_id)).toEqual([b.kit.id])
    expect(names(detail)).toEqual(['two'])
  })

  test('POST /servers/{id}/toolkits attaches one toolkit and keeps the others; DELETE …/toolkits/{toolkit_id} takes one off', async () => {
    const a = await kitWithTools('one-a', ['first'])
    const b = await kitWithTools('one-b', ['second'], { credential_provider: 'api_key' })
    const server = await createServer(app, { name: 'one at a time', toolkits: [{ toolkit_id: a.kit.id }] })
    const cred = await credential('one-at-a-time-key')
    const attached = await json(
      await app.api(`/servers/${server.id}/toolkits`, {
        body: { toolkit_id: b.kit.id, credentials: { api_key: cred.id } },
      }),
      200,
    )
    expect(attached.data.toolkits.map((k: { toolkit_id: string }) => k.toolkit_id)).toEqual([a.kit.id, b.kit.id])
    expect(names(attached.data)).toEqual(['first', 'second'])
    expect(attached.data.toolkits[1].credentials).toEqual({ api_key: cred.id })

    // Attached again: still once, its credential map replaced.
    const again = await json(await app.api(`/servers/${server.id}/toolkits`, { body: { toolkit_id: b.kit.id } }), 200)
    expect(again.data.toolkits.map((k: { toolkit_id: string }) => k.toolkit_id)).toEqual([a.kit.id, b.kit.id])
    expect(again.data.toolkits[1].credentials).toEqual({})

    const detached = await json(await app.api(`/servers/${server.id}/toolkits/${a.kit.id}`, { method: 'DELETE' }), 200)
    expect(detached.data.toolkits.map((k: { toolkit_id: string }) => k.toolkit_id)).toEqual([b.kit.id])
    expect(names(await serverDetail(app, server.id))).toEqual(['second'])
    // The toolkit itself stays.
    expect((await app.api(`/toolkits/${a.kit.id}`)).status).toBe(200)
  })

  test('attaching or taking off one toolkit: 404 for an unknown toolkit, server or attachment; 409 for a name taken; 400 naming toolkit_id', async () => {
    const a = await kitWithTools('single-a', ['lookup'])
    const b = await kitWithTools('single-b', ['lookup'])
    const server = await createServer(app, { name: 'single errors', toolkits: [{ toolkit_id: a.kit.id }] })
    const attach = (serverId: string, body: unknown) => app.api(`/servers/${serverId}/toolkits`, { body })
    expectError(await json(await attach(server.id, { toolkit_id: 'no-such-kit' }), 404), 'not_found', 'no-such-kit')
    expectError(await json(await attach('no-such-server', { toolkit_id: a.kit.id }), 404), 'not_found', 'server')
    expectError(await json(await attach(server.id, { toolkit_id: b.kit.id }), 409), 'conflict', 'lookup')
    expect((await serverDetail(app, server.id)).toolkits).toHaveLength(1)
    expectError(await json(await attach(server.id, {}), 400), 'validation_failed', 'toolkit_id')
    expectError(
      await json(await app.api(`/servers/${server.id}/toolkits/${b.kit.id}`, { method: 'DELETE' }), 404),
      'not_found',
      b.kit.id,
    )
    const other = await app.newProject('single-other')
    expect(
      (await app.api(`/servers/${server.id}/toolkits/${a.kit.id}`, { method: 'DELETE', key: other.apiKey })).status,
    ).toBe(404)
    expect((await serverDetail(app, server.id)).toolkits).toHaveLength(1)
  })

  test('unknown toolkit → 404 and the server is not created; another project cannot attach my toolkit', async () => {
    const before = (await json(await app.api('/servers?limit=200'), 200)).data.length
    expectError(
      await json(
        await app.api('/servers', { body: { name: 'bad kit', toolkits: [{ toolkit_id: 'no-such-kit' }] } }),
        404,
      ),
      'not_found',
      'toolkit',
    )
    expect((await json(await app.api('/servers?limit=200'), 200)).data.length).toBe(before)
    const { kit } = await kitWithTools('mine', ['x1'])
    const other = await app.newProject('attach-other')
    expectError(
      await json(
        await app.api('/servers', { body: { name: 'thief', toolkits: [{ toolkit_id: kit.id }] }, key: other.apiKey }),
        404,
      ),
      'not_found',
    )
  })

  test('two toolkits with the same tool name on one server → 409 naming both toolkits', async () => {
    const a = await kitWithTools('clash-a', ['search'])
    const b = await kitWithTools('clash-b', ['search'])
    const server = await createServer(app, { name: 'clash', toolkits: [{ toolkit_id: a.kit.id }] })
    const refused = await json(
      await app.api(`/servers/${server.id}`, {
        method: 'PATCH',
        body: { toolkits: [{ toolkit_id: a.kit.id }, { toolkit_id: b.kit.id }] },
      }),
      409,
    )
    expectError(refused, 'conflict', '"search"')
    expect(refused.error).toContain('from toolkit "clash-a-kit" is already on server')
    expect(refused.error).toContain('toolkit "clash-b-kit" brings another tool of that name')
    expect(names(await serverDetail(app, server.id))).toEqual(['search'])
    // Registering a clashing tool into an attached toolkit is refused too.
    const c = await kitWithTools('clash-c', ['other'])
    await json(
      await app.api(`/servers/${server.id}`, {
        method: 'PATCH',
        body: { toolkits: [{ toolkit_id: a.kit.id }, { toolkit_id: c.kit.id }] },
      }),
      200,
    )
    const registered = await json(
      await app.api('/tools', {
        body: {
          toolkit_id: c.kit.id,
          name: 'search',
          function_name: 'builtin.utilities.echo',
          input_schema: { type: 'object' },
        },
      }),
      409,
    )
    expectError(registered, 'conflict', '"search"')
    expect(registered.error).toContain('"clash-a-kit"')
    expect(registered.error).toContain('"clash-c-kit"')
  })

  test('a kept mapping whose provider the tools stopped using does not block later changes; a new one is refused', async () => {
    const { kit, tools } = await kitWithTools('stale-map', ['keyed'], { credential_provider: 'api_key' })
    const cred = await credential('stale-map-key')
    const server = await createServer(app, {
      name: 'stale map',
      toolkits: [{ toolkit_id: kit.id, credentials: { api_key: cred.id } }],
    })
    // The toolkit's only tool no longer needs the provider: the stored mapping is now one nothing sends.
    await json(await app.api(`/tools/${tools[0].id}`, { method: 'DELETE' }), 200)
    await createTool(app, { toolkit_id: kit.id, name: 'plain', function_name: 'builtin.utilities.echo' })
    const other = await kitWithTools('stale-map-other', ['other'])
    // The whole list sent again (as the dashboard and apply do), the old mapping kept: accepted.
    const patched = await app.api(`/servers/${server.id}`, {
      method: 'PATCH',
      body: {
        toolkits: [{ toolkit_id: kit.id, credentials: { api_key: cred.id } }, { toolkit_id: other.kit.id }],
      },
    })
    expect(patched.status).toBe(200)
    // A mapping given anew for a provider nothing uses is still refused, naming the field.
    const refused = await json(
      await app.api(`/servers/${server.id}`, {
        method: 'PATCH',
        body: { toolkits: [{ toolkit_id: other.kit.id, credentials: { api_key: cred.id } }] },
      }),
      400,
    )
    expect(JSON.stringify(refused.details)).toContain('body.toolkits.0.credentials.api_key')
  })

  test('credential ids in the map must be the project’s (404), and drive credential_status', async () => {
    const { kit } = await kitWithTools('cred', ['needs_key'], { credential_provider: 'acme' })
    const missingServer = await createServer(app, { name: 'cred missing', toolkits: [{ toolkit_id: kit.id }] })
    const d1 = await serverDetail(app, missingServer.id)
    expect(d1.tools[0]).toMatchObject({ name: 'needs_key', credential_provider: 'acme', credential_status: 'missing' })

    expectError(
      await json(
        await app.api('/servers', {
          body: {
            name: 'cred unknown',
            toolkits: [{ toolkit_id: kit.id, credentials: { acme: 'no-such-credential' } }],
          },
        }),
        404,
      ),
      'not_found',
      'credential',
    )
    const other = await app.newProject('cred-other')
    const foreign = await credential('foreign', other.apiKey)
    expectError(
      await json(
        await app.api('/servers', {
          body: { name: 'cred foreign', toolkits: [{ toolkit_id: kit.id, credentials: { acme: foreign.id } }] },
        }),
        404,
      ),
      'not_found',
    )

    const cred = await credential('acme key')
    const server = await createServer(app, {
      name: 'cred ok',
      toolkits: [{ toolkit_id: kit.id, credentials: { acme: cred.id } }],
    })
    const d2 = await serverDetail(app, server.id)
    expect(d2.toolkits[0].credentials).toEqual({ acme: cred.id })
    expect(d2.tools[0].credential_status).toBe('configured')
    expect(JSON.stringify(d2)).not.toContain('sk-test-secret')
  })
})

describe('single tools on a server', () => {
  test('add, patch (enabled, credential override) and remove', async () => {
    const base = await kitWithTools('single-base', ['from_kit'], { credential_provider: 'acme' })
    const loose = await kitWithTools('single-loose', ['loose_one', 'loose_two'])
    const server = await createServer(app, { name: 'single tools', toolkits: [{ toolkit_id: base.kit.id }] })

    const added = await json(
      await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [loose.tools[0].id] } }),
      200,
    )
    expect(added.success).toBe(true)
    expect(names(added.data)).toEqual(['from_kit', 'loose_one'])
    expect(added.data.tools[1]).toMatchObject({ toolkit_id: loose.kit.id, source: 'added' })

    const cred = await credential('override key')
    const patched = await json(
      await app.api(`/servers/${server.id}/tools/${base.tools[0].id}`, {
        method: 'PATCH',
        body: { credential_id: cred.id, enabled: false },
      }),
      200,
    )
    expect(patched.data.tools.find((t: { name: string }) => t.name === 'from_kit')).toMatchObject({
      credential_status: 'configured',
      enabled: false,
    })
    expectError(
      await json(
        await app.api(`/servers/${server.id}/tools/${base.tools[0].id}`, {
          method: 'PATCH',
          body: { credential_id: 'nope' },
        }),
        404,
      ),
      'not_found',
      'credential',
    )
    expectError(
      await json(
        await app.api(`/servers/${server.id}/tools/${loose.tools[1].id}`, {
          method: 'PATCH',
          body: { enabled: false },
        }),
        404,
      ),
      'not_found',
    )

    const removed = await json(
      await app.api(`/servers/${server.id}/tools`, {
        method: 'DELETE',
        body: { tool_ids: [base.tools[0].id, loose.tools[0].id] },
      }),
      200,
    )
    expect(names(removed.data)).toEqual([])
    expect(removed.data.toolkits.map((k: { toolkit_id: string }) => k.toolkit_id)).toEqual([base.kit.id])
    expectError(
      await json(
        await app.api(`/servers/${server.id}/tools`, { method: 'DELETE', body: { tool_ids: [loose.tools[1].id] } }),
        404,
      ),
      'not_found',
    )

    // Adding a removed toolkit tool back brings it back.
    const back = await json(
      await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [base.tools[0].id] } }),
      200,
    )
    expect(names(back.data)).toEqual(['from_kit'])
  })

  test('adding a tool whose name is taken → 409; unknown tool or server → 404; other project → 404', async () => {
    const a = await kitWithTools('add-a', ['dup'])
    const b = await kitWithTools('add-b', ['dup'])
    const server = await createServer(app, { name: 'add clash', toolkits: [{ toolkit_id: a.kit.id }] })
    const refused = await json(
      await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [b.tools[0].id] } }),
      409,
    )
    expectError(refused, 'conflict', '"dup"')
    expect(refused.error).toContain('from toolkit "add-a-kit" is already on server')
    expect(refused.error).toContain('toolkit "add-b-kit" brings another tool')
    expectError(
      await json(
        await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: ['0190a1b2-0000-7000-8000-000000000000'] } }),
        404,
      ),
      'not_found',
    )
    expectError(
      await json(
        await app.api('/servers/0190a1b2-0000-7000-8000-000000000000/tools', { body: { tool_ids: [a.tools[0].id] } }),
        404,
      ),
      'not_found',
      'server',
    )
    const other = await app.newProject('add-other')
    expectError(
      await json(
        await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [a.tools[0].id] }, key: other.apiKey }),
        404,
      ),
      'not_found',
    )
    expectError(
      await json(await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [] } }), 400),
      'validation_failed',
      'tool_ids',
    )
  })

  test('deleting a toolkit removes its tools from every server', async () => {
    const { kit, tools } = await kitWithTools('doomed', ['gone_soon'])
    const keep = await kitWithTools('keeper', ['stays'])
    const s1 = await createServer(app, {
      name: 'doomed one',
      toolkits: [{ toolkit_id: kit.id }, { toolkit_id: keep.kit.id }],
    })
    const s2 = await createServer(app, { name: 'doomed two' })
    await json(await app.api(`/servers/${s2.id}/tools`, { body: { tool_ids: [tools[0].id] } }), 200)
    await json(await app.api(`/toolkits/${kit.id}`, { method: 'DELETE' }), 200)
    const d1 = await serverDetail(app, s1.id)
    expect(names(d1)).toEqual(['stays'])
    expect(d1.toolkits.map((k: { toolkit_id: string }) => k.toolkit_id)).toEqual([keep.kit.id])
    expect(names(await serverDetail(app, s2.id))).toEqual([])
    expectError(await json(await app.api(`/tools/${tools[0].id}`), 404), 'not_found')
  })
})

describe('list_changed events', () => {
  test('adding a tool to a server and deleting a toolkit announce a tools list change', async () => {
    const seen: { list: string; serverId?: string }[] = []
    const stop = app.server.deps.events.subscribe((e) => {
      if (e.type === 'list_changed') seen.push({ list: e.list, ...(e.serverId ? { serverId: e.serverId } : {}) })
    })
    try {
      const { kit, tools } = await kitWithTools('events', ['ev_tool'])
      const server = await createServer(app, { name: 'events server' })
      const announced = async (want: { list: string; serverId?: string }) => {
        await waitFor(JSON.stringify(want), () => seen.some((e) => JSON.stringify(e) === JSON.stringify(want)))
        expect(seen).toContainEqual(want)
      }
      seen.length = 0
      await json(await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [tools[0].id] } }), 200)
      await announced({ list: 'tools', serverId: server.id })
      seen.length = 0
      await json(await app.api(`/toolkits/${kit.id}`, { method: 'DELETE' }), 200)
      await announced({ list: 'tools' })
    } finally {
      stop()
    }
  })
})
