// Running an OpenAPI tool: open the tool's credential (a client-credentials token is fetched and kept until it
// expires), build the request from the call plan and send it through the egress guard. 2xx → the body as text (JSON
// pretty-printed) plus structuredContent for a JSON object; any other status → an error naming it with the body's start.
import type { ResultRule } from '../../../../catalog/openapi-catalog'
import type { Egress } from '../../../../egress/client'
import type { CredentialAccess } from '../../../../lib/credentials-port'
import { credentialSecrets, redactorFor } from '../../../../lib/redact'
import { cancellation, type FunctionHost } from '../../../../runtime/host'
import type { RunOutcome } from '../../../../runtime/run-function'
import { requestToken } from '../../../credentials/oauth/token-client'
import type { ToolRow } from '../../repository'
import type { ToolFailure } from '../../sources/source'
import type { OperationPlan } from './plan'
import { buildRequest, fillPath, MissingSecretError, PathValueError } from './request'

const BODY_START = 500

/** A client-credentials token is kept per credential and per set of scopes asked for. */
const credentialKey = (projectId: string, credentialId: string, op: OperationPlan) =>
  `${projectId}\u0000${credentialId}\u0000${op.security.find((s) => s.oauth)?.required_scopes?.join(' ') ?? ''}`

interface CallDeps {
  egress: Egress
  credentials: CredentialAccess
}

export interface OpenApiCall {
  tool: ToolRow
  operation: OperationPlan
  /** The toolkit's base_url, when it set one: it replaces the document's server URL. */
  baseUrl?: string
  args: Record<string, unknown>
  projectId: string
  host: FunctionHost
  credentialId?: string
  /** The toolkit's own failure signal inside a 2xx answer (pre-built toolkits that have one, e.g. Slack). */
  resultRule?: ResultRule
}

const credentialFailure = (tool: ToolRow, problem: string): ToolFailure => ({
  ok: false,
  kind: 'credential',
  message: `The ${tool.credential_provider} credential for tool ${tool.name} ${problem}`,
})

