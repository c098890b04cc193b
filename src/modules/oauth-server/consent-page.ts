// The consent page of the authorization endpoint: plain server-rendered HTML, no scripts, no external assets.
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** Every original query parameter goes back as a hidden field, so the POST carries the whole request. */
export interface ConsentView {
  params: Record<string, string>
  clientName: string
  clientId: string
  redirectHost: string
  /** The slug from the request, as given: the page never says whether it exists or whose it is. */
  serverName: string
  error?: string
  /** Signed in at the project's identity provider: who, instead of the key field. */
  signedInAs?: string
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}.who{background:#f4f4f4;padding:.75rem 1rem;border-radius:6px}
.error{background:#fde8e8;color:#8a1c1c;padding:.5rem 1rem;border-radius:6px}
input[type=password]{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{font:inherit;padding:.5rem 1.2rem;margin:1rem .5rem 0 0}small{color:#666}`

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`
}

export function consentPage(v: ConsentView): string {
  const hidden = Object.entries(v.params)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('')
  return page(
    'Authorize access',
    `<h1>Authorize ${esc(v.clientName)}</h1>
<p class="who"><strong>${esc(v.clientName)}</strong> <small>(${esc(v.clientId)})</small> asks to use the MCP server
<strong>${esc(v.serverName)}</strong>: list and call its tools, read
its resources and prompts. It will be sent back to <strong>${esc(v.redirectHost)}</strong>.</p>
${v.error ? `<p class="error" role="alert">${esc(v.error)}</p>` : ''}
<form method="post">${hidden}
${
  v.signedInAs !== undefined
    ? `<p>Signed in as <strong id="signed-in-as">${esc(v.signedInAs)}</strong>: the client will act for you.</p>`
    : `<label for="api_key">An API key of the project this server belongs to (an admin key, or an mcp key allowed on this server):</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required>`
}
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
</form>`,
  )
}

/** A request that cannot be sent back to the client (unknown client, bad redirect_uri): said in words, no redirect. */
export function errorPage(message: string): string {
  return page(
    'Authorization failed',
    `<h1>This authorization request cannot be completed</h1><p class="error">${esc(message)}</p>`,
  )
}

/** Result page of the hosted third-party OAuth redirect. */
export function messagePage(title: string, message: string): string {
  return page(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>`)
}

export const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // No scripts or outside resources at all, and never inside a frame (clickjacking the Approve button).
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
}
