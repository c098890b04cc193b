// Connect links (docs/decisions/0334-connect-links.md) and in-band consent (docs/decisions/0335-in-band-consent.md):
// a page of Toolyard's, single use and valid 10 minutes, where an end user connects their own account at a provider —
// through the provider's OAuth (the existing flow, started for that user) or an API-key form — so the credential is
// stored as theirs. A client that was sent the link in a URL elicitation hears `notifications/elicitation/complete`
// on its session once the user connected.
import { hashApiKey } from '../../crypto/api-key'
import { AppError, badRequest, notFound } from '../../lib/errors'
import { nowIso } from '../../lib/ids'
import { randomBytes } from '../../lib/node-crypto'
import type { CreateCredentialBody } from '../credentials/model'
import type { ResolvedProvider } from '../credentials/providers/service'
import type { ConsentPort } from '../tools/mcp'
import type { ConnectLinkRow, ConnectLinksRepository } from './connect-repository'

/** How long a connect link works. */
const CONNECT_LINK_TTL_MS = 10 * 60_000
/** Elicitations waiting for a connection, bounded: the oldest are forgotten first (the link still works). */
const MAX_WAITING = 10_000

export interface ConnectDeps {
  links: ConnectLinksRepository
  userExists(projectId: string, userId: string): Promise<boolean>
  provider(projectId: string, providerId: string): Promise<ResolvedProvider | undefined>
  /** Starts the provider's OAuth flow for the user (the hosted redirect finishes it): the URL to send the person to. */
  startOAuth(projectId: string, providerId: string, userId: string): Promise<string>
  /** Stores a static credential for the user. */
  storeCredential(projectId: string, body: CreateCredentialBody & { user_id: string }): Promise<unknown>
  /** The service's public URL (links are absolute). */
  publicUrl(): string
  /** Sends a notification to an MCP session held by this process. */
  notify(sessionId: string, method: string, params: Record<string, unknown>): void
}

/** What the page shows for a link: a form to fill, a redirect to the provider, or why nothing can be done. */
export type ConnectPage =
  | { kind: 'form'; providerName: string; fields: string[] }
  | { kind: 'redirect'; location: string }
  | { kind: 'message'; status: number; title: string; message: string }

const NEEDS_NOTHING = new Set(['none'])

/** The fields an API-key form asks for: the provider's own list, else what its auth type needs. */
function formFields(p: ResolvedProvider): string[] {
  if (p.credential_fields?.length) return p.credential_fields
  if (p.auth_type === 'basic_auth') return ['username', 'password']
  return ['api_key']
}

const gone = (message: string): ConnectPage => ({ kind: 'message', status: 410, title: 'Link not usable', message })
const EXPIRED = 'This connect link has expired (links work for 10 minutes). Ask for a new one and try again.'
const USED =
  'This connect link was already used (each link works once). Ask for a new one if you still need to connect.'
const UNKNOWN: ConnectPage = {
  kind: 'message',
  status: 404,
  title: 'Link not found',
  message: 'This connect link is unknown. Check that you opened the whole link, or ask for a new one.',
}

