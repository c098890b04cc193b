// An OAuth credential behind a remote toolkit: the vault refreshes the token before it is sent (when the refresh job
// would: inside the margin and past half its lifetime), the upstream sees only the fresh token, and no token appears in
// a response or log line.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createServer } from '../helpers/api'
import { connectClient } from '../helpers/mcp'
import { connectProvider, type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from '../helpers/oauth-idp'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: RecordingApp
let idp: MockIdp
let upstream: Upstream
const accepted: string[] = []
beforeAll(async () => {
  idp = await startMockIdp()
  // Every token the IdP issues lives an hour; a two-hour margin puts it inside the margin at once, and the test makes
  // the first one older than half its lifetime, so it is due when first used.
  app = await startRecordingApp({ TOOLYARD_OAUTH_REFRESH_MARGIN_S: '7200' })
  upstream = await startUpstream({
    transport: 'streamable_http',
    require: {
      name: 'authorization',
      value: (v) => {
        const token = v.replace(/^Bearer /, '')
        const ok = idp.issued.includes(token)
        if (ok) accepted.push(token)
        return ok
      },
    },
  })
})
afterAll(async () => {
  await app.stop()
  await upstream.stop()
  await idp.stop()
})

test('the OAuth token is refreshed before it goes upstream, and never shown', async () => {
  const credentialId = await connectProvider(app, idp, 'upidp')
  const firstAccess = idp.issued[0]!
  // Obtained 40 minutes ago, 20 left.
  await app.sql('UPDATE credentials SET created_at = $obtained, expires_at = $expires WHERE id = $id', {
    obtained: new Date(Date.now() - 40 * 60_000).toISOString(),
    expires: new Date(Date.now() + 20 * 60_000).toISOString(),
    id: credentialId,
  })
  const kit = await app.call('/toolkits', {
    body: {
      name: 'oauth-upstream',
      toolkit_type: 'remote',
      remote: { url: upstream.url, auth: { type: 'bearer', credential_provider: 'upidp' } },
    },
  })
  expect(kit.status).toBe(201)
  const server = await createServer(app, {
    name: 'oauth upstream',
    toolkits: [{ toolkit_id: kit.body.id, credentials: { upidp: credentialId } }],
  })
  const { client } = await connectClient(app, server.slug)
  expect(await client.callTool({ name: 'echo', arguments: { text: 'fresh' } })).toMatchObject({
    content: [{ type: 'text', text: 'fresh' }],
    isError: false,
  })
  await client.close()
  expect(idp.calls.filter((c) => c.grant_type === 'refresh_token').length).toBeGreaterThan(0)
  expect(accepted.length).toBeGreaterThan(0)
  expect(accepted).not.toContain(firstAccess)
  const shown = [...app.bodies, ...app.logLines].join('\n')
  for (const token of idp.issued) expect(shown).not.toContain(token)

  // The provider goes away and the token expires: the tool error names the outage and the retry, not the token.
  await idp.down()
  try {
    await app.sql('UPDATE credentials SET expires_at = $at WHERE id = $id', {
      at: new Date(Date.now() - 60_000).toISOString(),
      id: credentialId,
    })
    const again = await connectClient(app, server.slug)
    const during = (await again.client.callTool({ name: 'echo', arguments: { text: 'later' } })) as {
      content: { text: string }[]
      isError: boolean
    }
    await again.client.close()
    expect(during.isError).toBe(true)
    expect(during.content[0]!.text).toMatch(
      new RegExp(`^OAuth provider "upidp" for credential ${credentialId} is unreachable; next retry in [1-5] s$`),
    )
  } finally {
    await idp.up()
  }
})
