// The person in an OAuth flow against Toolyard's authorization server: open the consent page, submit the form with
// an API key, and follow the answer to the client's redirect_uri.
import { expect } from 'bun:test'

/** The hidden fields of the consent form (every original authorization parameter). */
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

/** GETs the consent page, then POSTs the decision; returns the page and the raw answer (302 or a page again). */
export async function submitConsent(authUrl: string, apiKey: string, decision: 'approve' | 'deny' = 'approve') {
  const page = await fetch(authUrl)
  const html = await page.text()
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toContain('text/html')
  const form = new URLSearchParams({ ...hiddenFields(html), api_key: apiKey, decision })
  const answer = await fetch(new URL(authUrl).origin + new URL(authUrl).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  })
  return { html, answer }
}

/** Approves and returns the redirect the client receives (its URL carries code and state). */
export async function approve(authUrl: string, apiKey: string): Promise<URL> {
  const { answer } = await submitConsent(authUrl, apiKey)
  expect(answer.status).toBe(302)
  return new URL(answer.headers.get('location')!)
}