export function connectService(deps: ConnectDeps) {
  /** Sessions waiting for a user's connection to a provider, by `project|user|provider`. */
  const waiting = new Map<string, { sessionId: string; elicitationId: string; until: number }[]>()
  const waitKey = (projectId: string, userId: string, providerId: string) => `${projectId}|${userId}|${providerId}`

  async function create(projectId: string, userId: string, providerId: string) {
    if (!(await deps.userExists(projectId, userId))) throw notFound('user')
    const provider = await deps.provider(projectId, providerId)
    if (!provider)
      throw badRequest(`unknown provider "${providerId}" (GET /providers lists them)`, [
        { field: 'body.provider_id', message: 'no such provider' },
      ])
    if (NEEDS_NOTHING.has(provider.auth_type))
      throw badRequest(`provider "${providerId}" needs no credential: there is nothing to connect`, [
        { field: 'body.provider_id', message: 'the provider needs no credential' },
      ])
    const token = randomBytes(32).toString('base64url')
    const at = Date.now()
    const expires_at = new Date(at + CONNECT_LINK_TTL_MS).toISOString()
    await deps.links.insert({
      token_hash: hashApiKey(token),
      project_id: projectId,
      user_id: userId,
      provider_id: provider.id,
      expires_at,
      created_at: new Date(at).toISOString(),
    })
    return { url: `${deps.publicUrl()}/mcp/connect/${token}`, expires_at }
  }

  /** The link's row when it can still be used; else the page that says why. */
  async function usable(token: string): Promise<ConnectLinkRow | ConnectPage> {
    const row = /^[A-Za-z0-9_-]{43}$/.test(token) ? await deps.links.byHash(hashApiKey(token)) : null
    if (!row) return UNKNOWN
    if (row.used_at) return gone(USED)
    if (Date.parse(row.expires_at) <= Date.now()) return gone(EXPIRED)
    return row
  }
  const isPage = (v: ConnectLinkRow | ConnectPage): v is ConnectPage => 'kind' in v

  /** Claims the link for this request: false when it was used (or expired) meanwhile. */
  const claim = (row: ConnectLinkRow) => deps.links.claim(row.token_hash, nowIso())

  const consent: ConsentPort = {
    async link({ projectId, userId, providerId, sessionId }) {
      const made = await create(projectId, userId, providerId)
      const elicitationId = crypto.randomUUID()
      if (sessionId) {
        const key = waitKey(projectId, userId, providerId)
        const now = Date.now()
        const list = (waiting.get(key) ?? []).filter((w) => w.until > now)
        list.push({ sessionId, elicitationId, until: now + CONNECT_LINK_TTL_MS })
        waiting.delete(key)
        waiting.set(key, list)
        if (waiting.size > MAX_WAITING) waiting.delete(waiting.keys().next().value!)
      }
      return { url: made.url, elicitationId }
    },
  }

  return {
    create,
    consent,
    /** A user's credential for a provider was stored: the sessions that were sent a link for it hear so. */
    connected(projectId: string, userId: string, providerId: string) {
      const key = waitKey(projectId, userId, providerId)
      const list = waiting.get(key)
      if (!list) return
      waiting.delete(key)
      const now = Date.now()
      for (const w of list)
        if (w.until > now)
          deps.notify(w.sessionId, 'notifications/elicitation/complete', { elicitationId: w.elicitationId })
    },
    /** GET of the link: the OAuth provider's sign-in (the link is used up), or the API-key form. */
    async open(token: string): Promise<ConnectPage> {
      const row = await usable(token)
      if (isPage(row)) return row
      const provider = await deps.provider(row.project_id, row.provider_id)
      if (!provider) return gone('The provider of this link no longer exists.')
      if (provider.auth_type !== 'oauth')
        return { kind: 'form', providerName: provider.name, fields: formFields(provider) }
      // The flow is started before the link is used up: a provider that cannot start one (no client configured)
      // leaves the link usable once that is fixed. A flow started for a link someone else claimed meanwhile expires.
      let location: string
      try {
        location = await deps.startOAuth(row.project_id, row.provider_id, row.user_id)
      } catch (e) {
        if (e instanceof AppError)
          return { kind: 'message', status: e.status, title: 'Cannot connect', message: e.message }
        throw e
      }
      if (!(await claim(row))) return gone(USED)
      return { kind: 'redirect', location }
    },
    /** POST of the API-key form: stores the credential for the user, once. */
    async submit(token: string, form: Record<string, string>): Promise<ConnectPage> {
      const row = await usable(token)
      if (isPage(row)) return row
      const provider = await deps.provider(row.project_id, row.provider_id)
      if (!provider) return gone('The provider of this link no longer exists.')
      if (provider.auth_type === 'oauth')
        return gone("This link connects through the provider's sign-in: open it again.")
      const fields = formFields(provider)
      const data: Record<string, string> = {}
      for (const f of fields) {
        const v = (form[f] ?? '').trim()
        if (!v) return { kind: 'form', providerName: provider.name, fields }
        data[f] = v
      }
      if (!(await claim(row))) return gone(USED)
      await deps.storeCredential(row.project_id, {
        name: `${provider.name} (connected)`,
        provider_id: row.provider_id,
        credential_data: data,
        user_id: row.user_id,
      })
      return {
        kind: 'message',
        status: 200,
        title: `Connected ${provider.name}`,
        message: `Connected ${provider.name}. You can close this window and go back to your app.`,
      }
    },
  }
}
export type ConnectService = ReturnType<typeof connectService>
