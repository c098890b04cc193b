// Providers: the built-in catalog merged with the project's own (or its OAuth client details for a built-in).
import type { Sealer } from '../../../crypto/seal'
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors'
import { nowIso } from '../../../lib/ids'
import { UniqueViolation } from '../../../lib/storage-errors'
import { type BuiltinProvider, builtinProvider, builtinProviders } from './builtins'
import type { CreateProviderBody, ProviderView } from './model'
import type { ProviderRow, ProvidersRepository } from './repository'

/** A provider as used internally: merged built-in + project settings; the client secret stays sealed until asked for. */
export interface ResolvedProvider {
  id: string
  name: string
  auth_type: ProviderView['auth_type']
  builtin: boolean
  authorize_url?: string
  token_url?: string
  scopes: string[]
  base_url?: string
  client_id?: string
  description?: string
  credential_fields?: string[]
  scope_separator: string
  authorize_params: Record<string, string>
  token_auth_method: 'client_secret_post' | 'client_secret_basic'
  hasClientSecret: boolean
  row?: ProviderRow
}

/** What the token endpoint calls need. Never log or return it. */
export interface OAuthClient {
  providerId: string
  name: string
  authorize_url: string
  token_url: string
  client_id: string
  client_secret?: string
  scopes: string[]
  scope_separator: string
  authorize_params: Record<string, string>
  token_auth_method: 'client_secret_post' | 'client_secret_basic'
}

const secretContext = (id: string) => `provider:${id}:client_secret`

