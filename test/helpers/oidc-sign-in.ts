// A real OpenID provider (oauth2-mock-server) whose ID tokens name a chosen person, and the browser of a person signing
// in through it: Toolyard redirects to the provider (with a cookie binding the sign-in), the provider redirects back,
// and the page that comes back is read.
import { expect } from 'bun:test'
import { type MockIdp, startMockIdp } from './oauth-idp'

export interface OidcProvider extends MockIdp {
  /** The claims the next ID tokens carry besides iss/aud/nonce (sub at least). */
  person: Record<string, unknown>
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const idp = (await startMockIdp()) as OidcProvider
  idp.person = { sub: 'alice-sub', email: 'alice@example.com', name: 'Alice' }
  idp.server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    // The ID token is the one with a client audience (the access token has none from this provider).
    if (typeof token.payload.aud === 'string') Object.assign(token.payload, idp.person)
  })
  return idp
}

/** The hidden fields of a page's form. */
function hiddenFields(html: string): Record<string, string> {
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  const fields: Record<string, string> = {}
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[decode(m[1]!)] = decode(m[2]!)
  return fields
}

const cookiePair = (setCookie: string | null) => setCookie?.split(';')[0] ?? ''

/**
 * Opens `startUrl` (Toolyard's page that sends the person to the provider), follows the provider's redirect back as a
 * browser would (with the binding cookie), and answers the final response (not followed further).
 */
export async function signInThroughProvider(
  startUrl: string,
  opts: { dropCookie?: boolean } = {},
): Promise<{ res: Response; html: string; providerUrl: URL }> {
  const start = await fetch(startUrl, { redirect: 'manual' })
  expect(start.status).toBe(302)
  const providerUrl = new URL(start.headers.get('location')!)
  const cookie = cookiePair(start.headers.get('set-cookie'))
  const atProvider = await fetch(providerUrl, { redirect: 'manual' })
  expect(atProvider.status).toBe(302)
  const back = atProvider.headers.get('location')!
  const res = await fetch(back, { redirect: 'manual', headers: opts.dropCookie ? {} : { cookie } })
  return { res, html: await res.text(), providerUrl }
}

/** Posts the signed-in consent form (Approve or Deny); answers the redirect to the client, or the page again. */
export async function decideSignedIn(origin: string, html: string, decision: 'approve' | 'deny' = 'approve') {
  return fetch(`${origin}/mcp/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hiddenFields(html), decision }),
    redirect: 'manual',
  })
}
