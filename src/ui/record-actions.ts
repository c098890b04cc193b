// Form actions for credentials, providers, subscriptions and deleting any record: the same REST calls a user makes
// (POST /credentials, POST /providers, POST /subscribe, DELETE …), then a redirect with a notice.
import { CREDENTIAL_KINDS, type CredentialKind, parseFields } from './credentials-page'
import { DELETABLE } from './delete'
import { type Body, backTo, type Done, FormFailure, optional, saving, textOf } from './form-save'
import { html } from './html'
import type { PageContext } from './project-pages'
import { promptMessages } from './records'

const words = (v: string) =>
  v
    .split(/[\s,]+/)
    .map((w) => w.trim())
    .filter(Boolean)

/** The action for `path`, or undefined when it is not one of these. */
export async function recordAction(c: PageContext, path: string, body: Body): Promise<Done | undefined> {
  const text = textOf(body)
  let m = /^credentials\/([a-z_]+)$/.exec(path)
  if (m && m[1]! in CREDENTIAL_KINDS) {
    const kind = m[1] as CredentialKind
    const made = await saving('credentials', `credential-${kind}`, body, async () => {
      const credential_data =
        kind === 'api_key'
          ? { api_key: String(body.api_key ?? '') }
          : kind === 'basic'
            ? { username: text('username'), password: String(body.password ?? '') }
            : parseFields(String(body.fields ?? ''))
      return c.api('POST', '/credentials', { name: text('name'), provider_id: text('provider_id'), credential_data })
    })
    return { redirect: '/mcp/ui/credentials', notice: `Added credential “${made.name}” (${made.provider_id}).` }
  }
  if (path === 'providers/oauth') {
    const made = await saving('credentials', 'oauth-settings', body, () =>
      c.api('POST', '/providers', {
        id: text('id'),
        auth_type: 'oauth',
        ...(optional(body.name) ? { name: text('name') } : {}),
        ...(optional(body.authorize_url) ? { authorize_url: text('authorize_url') } : {}),
        ...(optional(body.token_url) ? { token_url: text('token_url') } : {}),
        ...(optional(body.scopes) ? { scopes: words(text('scopes')) } : {}),
        ...(optional(body.client_id) ? { client_id: text('client_id') } : {}),
        ...(optional(body.client_secret) ? { client_secret: String(body.client_secret) } : {}),
        ...(optional(body.token_auth_method) ? { token_auth_method: text('token_auth_method') } : {}),
      }),
    )
    return {
      redirect: '/mcp/ui/credentials',
      notice: `Saved the OAuth client settings of “${made.name}”: connect below.`,
    }
  }
  if (path === 'providers') {
    const made = await saving('providers', 'provider', body, () =>
      c.api('POST', '/providers', {
        id: text('id'),
        name: text('name'),
        auth_type: text('auth_type'),
        ...(optional(body.base_url) ? { base_url: text('base_url') } : {}),
      }),
    )
    return { redirect: '/mcp/ui/providers', notice: `Defined provider “${made.name}”.` }
  }
  if (path === 'oauth/connect') {
    const redirect_uri = `${c.publicUrl()}/mcp/ui/oauth/callback`
    const r = await c.api('POST', '/oauth/init', { provider_id: text('provider_id'), redirect_uri })
    return { redirect: r.auth_url }
  }
  if (path === 'subscriptions') {
    const uri = optional(body.uri)
    const made = await saving('subscriptions', 'subscription', body, () =>
      uri
        ? c.api('POST', '/resources/subscribe', { uri, callback_url: text('callback_url') })
        : c.api('POST', '/subscribe', { callback_url: text('callback_url') }),
    )
    return {
      redirect: '/mcp/ui/subscriptions',
      notice: `Subscribed ${made.callback_url}.`,
      once: { label: 'Webhook signing secret', value: made.secret, id: 'new-secret' },
    }
  }
  m = /^prompts\/([^/]+)\/get$/.exec(path)
  if (m) {
    // prompts/get through the protocol endpoint of the prompt's server (or, for a prompt of every server, the first).
    const p = await c.api('GET', `/prompts/${encodeURIComponent(m[1]!)}`)
    const serverId = p.server_id ?? (await c.api('GET', '/servers?limit=1')).data[0]?.id
    if (!serverId)
      return { fragment: html`<div class="flash">Make a server first: prompts are read through one.</div>` }
    const s = (await c.api('GET', `/servers/${serverId}`)).data
    const args = Object.fromEntries(
      Object.entries(body)
        .filter(([k, v]) => k.startsWith('arg.') && String(v) !== '')
        .map(([k, v]) => [k.slice(4), String(v)]),
    )
    return { fragment: promptMessages(await c.mcp(s.slug, 'prompts/get', { name: p.name, arguments: args })) }
  }
  m = /^subscriptions\/([^/]+)$/.exec(path)
  if (m) {
    const id = m[1]!
    const saved = await saving('subscriptions', `subscription-${id}`, body, () =>
      c.api('PUT', `/subscriptions/${encodeURIComponent(id)}`, { callback_url: text('callback_url') }),
    )
    return { redirect: '/mcp/ui/subscriptions', notice: `Webhooks now go to ${saved.callback_url}.` }
  }
  m = /^delete\/([^/]+)\/([^/]+)$/.exec(path)
  if (m) {
    const kind = DELETABLE[m[1]!]
    if (!kind) throw new Error(`no record kind "${m[1]}"`)
    const record = await kind.find(c, m[2]!)
    if (!record) throw new Error(`That ${kind.noun} does not exist (any more).`)
    try {
      await kind.remove(c, m[2]!, body)
    } catch (error) {
      // Refused (a function in use, a pre-built toolkit): the confirmation again, with the API's reason.
      throw new FormFailure(path, { form: 'delete', values: { back: body.back }, error: (error as Error).message })
    }
    const done = kind.verb === 'Revoke' ? 'Revoked' : 'Deleted'
    return { redirect: backTo(body, kind.list), notice: `${done} ${kind.noun} “${kind.name(record)}”.` }
  }
  return undefined
}
