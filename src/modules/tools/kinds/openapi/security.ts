// A document's security schemes as credential providers, and which one an operation uses: its own `security` wins
// over the document's; the first requirement whose schemes are all supported is chosen (an empty one means none).
import type { OpenApiDocument } from './document'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

export type SchemeKind = 'api_key' | 'bearer' | 'basic' | 'oauth2'

export interface SchemePlan {
  /** The scheme's name in components.securitySchemes. */
  scheme: string
  kind: SchemeKind
  /** The credential provider the tool names (`credential_provider`). */
  provider: string
  /** apiKey: where the key goes and under which name. */
  in?: 'header' | 'query' | 'cookie'
  name?: string
  /** oauth2: the document's endpoints and scopes; `client_credentials` when that is the only usable flow. */
  oauth?: {
    flow: 'authorization_code' | 'client_credentials'
    authorize_url?: string
    token_url: string
    scopes: string[]
  }
  /** The scopes the operation's requirement names (a client-credentials token asks for these). */
  required_scopes?: string[]
}

function schemePlan(name: string, s: Json, provider: string): SchemePlan | string {
  if (s.type === 'apiKey') {
    if (s.in !== 'header' && s.in !== 'query' && s.in !== 'cookie') return `apiKey scheme "${name}" has no valid "in"`
    if (typeof s.name !== 'string') return `apiKey scheme "${name}" has no "name"`
    return { scheme: name, kind: 'api_key', provider, in: s.in, name: s.name }
  }
  if (s.type === 'http') {
    const scheme = typeof s.scheme === 'string' ? s.scheme.toLowerCase() : ''
    if (scheme === 'bearer') return { scheme: name, kind: 'bearer', provider }
    if (scheme === 'basic') return { scheme: name, kind: 'basic', provider }
    return `http scheme "${name}" (${scheme || 'no scheme'}) is not supported (bearer and basic are)`
  }
  if (s.type === 'oauth2' && isObject(s.flows)) {
    const code = s.flows.authorizationCode
    const cc = s.flows.clientCredentials
    const scopesOf = (f: Json) => (isObject(f.scopes) ? Object.keys(f.scopes) : [])
    if (isObject(code) && typeof code.authorizationUrl === 'string' && typeof code.tokenUrl === 'string')
      return {
        scheme: name,
        kind: 'oauth2',
        provider,
        oauth: {
          flow: 'authorization_code',
          authorize_url: code.authorizationUrl,
          token_url: code.tokenUrl,
          scopes: scopesOf(code),
        },
      }
    if (isObject(cc) && typeof cc.tokenUrl === 'string')
      return {
        scheme: name,
        kind: 'oauth2',
        provider,
        oauth: { flow: 'client_credentials', token_url: cc.tokenUrl, scopes: scopesOf(cc) },
      }
    return `oauth2 scheme "${name}" has neither an authorization code nor a client credentials flow`
  }
  return `security scheme "${name}" of type ${String(s.type)} is not supported`
}

export function securityPlan(doc: OpenApiDocument, providerFor: (scheme: string, kind: SchemeKind) => string) {
  const declared = isObject(doc.components?.securitySchemes) ? doc.components!.securitySchemes : {}
  const plans = new Map<string, SchemePlan | string>()
  const planFor = (name: string): SchemePlan | string => {
    let plan = plans.get(name)
    if (plan === undefined) {
      const s = declared[name]
      if (!isObject(s)) plan = `security scheme "${name}" is not declared`
      else {
        const kind =
          s.type === 'apiKey' ? 'api_key' : s.type === 'oauth2' ? 'oauth2' : s.scheme === 'basic' ? 'basic' : 'bearer'
        plan = schemePlan(name, s, providerFor(name, kind))
      }
      plans.set(name, plan)
    }
    return plan
  }
  const unsupported = new Set<string>()
  return {
    forOperation(op: Json, label: string): SchemePlan[] {
      const requirements = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : []
      for (const req of requirements) {
        if (!isObject(req)) continue
        const names = Object.keys(req)
        if (names.length === 0) return []
        const chosen = names.map(planFor)
        const problem = chosen.find((p): p is string => typeof p === 'string')
        if (problem) {
          unsupported.add(problem)
          continue
        }
        const schemes = chosen as SchemePlan[]
        // One credential per tool: schemes of one requirement share it, so all must be of the same provider kind.
        if (new Set(schemes.map((s) => s.kind)).size > 1) {
          unsupported.add(`${label}: a requirement combining ${names.join(' + ')} needs two credentials`)
          continue
        }
        return schemes.map((s) => {
          const scopes = req[s.scheme]
          const named = Array.isArray(scopes) && scopes.length ? { required_scopes: scopes.map(String) } : {}
          return { ...s, provider: schemes[0]!.provider, ...named }
        })
      }
      if (requirements.length)
        unsupported.add(`${label}: no supported security requirement, called without credentials`)
      return []
    },
    warnings: () => [...unsupported],
  }
}
