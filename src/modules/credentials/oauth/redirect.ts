// GET /mcp/oauth/redirect: the hosted redirect for third-party OAuth. No key: the single-use, unguessable state is
// the proof. It does what callback then exchange-token do and answers a page a person reads in the browser.
import { Elysia, t } from 'elysia'
import { type GuardDeps, guard } from '../../../http/guard'
import { AppError } from '../../../lib/errors'
import { HTML_HEADERS, messagePage } from '../../oauth-server/consent-page'
import type { ProvidersService } from '../providers/service'
import type { OAuthService } from './service'

const RedirectQuery = t.Object({
  state: t.Optional(t.String({ maxLength: 200 })),
  code: t.Optional(t.String({ maxLength: 4000 })),
  error: t.Optional(t.String({ maxLength: 200 })),
  error_description: t.Optional(t.String({ maxLength: 2000 })),
})

export const oauthRedirectModule = (
  deps: GuardDeps & { vault: { oauth: OAuthService; providers: ProvidersService } },
) => {
  const { oauth, providers } = deps.vault
  const page = (status: number, title: string, message: string) =>
    new Response(messagePage(title, message), { status, headers: HTML_HEADERS })

  const complete = async (q: typeof RedirectQuery.static): Promise<Response> => {
    const projectId = q.state ? await oauth.projectOfState(q.state) : undefined
    if (!q.state || !projectId)
      return page(400, 'Not connected', 'This sign-in link is unknown or incomplete. Start the connection again.')
    try {
      const received = await oauth.callback(projectId, {
        state: q.state,
        code: q.code,
        error: q.error,
        error_description: q.error_description,
      })
      if (received.status === 'failed') return page(400, 'Not connected', received.message)
      const done = await oauth.exchange(projectId, q.state)
      const name = (await providers.oauthClient(projectId, done.provider_id)).name
      return page(200, `Connected ${name}`, `Connected ${name}. You can close this window.`)
    } catch (err) {
      if (err instanceof AppError) return page(err.status, 'Not connected', err.message)
      throw err
    }
  }

  return new Elysia({ name: 'toolyard.oauth-redirect' })
    .use(guard(deps))
    .get('/oauth/redirect', ({ query }) => complete(query), {
      limit: 'other',
      query: RedirectQuery,
      detail: { tags: ['oauth'], summary: 'Hosted redirect for provider OAuth: finishes the flow, answers a page' },
    })
}
