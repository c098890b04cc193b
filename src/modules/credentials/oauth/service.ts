// The OAuth 2.0 authorization-code flow (PKCE S256): init → callback → exchange-token → credential; refresh, status, cancel.
// States: pending → code_received → active; pending|code_received → canceled | expired (after expires_in) ; → failed.

import type { Sealer } from '../../../crypto/seal'
import type { StoragePort } from '../../../db/store'
import type { Egress } from '../../../egress/client'
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors'
import { nowIso } from '../../../lib/ids'
import type { Logger } from '../../../lib/log'
import { createHash, randomBytes } from '../../../lib/node-crypto'
import { assertUser, type CredentialOwners } from '../owners'
import type { ProvidersService } from '../providers/service'
import type { CredentialsRepository } from '../repository'
import type { CredentialsService } from '../service'
import type { CallbackInput, InitBody } from './model'
import type { Refresher } from './refresher'
import type { FlowRow, FlowStatus, OAuthFlowsRepository } from './repository'
import { expiryFrom, grantedScopes, requestToken, TokenEndpointError } from './token-client'

const FLOW_TTL_S = 600

const OPEN: FlowStatus[] = ['pending', 'code_received']
const verifierContext = (state: string) => `oauth_flow:${state}:code_verifier`
const codeContext = (state: string) => `oauth_flow:${state}:code`
const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…` : s)

export interface OAuthDeps {
  flows: OAuthFlowsRepository
  credentialsRepo: CredentialsRepository
  credentials: CredentialsService
  providers: ProvidersService
  refresher: Refresher
  sealer: Sealer
  egress: Egress
  log: Logger
  /** The hosted redirect's URL (GET /mcp/oauth/redirect), used when init gets no redirect_uri. */
  hostedRedirectUri(): string
  /** The credential insert and the flow's move to active share one of its transactions. */
  store: Pick<StoragePort, 'tx'>
  /** Users' own credentials: a flow started with user_id makes a credential of that user. */
  owners?: CredentialOwners
}

export function oauthService(deps: OAuthDeps) {
  const exchanging = new Map<string, Promise<unknown>>()

  /** Reads a flow of the project; an open flow past its expiry is moved to `expired` first. */
  const load = async (projectId: string, state: string): Promise<FlowRow> => {
    const flow = await deps.flows.byState(projectId, state)
    if (!flow) throw notFound('oauth flow')
    if (OPEN.includes(flow.status) && Date.parse(flow.expires_at) <= Date.now()) {
      await deps.flows.move(
        projectId,
        state,
        flow.status,
        'expired',
        'the flow expired before it was completed',
        nowIso(),
      )
      return (await deps.flows.byState(projectId, state))!
    }
    return flow
  }

  const expiredError = () =>
    badRequest(`the OAuth flow expired (flows last ${FLOW_TTL_S} s): start again with /oauth/init`)
  const wrongState = (flow: FlowRow, wanted: string) =>
    flow.status === 'expired' ? expiredError() : conflict(`the OAuth flow is ${flow.status}; ${wanted}`)

  return {
    hostedRedirectUri: deps.hostedRedirectUri,
    /** The project whose flow this state is (the hosted redirect's only proof); undefined when none is. */
    projectOfState: async (state: string) => (await deps.flows.byStateOnly(state))?.project_id,
    async init(projectId: string, body: InitBody) {
      if (body.user_id) await assertUser(deps.owners, projectId, body.user_id)
      const client = await deps.providers.oauthClient(projectId, body.provider_id)
      const redirectUri = body.redirect_uri ?? deps.hostedRedirectUri()
      if (/^(javascript|data|vbscript|file):/i.test(redirectUri)) {
        throw badRequest('redirect_uri must not use that scheme', [
          { field: 'body.redirect_uri', message: 'scheme not allowed' },
        ])
      }
      const scopes = body.scopes ?? client.scopes
      const state = randomBytes(32).toString('base64url')
      const verifier = randomBytes(48).toString('base64url')
      const challenge = createHash('sha256').update(verifier).digest('base64url')
      const url = new URL(client.authorize_url)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('client_id', client.client_id)
      url.searchParams.set('redirect_uri', redirectUri)
      for (const [k, v] of Object.entries(client.authorize_params)) url.searchParams.set(k, v)
      if (scopes.length) url.searchParams.set('scope', scopes.join(client.scope_separator))
      url.searchParams.set('state', state)
      url.searchParams.set('code_challenge', challenge)
      url.searchParams.set('code_challenge_method', 'S256')
      const at = Date.now()
      const flow: FlowRow = {
        state,
        project_id: projectId,
        provider_id: client.providerId,
        redirect_uri: redirectUri,
        scopes: JSON.stringify(scopes),
        code_verifier_sealed: await deps.sealer.seal(projectId, verifierContext(state), verifier),
        code_sealed: null,
        status: 'pending',
        credential_id: null,
        error: null,
        expires_at: new Date(at + FLOW_TTL_S * 1000).toISOString(),
        created_at: new Date(at).toISOString(),
        updated_at: new Date(at).toISOString(),
      }
      const userId = body.user_id
      if (userId && deps.owners) {
        const { owners } = deps
        // Inserted and marked as the user's together: a flow never makes a shared credential by accident.
        await deps.store.tx(async () => {
          await deps.flows.insert(flow)
          await owners.ownFlow(state, userId)
        })
      } else await deps.flows.insert(flow)
      return { auth_url: url.href, state, expires_in: FLOW_TTL_S }
    },

    async callback(projectId: string, input: CallbackInput) {
      const flow = await load(projectId, input.state)
      if (flow.status !== 'pending') throw wrongState(flow, 'the callback is accepted once, while the flow is pending')
      if (input.error) {
        const reason = clip(`${input.error}${input.error_description ? `: ${input.error_description}` : ''}`)
        await deps.flows.move(
          projectId,
          flow.state,
          'pending',
          'failed',
          `authorization failed at the provider (${reason})`,
          nowIso(),
        )
        return {
          status: 'failed' as const,
          message: `The provider reported an error (${reason}); the flow failed. Start again with /oauth/init.`,
        }
      }
      if (!input.code)
        throw badRequest('code is required (or error, when the provider reported one)', [
          { field: 'code', message: 'required' },
        ])
      const codeSealed = await deps.sealer.seal(projectId, codeContext(flow.state), input.code)
      if (!(await deps.flows.receiveCode(projectId, flow.state, codeSealed, nowIso()))) {
        throw wrongState(await load(projectId, flow.state), 'the callback is accepted once, while the flow is pending')
      }
      return {
        status: 'code_received' as const,
        message: 'Authorization code received. Call POST /oauth/exchange-token with this state to finish.',
      }
    },

    exchange(projectId: string, state: string, name?: string) {
      // Two concurrent calls for one flow share one token request (an authorization code works once).
      const key = `${projectId}:${state}`
      const running = exchanging.get(key)
      if (running) return running as ReturnType<typeof exchangeOnce>
      const p = exchangeOnce(projectId, state, name).finally(() => exchanging.delete(key))
      exchanging.set(key, p)
      return p
    },

    async refresh(projectId: string, credentialId: string) {
      const row = await deps.credentialsRepo.byId(projectId, credentialId)
      if (!row) throw notFound('credential')
      if (row.kind !== 'oauth')
        throw badRequest('this credential was not created by an OAuth flow; there is nothing to refresh')
      if (!row.has_refresh_token)
        throw badRequest('the provider issued no refresh token for this credential; authorize again with /oauth/init')
      const r = await deps.refresher.refresh(projectId, credentialId)
      if (r.outcome === 'missing') throw notFound('credential')
      if (r.outcome === 'failed') {
        if (r.kind === 'unavailable')
          throw new AppError('upstream_error', `token refresh failed: ${r.message}; try again later`)
        throw badRequest(
          `token refresh failed: ${r.message}; the credential now needs re-authorization (status auth_required)`,
        )
      }
      const fresh = (await deps.credentialsRepo.byId(projectId, credentialId))!
      return {
        credential_id: credentialId,
        status: deps.credentials.view(fresh).status!,
        ...(fresh.expires_at ? { expires_at: fresh.expires_at } : {}),
      }
    },

    async status(projectId: string, state: string) {
      const flow = await load(projectId, state)
      const cred = flow.credential_id ? await deps.credentialsRepo.byId(projectId, flow.credential_id) : undefined
      const scopes = cred?.scopes ? (JSON.parse(cred.scopes) as string[]) : (JSON.parse(flow.scopes) as string[])
      return {
        status: flow.status,
        provider_id: flow.provider_id,
        scopes,
        ...(flow.credential_id ? { credential_id: flow.credential_id } : {}),
        ...(cred?.expires_at ? { expires_at: cred.expires_at } : {}),
        ...(flow.error ? { error: flow.error } : {}),
      }
    },

    async cancel(projectId: string, state: string) {
      const flow = await load(projectId, state)
      if (
        !OPEN.includes(flow.status) ||
        !(await deps.flows.move(projectId, state, flow.status, 'canceled', null, nowIso()))
      ) {
        throw wrongState(await load(projectId, state), 'only a pending or code_received flow can be canceled')
      }
      return { status: 'canceled' as const, message: 'The OAuth flow was canceled; its state can no longer be used.' }
    },
  }

  async function exchangeOnce(projectId: string, state: string, name?: string) {
    const flow = await load(projectId, state)
    if (flow.status === 'pending')
      throw conflict(
        'no authorization code yet: forward the provider redirect (code and state) to /oauth/callback first',
      )
    if (flow.status !== 'code_received') throw wrongState(flow, 'exchange-token needs a flow in code_received')
    const client = await deps.providers.oauthClient(projectId, flow.provider_id)
    const code = await deps.sealer.open(projectId, codeContext(state), flow.code_sealed!)
    const verifier = await deps.sealer.open(projectId, verifierContext(state), flow.code_verifier_sealed)
    let tokens: Awaited<ReturnType<typeof requestToken>>
    try {
      tokens = await requestToken(deps.egress, client, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: flow.redirect_uri,
        code_verifier: verifier,
      })
    } catch (err) {
      const message =
        err instanceof TokenEndpointError ? err.message : `token exchange failed: ${(err as Error).message}`
      await deps.flows.move(projectId, state, 'code_received', 'failed', message, nowIso())
      deps.log.warn('oauth exchange failed', { provider_id: flow.provider_id, error: message })
      if (err instanceof TokenEndpointError && err.kind === 'rejected')
        throw badRequest(`token exchange failed: ${message}; the flow failed, start again with /oauth/init`)
      throw new AppError(
        'upstream_error',
        `token exchange failed: ${message}; the flow failed, start again with /oauth/init`,
      )
    }
    const scopes = grantedScopes(tokens, JSON.parse(flow.scopes) as string[])
    const expiresAt = expiryFrom(tokens)
    // The credential insert and the flow's move to active share one transaction: no credential without an active flow.
    const credentialId = await deps.store.tx(async () => {
      const row = await deps.credentials.createOAuth(projectId, {
        name: name ?? `${client.name} (OAuth)`,
        providerId: flow.provider_id,
        secret: {
          access_token: tokens.access_token,
          token_type: tokens.token_type,
          ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}),
          ...(tokens.id_token ? { id_token: tokens.id_token } : {}),
        },
        scopes,
        expiresAt,
        userId: deps.owners ? await deps.owners.flowOwner(state) : null,
      })
      if (!(await deps.flows.activate(projectId, state, row.id, nowIso())))
        throw conflict('the OAuth flow changed while the token was being exchanged (canceled or expired)')
      return row.id
    })
    deps.log.info('oauth credential created', { provider_id: flow.provider_id, credential_id: credentialId })
    return {
      credential_id: credentialId,
      status: 'active' as const,
      provider_id: flow.provider_id,
      scopes,
      ...(expiresAt ? { expires_at: expiresAt } : {}),
    }
  }
}
export type OAuthService = ReturnType<typeof oauthService>
