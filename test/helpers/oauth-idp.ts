// Test fixture: a real OAuth 2 authorization server (oauth2-mock-server) on 127.0.0.1, recording what it issued,
// plus a Toolyard app whose log lines and response bodies are kept so tests can scan them for secrets.
import { randomUUID } from 'node:crypto'
import { OAuth2Server } from 'oauth2-mock-server'
import { type ApiResult, call } from './api'
import { startTestApp, type TestApp } from './app'
import { waitFor } from './poll'

interface TokenCall {
  grant_type: string
  body: Record<string, string>
  authorization?: string
}

export interface MockIdp {
  server: OAuth2Server
  issuer: string
  /** Every token request the provider received, in order. */
  calls: TokenCall[]
  /** Every access/refresh/id token it issued. */
  issued: string[]
  /** Answers the next token request with this status and body instead of tokens. */
  failNext(statusCode: number, body: Record<string, unknown>): void
  /** An outage: the HTTP server stops listening (connections refused) until `up`. */
  down(): Promise<void>
  /** Back from an outage on the same port (the same issuer URL, keys and recorded calls). */
  up(): Promise<void>
  stop(): Promise<void>
}

export async function startMockIdp(): Promise<MockIdp> {
  const server = new OAuth2Server()
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  const issuer = server.issuer.url!.replace(/\/$/, '')
  const port = Number(new URL(issuer).port)
  const calls: TokenCall[] = []
  const issued: string[] = []
  const failures: { statusCode: number; body: Record<string, unknown> }[] = []
  // JWTs signed in the same second with the same claims are identical; a unique jti makes every token distinct.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.jti = randomUUID()
  })
  server.service.on(
    'beforeResponse',
    (
      response: { statusCode: number; body: Record<string, unknown> },
      req: { body: Record<string, string>; headers: Record<string, string> },
    ) => {
      calls.push({
        grant_type: req.body.grant_type!,
        body: { ...req.body },
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      })
      const failure = failures.shift()
      if (failure) {
        response.statusCode = failure.statusCode
        response.body = failure.body
        return
      }
      for (const k of ['access_token', 'refresh_token', 'id_token'])
        if (typeof response.body[k] === 'string') issued.push(response.body[k] as string)
    },
  )
  return {
    server,
    issuer,
    calls,
    issued,
    failNext: (statusCode, body) => void failures.push({ statusCode, body }),
    down: () => server.stop(),
    up: () => server.start(port, '127.0.0.1'),
    stop: () => (server.listening ? server.stop() : Promise.resolve()),
  }
}

/** Follows the authorization URL like a browser would, without following the redirect back: returns code and state. */
export async function authorize(authUrl: string): Promise<{ code: string; state: string; location: URL }> {
  const res = await fetch(authUrl, { redirect: 'manual' })
  if (res.status < 300 || res.status >= 400) throw new Error(`authorize answered ${res.status}`)
  const location = new URL(res.headers.get('location')!)
  return { code: location.searchParams.get('code')!, state: location.searchParams.get('state')!, location }
}

export interface RecordingApp extends TestApp {
  logLines: string[]
  bodies: string[]
  /** Like call() from ./api, and keeps the response body text. */
  call(path: string, init?: Parameters<TestApp['api']>[1]): Promise<ApiResult>
}

export async function startRecordingApp(env: Record<string, string> = {}): Promise<RecordingApp> {
  const logLines: string[] = []
  const bodies: string[] = []
  const app = await startTestApp(env, { onLogLine: (l) => logLines.push(l) })
  const recorded: RecordingApp['call'] = async (path, init) => {
    const r = await call(app, path, init)
    bodies.push(r.text)
    return r
  }
  return Object.assign(app, { logLines, bodies, call: recorded })
}

/** What the test tool returns for a token: its length and last characters (the token itself is never echoed). */
export const fingerprint = (token: string) => `token ${token.length}:${token.slice(-12)}`

export const TOOL_CODE = `export default async (input, ctx) => {
  const t = ctx.credentials && ctx.credentials.access_token
  return t ? 'token ' + t.length + ':' + t.slice(-12) : 'no credentials'
}`

/**
 * The IdP's first token of each connection expires in 4 s (inside the refresh margin at once); a refreshed one lives an
 * hour.
 */
export function firstTokensNearExpiry(idp: MockIdp): void {
  idp.server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown> }, req: { body: Record<string, string> }) => {
      if (typeof response.body.access_token === 'string')
        response.body.expires_in = req.body.grant_type === 'refresh_token' ? 3_600 : 4
    },
  )
}

