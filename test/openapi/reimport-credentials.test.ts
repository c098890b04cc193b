// A re-import that would send a toolkit's credentials to another host, or place them by a changed security scheme, is
// refused (409 naming the old and new hosts) unless the caller confirms; confirmed, the answer says what changed.
// A re-import of an unchanged large document writes no tool and announces nothing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { generatedDocument, stylesDocument } from './fixtures'

const first = startRecorder(() => Response.json({ at: 'first' }))
const second = startRecorder(() => Response.json({ at: 'second' }))

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

const reimport = (id: string, body: Record<string, unknown>) => call(app, `/toolkits/${id}/reimport`, { body })

async function importedWithCredential(name: string, extra: Record<string, unknown> = {}) {
  const kit = await json(
    await app.api('/toolkits/import/openapi', {
      // Re-imports here apply at once (review_changes: false): these tests are about where credentials go.
      body: {
        name,
        spec: stylesDocument(first.origin),
        include: { operations: ['getPhoto'] },
        review_changes: false,
        ...extra,
      },
    }),
    201,
  )
  const credential = await json(
    await app.api('/credentials', {
      body: { name: `${name}-key`, provider_id: `${name}-key`, credential_data: { api_key: `SECRET-${name}` } },
    }),
    201,
  )
  const server = await createServer(app, {
    name: `${name}-server`,
    toolkits: [{ toolkit_id: kit.toolkit.id, credentials: { [`${name}-key`]: credential.id } }],
  })
  return { id: kit.toolkit.id as string, serverId: server.id as string }
}

const getPhoto = (serverId: string) =>
  call(app, '/tools/call', { body: { name: 'getPhoto', arguments: { petId: 1, photo: 'p' }, server_id: serverId } })

describe('re-import and where credentials go', () => {
  test('a new server host is 409 naming the old and new hosts; nothing changes and calls stay where they were', async () => {
    const kit = await importedWithCredential('moved')
    const res = await reimport(kit.id, { spec: stylesDocument(second.origin) })
    expect(res.status).toBe(409)
    expect(res.body.error).toContain(first.origin)
    expect(res.body.error).toContain(second.origin)
    expect(res.body.error).toContain('confirm: true')
    expect(res.body.details[0].field).toBe('body.confirm')
    expect((await getPhoto(kit.serverId)).body.isError).toBe(false)
    expect(first.last().headers['x-api-key']).toBe('SECRET-moved')
    expect(second.requests).toHaveLength(0)
  })

  test('confirm: true applies it and the answer says which credential goes where now', async () => {
    const kit = await importedWithCredential('confirmed')
    const res = await reimport(kit.id, { spec: stylesDocument(second.origin), confirm: true })
    expect(res.status).toBe(200)
    expect(res.body.updated).toEqual(['getPhoto'])
    expect(res.body.credential_changes).toEqual({
      hosts: [{ provider: 'confirmed-key', from: [first.origin], to: [second.origin] }],
      schemes: { added: [], changed: [], removed: [] },
    })
    expect((await getPhoto(kit.serverId)).body.isError).toBe(false)
    expect(second.last().headers['x-api-key']).toBe('SECRET-confirmed')
  })

  test('a changed security scheme is 409 too, and accepted with confirm', async () => {
    const kit = await importedWithCredential('rescheme')
    const doc = stylesDocument(first.origin) as any
    doc.components.securitySchemes.key = { type: 'apiKey', in: 'query', name: 'leak' }
    const refused = await reimport(kit.id, { spec: doc })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toContain('security scheme rescheme-key changed')
    const accepted = await reimport(kit.id, { spec: doc, confirm: true })
    expect(accepted.status).toBe(200)
    expect(accepted.body.credential_changes.schemes.changed).toEqual(['rescheme-key'])
  })

  test("a change that keeps credentials where they go needs no confirm; the toolkit's base_url wins over the document", async () => {
    const kit = await importedWithCredential('pinned', { base_url: `${first.origin}/v1` })
    const doc = stylesDocument(second.origin) as any
    doc.paths['/pets/{petId}/photos/{photo}'].get.summary = 'A photo, described anew'
    const res = await reimport(kit.id, { spec: doc })
    expect(res.status).toBe(200)
    expect(res.body.updated).toEqual(['getPhoto'])
    expect(res.body.credential_changes).toBeUndefined()
  })
})

describe('re-import of a large unchanged document', () => {
  test('1,000 operations: every tool unchanged, no tool row written, no list change announced', async () => {
    const doc = generatedDocument(1000)
    const kit = await json(
      await app.api('/toolkits/import/openapi', { body: { name: 'large', spec: doc, max_tools: 1000 } }),
      201,
    )
    const stamps = async () =>
      (await app.sql('SELECT id, updated_at FROM tools WHERE toolkit_id = $id ORDER BY id', { id: kit.toolkit.id }))
        .map((r) => `${r.id}@${r.updated_at}`)
        .join(',')
    const before = await stamps()
    let announced = 0
    const stop = app.server.deps.events.subscribe((e) => {
      if (e.type === 'list_changed') announced++
    })
    try {
      const res = await reimport(kit.toolkit.id, { spec: doc })
      expect(res.status).toBe(200)
      expect(res.body.unchanged).toHaveLength(1000)
      expect([...res.body.added, ...res.body.updated, ...res.body.removed]).toEqual([])
      expect(await stamps()).toBe(before)
      expect(announced).toBe(0)
    } finally {
      stop()
    }
  }, 60_000)
})