export function providersService(repo: ProvidersRepository, sealer: Sealer) {
  const resolve = (
    builtin: BuiltinProvider | undefined,
    row: ProviderRow | undefined,
  ): ResolvedProvider | undefined => {
    if (!builtin && !row) return undefined
    const pick = <T>(own: T | null | undefined, base: T | undefined): T | undefined =>
      own !== null && own !== undefined ? own : base
    const ownScopes = row ? (JSON.parse(row.scopes) as string[]) : []
    return {
      id: (row?.id ?? builtin?.id)!,
      name: pick(row?.name, builtin?.name)!,
      auth_type: pick(row?.auth_type, builtin?.auth_type)!,
      builtin: builtin !== undefined,
      authorize_url: pick(row?.authorize_url, builtin?.authorize_url),
      token_url: pick(row?.token_url, builtin?.token_url),
      scopes: ownScopes.length ? ownScopes : (builtin?.scopes ?? []),
      base_url: pick(row?.base_url, builtin?.base_url),
      client_id: row?.client_id ?? undefined,
      description: builtin?.description,
      credential_fields: builtin?.credential_fields,
      scope_separator: builtin?.scope_separator ?? ' ',
      authorize_params: builtin?.authorize_params ?? {},
      token_auth_method: pick(row?.token_auth_method, builtin?.token_auth_method) ?? 'client_secret_post',
      hasClientSecret: !!row?.client_secret_sealed,
      row,
    }
  }

  // A public client (PKCE, no secret) is a valid OAuth client, so the secret is not required for "configured".
  const oauthConfigured = (p: ResolvedProvider) =>
    p.auth_type === 'oauth' && !!p.authorize_url && !!p.token_url && !!p.client_id

  const view = (p: ResolvedProvider): ProviderView => ({
    id: p.id,
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    auth_type: p.auth_type,
    builtin: p.builtin,
    project_configured: p.row !== undefined,
    ...(p.authorize_url ? { authorize_url: p.authorize_url } : {}),
    ...(p.token_url ? { token_url: p.token_url } : {}),
    scopes: p.scopes,
    ...(p.base_url ? { base_url: p.base_url } : {}),
    ...(p.client_id ? { client_id: p.client_id } : {}),
    oauth_configured: oauthConfigured(p),
    ...(p.credential_fields ? { credential_fields: p.credential_fields } : {}),
    ...(p.row ? { created_at: p.row.created_at } : {}),
  })

  const get = async (projectId: string, id: string) =>
    resolve(builtinProvider(id), (await repo.byId(projectId, id)) ?? undefined)

  return {
    get,
    exists: async (projectId: string, id: string) => (await get(projectId, id)) !== undefined,
    async list(projectId: string): Promise<ProviderView[]> {
      const own = new Map((await repo.list(projectId)).map((r) => [r.id, r]))
      const out: ProviderView[] = []
      for (const b of builtinProviders()) {
        out.push(view(resolve(b, own.get(b.id))!))
        own.delete(b.id)
      }
      for (const r of own.values()) out.push(view(resolve(undefined, r)!))
      return out
    },
    async create(projectId: string, body: CreateProviderBody): Promise<ProviderView> {
      const builtin = builtinProvider(body.id)
      const taken = () =>
        conflict(
          `provider "${body.id}" is already defined in this project (DELETE /providers/${body.id} first to replace it)`,
        )
      if (await repo.byId(projectId, body.id)) throw taken()
      if (!builtin && !body.name)
        throw badRequest('name is required for a new provider', [{ field: 'body.name', message: 'required' }])
      if (!builtin && !body.auth_type)
        throw badRequest('auth_type is required for a new provider', [{ field: 'body.auth_type', message: 'required' }])
      if (builtin && body.auth_type && body.auth_type !== builtin.auth_type) {
        throw badRequest(`auth_type of the built-in provider "${builtin.id}" is ${builtin.auth_type}`, [
          { field: 'body.auth_type', message: `must be ${builtin.auth_type}` },
        ])
      }
      const at = nowIso()
      const row: ProviderRow = {
        project_id: projectId,
        id: body.id,
        name: body.name ?? builtin!.name,
        auth_type: body.auth_type ?? builtin!.auth_type,
        authorize_url: body.authorize_url ?? null,
        token_url: body.token_url ?? null,
        scopes: JSON.stringify(body.scopes ?? []),
        client_id: body.client_id ?? null,
        client_secret_sealed:
          body.client_secret !== undefined
            ? await sealer.seal(projectId, secretContext(body.id), body.client_secret)
            : null,
        base_url: body.base_url ?? null,
        token_auth_method: body.token_auth_method ?? null,
        created_at: at,
        updated_at: at,
      }
      const merged = resolve(builtin, row)!
      if (merged.auth_type === 'oauth') {
        const missing = (['authorize_url', 'token_url', 'client_id'] as const).filter((f) => !merged[f])
        if (missing.length)
          throw badRequest(
            `an oauth provider needs ${missing.join(', ')}`,
            missing.map((f) => ({ field: `body.${f}`, message: 'required for auth_type oauth' })),
          )
      }
      try {
        await repo.insert(row)
      } catch (e) {
        // Another request defined the same id since the check above.
        if (e instanceof UniqueViolation) throw taken()
        throw e
      }
      return view(merged)
    },
    async remove(projectId: string, id: string): Promise<void> {
      if (!(await repo.remove(projectId, id))) throw notFound('provider')
    },
    /** The OAuth client of a provider, or a 400 saying what to configure. Opens the client secret. */
    async oauthClient(projectId: string, id: string): Promise<OAuthClient> {
      const p = await get(projectId, id)
      if (!p) throw badRequest(`unknown provider "${id}"`, [{ field: 'body.provider_id', message: 'no such provider' }])
      if (p.auth_type !== 'oauth')
        throw badRequest(`provider "${id}" does not use OAuth (auth_type ${p.auth_type})`, [
          { field: 'body.provider_id', message: 'not an oauth provider' },
        ])
      if (!oauthConfigured(p)) {
        throw new AppError(
          'bad_request',
          `provider "${id}" has no OAuth client configured for this project: POST /providers with id "${id}", client_id and client_secret first`,
        )
      }
      return {
        providerId: p.id,
        name: p.name,
        authorize_url: p.authorize_url!,
        token_url: p.token_url!,
        client_id: p.client_id!,
        ...(p.row?.client_secret_sealed
          ? { client_secret: await sealer.open(projectId, secretContext(p.id), p.row.client_secret_sealed) }
          : {}),
        scopes: p.scopes,
        scope_separator: p.scope_separator,
        authorize_params: p.authorize_params,
        token_auth_method: p.token_auth_method,
      }
    },
  }
}
export type ProvidersService = ReturnType<typeof providersService>
