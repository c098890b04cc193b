// The connect link's pages: plain server-rendered HTML, no scripts, no outside assets (as the consent page).
import { HTML_HEADERS, messagePage } from '../oauth-server/consent-page'
import type { ConnectPage } from './connect'

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}label{display:block;margin-top:1rem}
input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}button{font:inherit;padding:.5rem 1.2rem;margin-top:1rem}`

const label = (field: string) => field.replace(/_/g, ' ')

function formPage(providerName: string, fields: string[]): string {
  const inputs = fields
    .map(
      (f) =>
        `<label for="${esc(f)}">${esc(label(f))}</label><input type="password" id="${esc(f)}" name="${esc(f)}" autocomplete="off" required>`,
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Connect ${esc(providerName)}</title><style>${STYLE}</style></head><body><h1>Connect ${esc(providerName)}</h1><p>Your ${esc(providerName)} credentials are stored encrypted and used only for your own calls.</p><form method="post">${inputs}<button type="submit">Connect</button></form></body></html>`
}

/** The page as a response: a form, a redirect to the provider's sign-in, or a message. */
export function connectResponse(page: ConnectPage): Response {
  if (page.kind === 'redirect')
    return new Response(null, { status: 303, headers: { location: page.location, 'cache-control': 'no-store' } })
  if (page.kind === 'form')
    return new Response(formPage(page.providerName, page.fields), { status: 200, headers: HTML_HEADERS })
  return new Response(messagePage(page.title, page.message), { status: page.status, headers: HTML_HEADERS })
}

/** A post from another site (a browser says so) is refused: nobody else's page may fill a user's connection. */
export function foreignPost(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin') return true
  const origin = request.headers.get('origin')
  return !!origin && origin !== 'null' && origin !== new URL(request.url).origin
}
