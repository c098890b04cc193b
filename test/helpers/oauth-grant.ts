// A public client of Toolyard's own authorization server, over real HTTP: register, approve with a key on the
// consent page, exchange the code, refresh. Returns what a client holds (tokens), never looks inside the database.
import { expect } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { approve } from './oauth-consent'

const CLIENT_REDIRECT = 'http://127.0.0.1:9/cb'

export async function registerClient(origin: string, redirectUris = [CLIENT_REDIRECT]): Promise<Response> {
  return fetch(`${origin}/mcp/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'grant test', redirect_uris: redirectUris }),
  })
}

export function tokenRequest(origin: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${origin}/mcp/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })
}

export function authorizeUrl(
  origin: string,
  clientId: string,
  resource: string,
  challenge: string,
  redirectUri = CLIENT_REDIRECT,
): string {
  const u = new URL(`${origin}/mcp/oauth/authorize`)
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st',
    resource,
  }))
    u.searchParams.set(k, v)
  return u.href
}

/** A registered client approved by `apiKey` for `resource`: its client id, access token and refresh token. */
export async function obtainTokens(origin: string, resource: string, apiKey: string) {
  const reg = await registerClient(origin)
  expect(reg.status).toBe(201)
  const clientId = ((await reg.json()) as { client_id: string }).client_id
  const verifier = randomBytes(32).toString('base64url')
  const challenge = createHash('sha256').update(verifier).digest('base64url')
  const back = await approve(authorizeUrl(origin, clientId, resource, challenge), apiKey)
  const res = await tokenRequest(origin, {
    grant_type: 'authorization_code',
    code: back.searchParams.get('code')!,
    code_verifier: verifier,
    client_id: clientId,
    redirect_uri: CLIENT_REDIRECT,
    resource,
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { access_token: string; refresh_token: string }
  return { clientId, access: body.access_token, refresh: body.refresh_token }
}

/** POST initialize to an MCP server URL with an access token: the status tells whether the token is accepted. */
export function initializeWith(resource: string, accessToken: string): Promise<Response> {
  return fetch(resource, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${accessToken}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'grant-test', version: '1' } },
    }),
  })
}
