// Routes for /mcp/oauth: init, build-auth-url, callback (GET/POST), exchange-token, refresh-token, status (GET/POST), cancel.
import { Elysia } from 'elysia'
import { errorResponses } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import {
  CallbackInput,
  ExchangeBody,
  ExchangeResponse,
  FlowStatusResponse,
  InitBody,
  InitResponse,
  RefreshBody,
  RefreshResponse,
  StateBody,
  StatusMessage,
} from './model'
import type { OAuthService } from './service'

const tags = ['oauth']
const failures = { ...errorResponses, 502: errorResponses[500] }

export const oauthModule = (deps: GuardDeps & { vault: { oauth: OAuthService } }) => {
  const oauth = deps.vault.oauth
  return new Elysia({ name: 'toolyard.oauth' })
    .use(guard(deps))
    .post('/oauth/init', ({ auth, body }) => oauth.init(auth.projectId, body), {
      api: 'oauth_write',
      body: InitBody,
      response: { 200: InitResponse, ...errorResponses },
      detail: { tags, summary: 'Start an authorization-code flow (PKCE S256); returns the URL to send the user to' },
    })
    .post('/oauth/build-auth-url', ({ auth, body }) => oauth.init(auth.projectId, body), {
      api: 'oauth_misc',
      body: InitBody,
      response: { 200: InitResponse, ...errorResponses },
      detail: { tags, summary: 'Same as init: a new flow and its authorization URL' },
    })
    .get('/oauth/callback', ({ auth, query }) => oauth.callback(auth.projectId, query), {
      api: 'oauth_misc',
      query: CallbackInput,
      response: { 200: StatusMessage, ...errorResponses },
      detail: { tags, summary: 'Forward the provider redirect (code and state, or error) as query parameters' },
    })
    .post('/oauth/callback', ({ auth, body }) => oauth.callback(auth.projectId, body), {
      api: 'oauth_misc',
      body: CallbackInput,
      response: { 200: StatusMessage, ...errorResponses },
      detail: { tags, summary: 'Forward the provider redirect (code and state, or error) as a JSON body' },
    })
    .post('/oauth/exchange-token', ({ auth, body }) => oauth.exchange(auth.projectId, body.state, body.name), {
      api: 'oauth_write',
      body: ExchangeBody,
      response: { 200: ExchangeResponse, ...failures },
      detail: { tags, summary: 'Exchange the received code for tokens, stored sealed as a new credential' },
    })
    .post('/oauth/refresh-token', ({ auth, body }) => oauth.refresh(auth.projectId, body.credential_id), {
      api: 'oauth_misc',
      body: RefreshBody,
      response: { 200: RefreshResponse, ...failures },
      detail: { tags, summary: 'Refresh an OAuth credential’s access token now' },
    })
    .get('/oauth/status', ({ auth, query }) => oauth.status(auth.projectId, query.state), {
      api: 'oauth_misc',
      query: StateBody,
      response: { 200: FlowStatusResponse, ...errorResponses },
      detail: { tags, summary: 'State of a flow (and its credential once active)' },
    })
    .post('/oauth/status', ({ auth, body }) => oauth.status(auth.projectId, body.state), {
      api: 'oauth_misc',
      body: StateBody,
      response: { 200: FlowStatusResponse, ...errorResponses },
      detail: { tags, summary: 'State of a flow (and its credential once active)' },
    })
    .post('/oauth/cancel', ({ auth, body }) => oauth.cancel(auth.projectId, body.state), {
      api: 'oauth_write',
      body: StateBody,
      response: { 200: StatusMessage, ...errorResponses },
      detail: { tags, summary: 'Cancel a pending or code_received flow' },
    })
}
