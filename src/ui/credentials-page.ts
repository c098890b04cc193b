// Credentials and providers: every kind of credential made here (an API key, a username and password, custom fields
// such as a header value, OAuth client settings then "Connect"), listed without secrets, deleted after a confirmation.
// Secret fields are password inputs and are never put back into a page, not even into a refused form.
import { deleteLink } from './delete'
import { copyButton, type Draft, errorFor, type Html, html, kept, options, status, table, when } from './html'
import { type ListView, listBar } from './listing'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Row = Record<string, any>

/** The credential kinds the dashboard makes, the provider auth_type that fits each, and the form's fields. */
export const CREDENTIAL_KINDS = {
  api_key: { label: 'API key or token', authType: 'api_key', generic: 'api_key' },
  basic: { label: 'Username and password (basic auth)', authType: 'basic_auth', generic: 'basic_auth' },
  custom: { label: 'Custom fields (a header value, several secrets)', authType: 'custom', generic: 'custom' },
} as const
export type CredentialKind = keyof typeof CREDENTIAL_KINDS

/** Fields a refused form must not show again. */
export const SECRET_FIELDS = ['api_key', 'password', 'fields', 'client_secret']

/**
 * Providers that fit the kind first, then the rest (a token for an OAuth provider is an API key credential too);
 * the generic built-in of the kind (`api_key`, `basic_auth`, `custom`) is chosen unless another was.
 */
const providerOptions = (providers: Row[], kind: CredentialKind, selected: string) => {
  const { authType, generic } = CREDENTIAL_KINDS[kind]
  const usable = providers.filter((p) => p.auth_type !== 'none')
  const sorted = [...usable.filter((p) => p.auth_type === authType), ...usable.filter((p) => p.auth_type !== authType)]
  return options(
    sorted.map((p) => [p.id, `${p.name} (${p.id})`]),
    selected || generic,
  )
}

function credentialForm(kind: CredentialKind, providers: Row[], draft?: Draft): Html {
  const form = `credential-${kind}`
  const secret =
    kind === 'api_key'
      ? html`<label>API key or token <input type="password" name="api_key" required autocomplete="off"></label>`
      : kind === 'basic'
        ? html`<label>Username <input name="username" required value="${kept(draft, form, 'username')}" autocomplete="off"></label>
          <label>Password <input type="password" name="password" required autocomplete="off"></label>`
        : html`<label>Fields, one per line as <code>name: value</code>
          <textarea name="fields" rows="3" required placeholder="X-Api-Token: abc123&#10;account: 42" autocomplete="off"></textarea></label>`
  return html`<div class="card">${errorFor(draft, form)}
  <form method="post" action="/mcp/ui/credentials/${kind}" class="stack" id="${form}">
    <strong>${CREDENTIAL_KINDS[kind].label}</strong>
    <label>Name <input name="name" required maxlength="200" value="${kept(draft, form, 'name')}"></label>
    <label>Provider <select name="provider_id">${providerOptions(
      providers,
      kind,
      kept(draft, form, 'provider_id'),
    )}</select></label>
    ${secret}
    <button>Add credential</button></form></div>`
}

/**
 * OAuth client settings (POST /providers): configure a built-in OAuth provider, or define a new one. "Connect" here
 * comes back to the dashboard's callback; flows started through the API without a redirect_uri to the hosted one.
 */
function oauthSettingsForm(providers: Row[], uris: RedirectUris, draft?: Draft): Html {
  const f = 'oauth-settings'
  const builtins = providers.filter((p) => p.builtin && p.auth_type === 'oauth')
  return html`<div class="card">${errorFor(draft, f)}
  <form method="post" action="/mcp/ui/providers/oauth" class="stack" id="${f}">
    <strong>OAuth client settings for a provider</strong>
    <span class="muted">Register these redirect URIs with the provider: <code id="dashboard-redirect-uri">${uris.dashboard}</code>${copyButton(uris.dashboard)}
      (Connect on this page) and <code id="redirect-uri">${uris.hosted}</code>${copyButton(uris.hosted)} (flows started through the API).</span>
    <label>Provider id <input name="id" required list="oauth-builtins" value="${kept(draft, f, 'id')}" placeholder="github, or a new id"></label>
    <datalist id="oauth-builtins">${builtins.map((p) => html`<option value="${p.id}">${p.name}</option>`)}</datalist>
    <label>Name (a new provider only) <input name="name" value="${kept(draft, f, 'name')}"></label>
    <label>Authorize URL (a new provider only) <input name="authorize_url" type="url" value="${kept(draft, f, 'authorize_url')}"></label>
    <label>Token URL (a new provider only) <input name="token_url" type="url" value="${kept(draft, f, 'token_url')}"></label>
    <label>Scopes (space or comma separated) <input name="scopes" value="${kept(draft, f, 'scopes')}"></label>
    <label>Client id <input name="client_id" required value="${kept(draft, f, 'client_id')}" autocomplete="off"></label>
    <label>Client secret <input name="client_secret" type="password" autocomplete="off"></label>
    <label>Token endpoint auth <select name="token_auth_method">${options(
      [
        ['', "the provider's default"],
        ['client_secret_post', 'client_secret_post'],
        ['client_secret_basic', 'client_secret_basic'],
      ],
      kept(draft, f, 'token_auth_method'),
    )}</select></label>
    <button id="save-oauth-settings">Save OAuth settings</button></form></div>`
}