export function openApiCaller({ egress, credentials }: CallDeps) {
  // Client-credentials tokens by credential: fetched on first use, again once expired (never stored, never logged).
  const tokens = new Map<string, { token: string; until: number }>()

  async function clientCredentialsToken(key: string, op: OperationPlan, data: Record<string, unknown>) {
    const cached = tokens.get(key)
    if (cached && cached.until > Date.now()) return cached.token
    const scheme = op.security.find((s) => s.oauth)
    const oauth = scheme?.oauth
    const scopes = scheme?.required_scopes ?? oauth?.scopes ?? []
    const tokenUrl = typeof data.token_url === 'string' ? data.token_url : oauth?.token_url
    if (!tokenUrl) throw new MissingSecretError('the oauth2 scheme has no token URL')
    const set = await requestToken(
      egress,
      {
        providerId: op.security[0]!.provider,
        name: op.security[0]!.provider,
        authorize_url: '',
        token_url: tokenUrl,
        client_id: String(data.client_id),
        client_secret: String(data.client_secret),
        scopes,
        scope_separator: ' ',
        authorize_params: {},
        token_auth_method: 'client_secret_basic',
      },
      { grant_type: 'client_credentials', ...(scopes.length ? { scope: scopes.join(' ') } : {}) },
    )
    // Kept until 30 s before it expires (an hour when the server does not say).
    tokens.set(key, { token: set.access_token, until: Date.now() + ((set.expires_in ?? 3600) - 30) * 1000 })
    if (tokens.size > 10_000) tokens.delete(tokens.keys().next().value!)
    return set.access_token
  }

  /**
   * The outcome with the credential cut out in every form (src/lib/redact.ts): an upstream may echo the key it was
   * sent in its answer or its error, and an egress error may name the URL that carried it in its query.
   */
  const redacted = (outcome: RunOutcome | ToolFailure, secrets: string[]): RunOutcome | ToolFailure => {
    if (!secrets.length) return outcome
    const r = redactorFor(secrets)
    return outcome.ok ? { ...outcome, value: r.deep(outcome.value) } : { ...outcome, message: r.text(outcome.message) }
  }

  async function send(call: OpenApiCall, used: { data?: Record<string, unknown> }): Promise<RunOutcome | ToolFailure> {
    const { tool, operation, args, projectId, host, credentialId } = call
    // A path value that climbs is refused before any credential is opened or token fetched.
    let path: string
    try {
      path = fillPath(operation, args)
    } catch (e) {
      if (e instanceof PathValueError) return { ok: false, kind: 'error', message: `Tool ${tool.name}: ${e.message}` }
      throw e
    }
    let data: Record<string, unknown> | undefined
    if (tool.credential_provider && operation.security.length) {
      if (!credentialId)
        return credentialFailure(
          tool,
          'is missing: map a credential for this provider on the server (toolkit credentials or PATCH /servers/{id}/tools/{tool_id})',
        )
      const opened = await credentials.open(projectId, credentialId)
      if (opened.status !== 'configured' || !opened.data)
        return opened.status === 'unreachable'
          ? { ok: false, kind: 'credential', message: opened.message }
          : credentialFailure(
              tool,
              opened.status === 'expired' ? 'has expired: refresh it or authorize again' : `is ${opened.status}`,
            )
      data = opened.data
      used.data = data
      const wantsClientCredentials =
        operation.security.some((s) => s.kind === 'oauth2') &&
        typeof data.access_token !== 'string' &&
        typeof data.client_id === 'string' &&
        typeof data.client_secret === 'string'
      if (wantsClientCredentials) {
        try {
          used.data = data = {
            ...data,
            access_token: await clientCredentialsToken(
              credentialKey(projectId, credentialId, operation),
              operation,
              data,
            ),
          }
        } catch (e) {
          return {
            ok: false,
            kind: 'credential',
            message: `client credentials token for tool ${tool.name}: ${(e as Error).message}`,
          }
        }
      }
    }
    const base = (typeof data?.base_url === 'string' && data.base_url) || call.baseUrl || operation.server
    if (!/^https?:\/\//i.test(base))
      return {
        ok: false,
        kind: 'error',
        message: `Tool ${tool.name} has no absolute server URL (the document says "${base}"): import it with base_url`,
      }
    let request: ReturnType<typeof buildRequest>
    try {
      request = buildRequest(operation, args, base, data, path)
    } catch (e) {
      if (e instanceof MissingSecretError) return credentialFailure(tool, `cannot be used: ${e.message}`)
      if (e instanceof PathValueError) return { ok: false, kind: 'error', message: `Tool ${tool.name}: ${e.message}` }
      throw e
    }
    let response: Awaited<ReturnType<Egress['fetch']>>
    try {
      response = await egress.fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...cancellation(host),
        ...(host.deadlineMs ? { timeoutMs: host.deadlineMs } : {}),
      })
    } catch (e) {
      return { ok: false, kind: 'error', message: (e as Error).message }
    }
    if (response.status < 200 || response.status > 299) {
      const start = response.text.slice(0, BODY_START)
      return {
        ok: false,
        kind: 'http_status',
        message: `HTTP ${response.status} from ${request.method} ${operation.path}${start ? `: ${start}` : ''}`,
      }
    }
    let parsed: unknown
    try {
      parsed = response.text ? JSON.parse(response.text) : undefined
    } catch {
      return { ok: true, value: { content: [{ type: 'text', text: response.text }] } }
    }
    if (parsed === undefined)
      return { ok: true, value: { content: [{ type: 'text', text: `HTTP ${response.status}` }] } }
    const text = JSON.stringify(parsed, null, 2)
    const structured = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
    const rule = call.resultRule
    if (rule && structured && (parsed as Record<string, unknown>)[rule.field] === rule.equals) {
      const why = rule.message ? (parsed as Record<string, unknown>)[rule.message] : undefined
      const reason = typeof why === 'string' ? why : `"${rule.field}": ${JSON.stringify(rule.equals)}`
      return {
        ok: false,
        kind: 'error',
        message: `${reason} (HTTP ${response.status} from ${request.method} ${operation.path}): ${response.text.slice(0, BODY_START)}`,
      }
    }
    return {
      ok: true,
      value: { content: [{ type: 'text', text }], ...(structured ? { structuredContent: parsed } : {}) },
    }
  }

  return async (call: OpenApiCall): Promise<RunOutcome | ToolFailure> => {
    const used: { data?: Record<string, unknown> } = {}
    const outcome = await send(call, used)
    return redacted(outcome, credentialSecrets(used.data))
  }
}
export type OpenApiCaller = ReturnType<typeof openApiCaller>
