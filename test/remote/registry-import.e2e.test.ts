// POST /toolkits/import/registry: an MCP Registry server.json (test/fixtures/registry/everything.server.json, in the
// official format) pointing at the reference server (@modelcontextprotocol/server-everything, its own process) becomes
// a remote toolkit with the upstream's tools, given inline or read from a registry URL; a secret header becomes the
// toolkit's credential header under a provider; a bad server.json is a 400 naming the field; a packages-only one is a
// 400 saying local packages need an operator-declared local server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { json } from '../helpers/api'
import { ROOT, startTestApp, type TestApp } from '../helpers/app'
import { type RealUpstream, startRealUpstream } from '../helpers/real-upstreams'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
let everything: RealUpstream
let guarded: Upstream
let registry: ReturnType<typeof Bun.serve>
let fixture: Record<string, any>

beforeAll(async () => {
  fixture = await Bun.file(join(ROOT, 'test/fixtures/registry/everything.server.json')).json()
  everything = await startRealUpstream('everything-http')
  guarded = await startUpstream({ transport: 'streamable_http', require: { name: 'x-api-key', value: 's3cret-key' } })
  app = await startTestApp()
  // A registry's API answers `{server, _meta}` for a version of a server.
  registry = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => Response.json({ server: fixture, _meta: { 'io.modelcontextprotocol.registry/official': {} } }),
  })
})
afterAll(async () => {
  await app?.stop()
  await everything?.kill()
  await guarded?.stop()
  registry?.stop(true)
})

const importRegistry = (body: Record<string, unknown>) => app.api('/toolkits/import/registry', { body })
const port = () => String(everything.port)

/** The 400's error details. */
async function refused(res: Response) {
  const body = await json(res, 400)
  return { code: body.code as string, message: body.error as string, details: body.details as { field: string }[] }
}

describe('a registry server.json becomes a remote toolkit', () => {
  test("given inline: the toolkit lists the upstream's tools, its URL variable filled from the request", async () => {
    const kit = await json(
      await importRegistry({ name: 'everything-inline', server_json: fixture, variables: { port: port() } }),
      201,
    )
    expect(kit).toMatchObject({ name: 'everything-inline', toolkit_type: 'remote', display_name: 'Everything' })
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect(detail.remote.url).toBe(`http://127.0.0.1:${port()}/mcp`)
    expect(detail.remote.transport).toBe('streamable_http')
    expect((detail.tools as { name: string }[]).map((t) => t.name)).toContain('echo')
  })

  test('read from registry_url (a registry API answer) through the egress guard', async () => {
    const kit = await json(
      await importRegistry({
        name: 'everything-url',
        registry_url: `http://127.0.0.1:${registry.port}/v0/servers/everything/versions/latest`,
        variables: { port: port() },
      }),
      201,
    )
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect((detail.tools as { name: string }[]).map((t) => t.name)).toContain('get-sum')
  })

  test('an entry of a registry snapshot file (air-gapped installs), picked by server_name', async () => {
    const official = (isLatest: boolean) => ({ 'io.modelcontextprotocol.registry/official': { isLatest } })
    const snapshot = {
      servers: [
        { server: { ...fixture, version: '0.0.1', remotes: [] }, _meta: official(false) },
        { server: fixture, _meta: official(true) },
        { server: { ...fixture, name: 'io.example/other' }, _meta: official(true) },
      ],
      metadata: { count: 3 },
    }
    const kit = await json(
      await importRegistry({
        name: 'everything-snapshot',
        server_json: snapshot,
        server_name: fixture.name,
        variables: { port: port() },
      }),
      201,
    )
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect((detail.tools as { name: string }[]).map((t) => t.name)).toContain('echo')
    // Without server_name, or with one the file does not list: a 400 naming body.server_name.
    expect((await refused(await importRegistry({ name: 'x', server_json: snapshot }))).details[0]!.field).toBe(
      'body.server_name',
    )
    expect(
      (await refused(await importRegistry({ name: 'x', server_json: snapshot, server_name: 'io.example/none' })))
        .details[0]!.field,
    ).toBe('body.server_name')
  })

  test('a secret header becomes the credential header under a provider; the import works once a credential exists', async () => {
    const doc = {
      name: 'io.example/guarded',
      description: 'Needs a key',
      version: '1.0.0',
      remotes: [
        {
          type: 'streamable-http',
          url: guarded.url,
          headers: [
            { name: 'X-API-Key', description: 'Your key', isRequired: true, isSecret: true },
            { name: 'X-Team', description: 'Fixed by the publisher', value: 'blue' },
            { name: 'X-Region', description: 'Where to run', isRequired: true },
          ],
        },
      ],
    }
    // A required header without a value: named in the 400.
    const noRegion = await refused(await importRegistry({ name: 'guarded', server_json: doc }))
    expect(noRegion.details[0]!.field).toBe('body.headers.X-Region')
    const body = { name: 'guarded', server_json: doc, headers: { 'X-Region': 'eu' } }
    // No credential yet: the upstream refuses us, and the provider to store one under is there already.
    const first = await refused(await importRegistry(body))
    expect(first.code).toBe('upstream_failed')
    const providers = (await json(await app.api('/providers'), 200)).providers as { id: string }[]
    expect(providers.map((p) => p.id)).toContain('mcp-guarded')
    await json(
      await app.api('/credentials', {
        body: { name: 'guarded key', provider_id: 'mcp-guarded', credential_data: { api_key: 's3cret-key' } },
      }),
      201,
    )
    const kit = await json(await importRegistry(body), 201)
    // The credential in its header, the publisher's value and the request's value in theirs.
    expect(
      guarded.seen.some((h) => h['x-api-key'] === 's3cret-key' && h['x-team'] === 'blue' && h['x-region'] === 'eu'),
    ).toBe(true)
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect((detail.tools as { name: string; credential_provider?: string }[])[0]).toMatchObject({
      credential_provider: 'mcp-guarded',
    })
    expect(JSON.stringify(detail)).not.toContain('s3cret-key')
  })
})

describe('a server.json that cannot be imported', () => {
  test('a remotes entry without url is a 400 naming that field', async () => {
    const { url: _, ...noUrl } = fixture.remotes[0]
    const error = await refused(await importRegistry({ name: 'bad', server_json: { ...fixture, remotes: [noUrl] } }))
    expect(error.details[0]!.field).toBe('body.server_json.remotes[0].url')
  })

  test('a server.json without description is a 400 naming it', async () => {
    const { description: _, ...rest } = fixture
    const error = await refused(await importRegistry({ name: 'bad', server_json: rest }))
    expect(error.details[0]!.field).toBe('body.server_json.description')
  })

  test('a URL variable without a value or default is a 400 naming body.variables.<name>', async () => {
    const error = await refused(await importRegistry({ name: 'bad', server_json: fixture }))
    expect(error.details[0]!.field).toBe('body.variables.port')
  })

  test('a packages-only server.json is a 400 saying local packages need an operator-declared local server', async () => {
    const { remotes: _, ...packagesOnly } = fixture
    const error = await refused(await importRegistry({ name: 'bad', server_json: packagesOnly }))
    expect(error.details[0]!.field).toBe('body.server_json.packages')
    expect(error.message).toContain('local server')
    expect(error.message).toContain('TOOLYARD_LOCAL_SERVERS')
  })

  test('neither server_json nor registry_url is a 400', async () => {
    const error = await refused(await importRegistry({ name: 'bad' }))
    expect(error.details[0]!.field).toBe('body.server_json')
  })
})
