// A path parameter cannot climb out of its operation's path: a value that makes a `.` or `..` segment, raw or
// percent-encoded, is a tool error and nothing is sent anywhere (the credential included) — on an imported document
// and on the catalog's GitHub toolkit, both pointed at real recording upstreams on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { stylesDocument } from './fixtures'

const upstream = startRecorder(() => Response.json({ ok: true }))
/** Anything that reaches this one went somewhere it should not have. */
const elsewhere = startRecorder(() => Response.json({ login: 'leaked' }))

let app: TestApp
let stylesServer: string
let githubServer: string

beforeAll(async () => {
  app = await startTestApp()
  const kit = await json(
    await app.api('/toolkits/import/openapi', { body: { name: 'styles', spec: stylesDocument(upstream.origin) } }),
    201,
  )
  const credential = async (provider: string, data: Record<string, unknown>) =>
    (
      await json(
        await app.api('/credentials', { body: { name: provider, provider_id: provider, credential_data: data } }),
        201,
      )
    ).id
  const credentials = {
    'styles-key': await credential('styles-key', { api_key: 'KEY-SECRET' }),
    'styles-basic': await credential('styles-basic', { username: 'ann', password: 'BASIC-SECRET' }),
  }
  stylesServer = (await createServer(app, { name: 'styles', toolkits: [{ toolkit_id: kit.toolkit.id, credentials }] }))
    .id
  const github = await credential('github', { access_token: 'GITHUB-TOKEN', base_url: elsewhere.origin })
  githubServer = (
    await createServer(app, {
      name: 'github',
      toolkits: [{ toolkit_id: 'prebuilt-github', credentials: { github } }],
    })
  ).id
})
afterAll(() => app.stop())

const callTool = async (server_id: string, name: string, args: Record<string, unknown>) => {
  const res = await call(app, '/tools/call', { body: { name, arguments: args, server_id } })
  expect(res.status).toBe(200)
  return res.body
}

const CLIMBING = ['..', '.', '%2e%2e', '.%2E', '%2E', '%252e%252e']

describe('an imported document', () => {
  test('a path value that makes a . or .. segment is a tool error and reaches no upstream', async () => {
    for (const photo of CLIMBING) {
      const result = await callTool(stylesServer, 'getPhoto', { petId: 1, photo })
      expect(result.isError).toBe(true)
      expect(result.content[0].text).toContain('path segment')
    }
    for (const petId of CLIMBING) {
      const result = await callTool(stylesServer, 'deletePet', { petId })
      expect(result.isError).toBe(true)
    }
    expect(upstream.requests).toHaveLength(0)
    expect(elsewhere.requests).toHaveLength(0)
  })

  test('dots inside a segment and a slash in a value stay in their segment, encoded', async () => {
    const ok = await callTool(stylesServer, 'getPhoto', { petId: 1, photo: '../x' })
    expect(ok.isError).toBe(false)
    expect(upstream.last().path).toBe('/v1/pets/1/photos/..%2Fx')
    await callTool(stylesServer, 'getPhoto', { petId: 1, photo: '...' })
    expect(upstream.last().path).toBe('/v1/pets/1/photos/...')
    expect(upstream.last().headers['x-api-key']).toBe('KEY-SECRET')
  })
})

describe('the catalog GitHub toolkit', () => {
  test('get_repo {owner: "..", repo: "user"} is refused instead of becoming GET /user with the token', async () => {
    const before = elsewhere.requests.length
    for (const owner of ['..', '%2e%2e', '.%2E']) {
      const result = await callTool(githubServer, 'github_get_repo', { owner, repo: 'user' })
      expect(result.isError).toBe(true)
      expect(result.content[0].text).toContain('path segment')
    }
    expect(elsewhere.requests.length).toBe(before)
    const fine = await callTool(githubServer, 'github_get_repo', { owner: 'octo', repo: 'hello' })
    expect(fine.isError).toBe(false)
    expect(elsewhere.last().path).toBe('/repos/octo/hello')
    expect(elsewhere.last().headers.authorization).toBe('Bearer GITHUB-TOKEN')
  })
})