/**
 * A server with one tool (TOOL_CODE: shows a fingerprint of the token it was given) needing provider `providerId`,
 * mapped to `credentialId`. Answers the server's id and slug, the tool's name (`whoami_<label>`) and its function's id.
 */
export async function credentialTool(app: ApiTarget, providerId: string, credentialId: string, label: string) {
  const ok = (r: ApiResult, what: string) => {
    if (r.status !== 201) throw new Error(`${what}: ${r.status} ${r.text}`)
    return r.body
  }
  const fn = ok(
    await call(app, '/functions', { body: { name: `show-token-${label}`, runtime: 'javascript', code: TOOL_CODE } }),
    'function',
  )
  const kit = ok(await call(app, '/toolkits', { body: { name: `oauth-kit-${label}` } }), 'toolkit')
  ok(
    await call(app, '/tools', {
      body: {
        toolkit_id: kit.id,
        name: `whoami_${label}`,
        function_name: `show-token-${label}`,
        input_schema: { type: 'object' },
        credential_provider: providerId,
      },
    }),
    'tool',
  )
  const server = ok(
    await call(app, '/servers', {
      body: { name: `oauth ${label}`, toolkits: [{ toolkit_id: kit.id, credentials: { [providerId]: credentialId } }] },
    }),
    'server',
  )
  return {
    serverId: server.data.id as string,
    slug: server.data.slug as string,
    tool: `whoami_${label}`,
    functionId: fn.id as string,
  }
}

/** POST /providers's body for OAuth provider `id` on the mock IdP. */
const providerBody = (idp: MockIdp, id: string) => ({
  id,
  name: id,
  auth_type: 'oauth',
  authorize_url: `${idp.issuer}/authorize`,
  token_url: `${idp.issuer}/token`,
  client_id: `${id}-client`,
  client_secret: `${id}-secret-value`,
})

/** Registers provider `id` on the mock IdP and runs its OAuth flow to the end; answers the new credential's id. */
export async function connectProvider(app: RecordingApp, idp: MockIdp, id: string): Promise<string> {
  await app.call('/providers', {
    body: providerBody(idp, id),
  })
  const init = await app.call('/oauth/init', {
    body: { provider_id: id, redirect_uri: 'http://127.0.0.1:1/cb', scopes: ['read'] },
  })
  const { code, state } = await authorize(init.body.auth_url)
  await app.call('/oauth/callback', { body: { code, state } })
  return (await app.call('/oauth/exchange-token', { body: { state } })).body.credential_id
}

/** Anything with a test app's `api`: one app, or one of several instances (`via` below picks one per flow). */
type ApiTarget = { api(path: string, init?: { body?: unknown }): Promise<Response> }

/**
 * Registers OAuth provider `id` on the mock IdP (through `via(0)`) and runs `count` flows to the end, flow i through
 * `via(i)`: the scale-out tests spread them over instances. Answers the new credentials' ids; fails on any refusal.
 */
export async function connectCredentials(
  idp: MockIdp,
  id: string,
  count: number,
  via: (i: number) => ApiTarget,
): Promise<string[]> {
  const provider = await call(via(0), '/providers', {
    body: providerBody(idp, id),
  })
  if (provider.status !== 201) throw new Error(`provider ${id}: ${provider.status} ${provider.text}`)
  const credentials: string[] = []
  for (let i = 0; i < count; i++) {
    const app = via(i)
    const init = await call(app, '/oauth/init', {
      body: { provider_id: id, redirect_uri: 'http://127.0.0.1:1/cb', scopes: ['read'] },
    })
    if (init.status !== 200) throw new Error(`oauth/init: ${init.status} ${init.text}`)
    const { code, state } = await authorize(init.body.auth_url)
    const back = await call(app, '/oauth/callback', { body: { code, state } })
    if (back.status !== 200) throw new Error(`oauth/callback: ${back.status} ${back.text}`)
    credentials.push((await call(app, '/oauth/exchange-token', { body: { state } })).body.credential_id)
  }
  return credentials
}

/**
 * The refresh tokens the IdP was asked to refresh with, once `count` refreshes came in and the job then ran several
 * more times on every instance (3 s), so a second refresh of any token would be among them.
 */
export async function refreshTokensUsed(idp: MockIdp, count: number): Promise<string[]> {
  const refreshes = () => idp.calls.filter((c) => c.grant_type === 'refresh_token')
  await waitFor(`${count} refreshes`, () => refreshes().length >= count, { timeoutMs: 60_000 })
  await Bun.sleep(3_000)
  return refreshes().map((c) => c.body.refresh_token!)
}