const connectCell = (p: Row) =>
  p.auth_type === 'oauth' && p.oauth_configured
    ? html`<form method="post" action="/mcp/ui/oauth/connect"><input type="hidden" name="provider_id" value="${p.id}"><button>Connect with OAuth</button></form>`
    : html`<span class="muted">${p.auth_type === 'oauth' ? 'OAuth client not configured' : '—'}</span>`

interface RedirectUris {
  /** The dashboard's OAuth callback, where "Connect with OAuth" comes back. */
  dashboard: string
  /** The hosted redirect (GET /providers redirect_uri). */
  hosted: string
}

export interface CredentialsData {
  credentials: ListView
  providers: Row[]
  redirectUris: RedirectUris
}

export function credentialsPage(d: CredentialsData, draft?: Draft): Html {
  const oauth = d.providers.filter((p) => p.auth_type === 'oauth' && p.oauth_configured)
  return html`
  ${listBar(d.credentials, '/mcp/ui/credentials', 'credential')}
  ${table(
    d.credentials.rows,
    [
      ['Name', (c) => html`<span class="credential-name">${c.name}</span>`],
      ['Provider', (c) => c.provider_id],
      ['Status', (c) => status(c.status ?? 'active')],
      ['Expires', (c) => when(c.expires_at)],
      ['Created', (c) => when(c.created_at)],
      ['', (c) => deleteLink('credentials', c.id)],
    ],
    d.credentials.q ? 'No credential matches.' : 'No credentials yet.',
  )}
  <h2>Add a credential</h2>
  <div class="grid2">
    ${(Object.keys(CREDENTIAL_KINDS) as CredentialKind[]).map((k) => credentialForm(k, d.providers, draft))}
    <div class="card"><strong>OAuth</strong>
      <p class="muted">Connect to a provider whose OAuth client is set; the tokens become a credential, refreshed by the service.</p>
      ${
        oauth.length
          ? table(oauth, [
              ['Provider', (p) => p.name],
              ['', connectCell],
            ])
          : html`<p class="muted">No OAuth provider is set up yet: save its client settings below.</p>`
      }</div>
  </div>
  ${oauthSettingsForm(d.providers, d.redirectUris, draft)}
  <p><a href="/mcp/ui/providers">All providers</a></p>`
}

/** "a: 1\nb: 2" → {a: "1", b: "2"}; a line without ":" is refused, naming it. */
export function parseFields(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .forEach((line, i) => {
      const at = line.indexOf(':')
      if (at <= 0) throw new Error(`fields: line ${i + 1} is not "name: value"`)
      out[line.slice(0, at).trim()] = line.slice(at + 1).trim()
    })
  return out
}

export function providersPage(v: ListView, redirectUri: string, draft?: Draft): Html {
  const f = 'provider'
  return html`<p class="muted">The hosted OAuth redirect URI: <code>${redirectUri}</code>${copyButton(redirectUri)}</p>
  ${listBar(v, '/mcp/ui/providers', 'provider')}
  ${table(
    v.rows,
    [
      ['Provider', (p) => html`<strong class="provider-name">${p.name}</strong> <span class="muted">${p.id}</span>`],
      ['Type', (p) => p.auth_type],
      ['Origin', (p) => (p.builtin ? (p.project_configured ? 'built-in, configured here' : 'built-in') : 'yours')],
      ['Credential fields', (p) => (p.credential_fields ?? []).join(', ')],
      ['Connect', connectCell],
      [
        '',
        (p) => (p.project_configured ? deleteLink('providers', p.id, p.builtin ? 'Remove settings' : 'Delete') : ''),
      ],
    ],
    v.q ? 'No provider matches.' : 'No providers.',
  )}
  <div class="card">${errorFor(draft, f)}<form method="post" action="/mcp/ui/providers" class="stack" id="provider-form">
    <strong>Define a provider</strong> <span class="muted">(for API keys, basic auth or custom secrets; OAuth ones on the
    <a href="/mcp/ui/credentials#oauth-settings">credentials page</a>)</span>
    <label>Id <input name="id" required value="${kept(draft, f, 'id')}" placeholder="acme"></label>
    <label>Name <input name="name" required value="${kept(draft, f, 'name')}"></label>
    <label>Type <select name="auth_type">${options(
      [
        ['api_key', 'API key'],
        ['basic_auth', 'basic auth'],
        ['custom', 'custom'],
      ],
      kept(draft, f, 'auth_type', 'api_key'),
    )}</select></label>
    <label>API base URL (optional) <input name="base_url" type="url" value="${kept(draft, f, 'base_url')}"></label>
    <button id="create-provider">Define provider</button></form></div>`
}
