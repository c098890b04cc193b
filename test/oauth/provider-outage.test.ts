// An OAuth provider that goes away and comes back (oauth2-mock-server's HTTP server stopped, then started again on the
// same port): while it is away, an MCP tool call needing its expired token gets a tool error (isError) saying the
// provider is unreachable and when the next retry is; the retries back off from 5 s, doubling (docs/reliability.md,
// "OAuth providers that go away"); once it is back the credential works again after the backoff then running, without
// anyone re-authorizing. Before, a failed refresh left the credential dead for five minutes.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { connectClient } from '../helpers/mcp'
import {
  connectProvider,
  credentialTool,
  fingerprint,
  type MockIdp,
  type RecordingApp,
  startMockIdp,
  startRecordingApp,
} from '../helpers/oauth-idp'
import { waitFor } from '../helpers/poll'

let app: RecordingApp
let idp: MockIdp

beforeAll(async () => {
  idp = await startMockIdp()
  // The job runs every second, as the call path does: both must keep to the backoff.
  app = await startRecordingApp({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: '1' })
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

type Text = { content: { type: string; text: string }[]; isError?: boolean }

/** The refresh bookkeeping of a credential: failures in a row, and the backoff the last one set (ms). */
async function backoff(id: string) {
  const [row] = await app.sql(
    'SELECT refresh_failures, refresh_retry_after, updated_at, last_error FROM credentials WHERE id = $id',
    { id },
  )
  return {
    failures: Number(row!.refresh_failures),
    waitMs: Date.parse(String(row!.refresh_retry_after)) - Date.parse(String(row!.updated_at)),
  }
}

/** 5 s after the first failure in a row, doubling, never more than 60 s. */
const backoffAfter = (failures: number) => Math.min(60_000, 5_000 * 2 ** (failures - 1))

test('provider down: calls say it is unreachable and when it retries; back up: the credential works again', async () => {
  const id = await connectProvider(app, idp, 'outage')
  const { slug, tool, functionId } = await credentialTool(app, 'outage', id, 'outage')
  const { client } = await connectClient(app, slug)
  try {
    const call = async () => (await client.callTool({ name: tool, arguments: {} })) as Text
    expect((await call()).isError).toBeFalsy()

    await idp.down()
    await app.sql('UPDATE credentials SET expires_at = $at WHERE id = $id', {
      at: new Date(Date.now() - 60_000).toISOString(),
      id,
    })
    const unreachable = new RegExp(
      `^OAuth provider "outage" for credential ${id} is unreachable; next retry in (\\d+) s$`,
    )
    const during = await call()
    expect(during.isError).toBe(true)
    const text = during.content[0]!.text
    expect(text).toMatch(unreachable)
    // The first failure waits 5 s: the retry is at most that far off.
    expect(Number(unreachable.exec(text)![1])).toBeLessThanOrEqual(5)
    // Invoking the function with the credential directly: a 502 with the same words.
    const invoked = await app.call(`/functions/${functionId}/invoke`, { body: { input: {}, credential_id: id } })
    expect(invoked.status).toBe(502)
    expect(invoked.body.error).toMatch(unreachable)
    const first = await backoff(id)
    expect(first.failures).toBeGreaterThanOrEqual(1)
    expect(first.waitMs).toBe(backoffAfter(first.failures))

    // The next attempt (the job's or a call's) fails too and waits twice as long.
    const second = await waitFor('the second failed refresh', async () => {
      const b = await backoff(id)
      return b.failures >= 2 ? b : undefined
    })
    expect(second.waitMs).toBe(backoffAfter(second.failures))
    expect(backoffAfter(2)).toBe(10_000)
    const meanwhile = await call()
    expect(meanwhile.isError).toBe(true)
    expect(Number(unreachable.exec(meanwhile.content[0]!.text)![1])).toBeLessThanOrEqual(
      backoffAfter(second.failures) / 1000,
    )

    // Back on the same port: after the backoff now running (10 s after two failures) the next call works, with a new
    // token.
    await idp.up()
    const refreshesBefore = idp.calls.filter((c) => c.grant_type === 'refresh_token').length
    const back = await waitFor(
      'the credential to work again',
      async () => {
        const r = await call()
        if (r.isError) expect(r.content[0]!.text).toMatch(unreachable)
        return r.isError ? undefined : r
      },
      { timeoutMs: 30_000, intervalMs: 250 },
    )
    expect(back.content[0]!.text).toBe(fingerprint(idp.issued.at(-3)!))
    // One refresh brought it back, and the bookkeeping is clear again.
    expect(idp.calls.filter((c) => c.grant_type === 'refresh_token').length).toBe(refreshesBefore + 1)
    expect(await backoff(id)).toMatchObject({ failures: 0 })
    const listed = (await app.call('/credentials')).body.credentials.find((c: { id: string }) => c.id === id)
    expect(listed.status).toBe('active')

    // Nothing a client or the log saw holds a token or the client secret.
    for (const secret of [...idp.issued, 'outage-secret-value'])
      for (const seen of [text, meanwhile.content[0]!.text, ...app.bodies, ...app.logLines])
        expect(seen).not.toContain(secret)
  } finally {
    await client.close()
  }
}, 60_000)
