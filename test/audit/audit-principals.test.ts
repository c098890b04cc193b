// Who the audit trail names for changes made other ways than a plain API key: the dashboard (its member: the key a
// session signed in with, or the admin token) and the admin API's token.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

const ADMIN_TOKEN = 'admin-token-for-the-audit-trail-0123'
let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN_TOKEN })
})
afterAll(async () => {
  await app.stop()
})

const formPost = (path: string, body: string, cookie = '') =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
    body,
  })
async function signIn(key: string): Promise<string> {
  const res = await formPost('/ui/sign-in', `key=${encodeURIComponent(key)}`)
  expect(res.status).toBe(303)
  return res.headers.get('set-cookie')!.split(';')[0]!
}
const entries = async (key: string): Promise<any[]> => (await json(await app.api('/audit', { key }), 200)).entries

describe('who made a change', () => {
  test('a server made in the dashboard names the dashboard and its member', async () => {
    const p = await app.newProject('dash-member')
    const keyId = (await app.server.deps.projects.authenticate(p.apiKey))!.keyId
    const cookie = await signIn(p.apiKey)
    const res = await formPost('/ui/servers', 'name=from-the-dashboard', cookie)
    expect(res.status).toBe(303)
    const [entry] = (await entries(p.apiKey)).filter((e) => e.resource === 'servers')
    expect(entry.action).toBe('create')
    expect(entry.actor).toEqual({ kind: 'dashboard', key_id: keyId, member: `key:${keyId}` })
  })

  test('the same change through REST with the same key names the key alone', async () => {
    const p = await app.newProject('rest-member')
    await json(await app.api('/servers', { key: p.apiKey, body: { name: 'from-rest' } }), 201)
    const [entry] = await entries(p.apiKey)
    expect(entry.actor.kind).toBe('key')
    expect(entry.actor.member).toBeUndefined()
  })

  test('the admin API names the admin token; the admin token in the dashboard is a member too', async () => {
    const made = await json(
      await app.api('/admin/projects', {
        key: null,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: { name: 'by-admin' },
      }),
      201,
    )
    const key = await json(
      await app.api(`/admin/projects/${made.id}/keys`, {
        key: null,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        body: { name: 'first' },
      }),
      201,
    )
    const list = await entries(key.api_key)
    expect(list.map((e) => `${e.action} ${e.resource}`)).toEqual(['create projects', 'create keys'])
    for (const e of list) expect(e.actor).toEqual({ kind: 'admin_token' })
    expect(JSON.stringify(list)).not.toContain(key.api_key)

    const cookie = await signIn(ADMIN_TOKEN)
    expect((await formPost('/ui/projects', 'name=from-admin-dashboard', cookie)).status).toBe(303)
    const project = (await app.server.deps.projects.listProjects()).find((x) => x.name === 'from-admin-dashboard')!
    await app.server.deps.audit.flush()
    const [row] = await app.sql('SELECT actor, action, resource FROM audit_entries WHERE project_id = $p', {
      p: project.id,
    })
    expect(JSON.parse(String(row!.actor))).toEqual({ kind: 'dashboard', member: 'admin token' })
    expect(row!.resource).toBe('projects')
  })
})
