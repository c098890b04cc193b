// POST /toolkits/import/registry: a remote toolkit made from the official MCP Registry's `server.json`, given inline
// or read from `registry_url` through the egress guard (docs/decisions/0363-registry-import.md).
import { Elysia } from 'elysia'
import type { Egress } from '../../../egress/client'
import { errorResponses } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import { AppError, badRequest } from '../../../lib/errors'
import type { ProvidersService } from '../../credentials/providers/service'
import { ToolkitView } from '../toolkits/model'
import type { ToolkitsService } from '../toolkits/service'
import { ImportRegistryBody } from './model'
import { checkServerJson, planImport } from './plan'

export interface RegistryImportDeps {
  toolkits: Pick<ToolkitsService, 'createOfKind'>
  vault: { providers: Pick<ProvidersService, 'exists' | 'create'> }
  egress: Egress
}

/** A server.json is a few KiB; a registry answer bigger than this is not one. */
const MAX_DOCUMENT_BYTES = 1024 * 1024

async function readRegistryUrl(egress: Egress, url: string): Promise<unknown> {
  const field = 'body.registry_url'
  let text: string
  try {
    const res = await egress.fetch(url, { headers: { accept: 'application/json' } })
    if (res.status !== 200)
      throw badRequest(`registry_url answered HTTP ${res.status}`, [{ field, message: `answered HTTP ${res.status}` }])
    text = res.text
  } catch (error) {
    if (error instanceof AppError) throw error
    const message = `could not be read: ${error instanceof Error ? error.message : 'unknown error'}`
    throw badRequest(`registry_url ${message}`, [{ field, message }])
  }
  if (text.length > MAX_DOCUMENT_BYTES)
    throw badRequest('registry_url answered more than 1 MiB', [{ field, message: 'answered more than 1 MiB' }])
  try {
    return JSON.parse(text)
  } catch {
    throw badRequest('registry_url did not answer JSON', [{ field, message: 'did not answer JSON' }])
  }
}

export const registryImportModule = (deps: GuardDeps & RegistryImportDeps) =>
  new Elysia({ name: 'toolyard.registry-import' }).use(guard(deps)).post(
    '/toolkits/import/registry',
    async ({ auth, body, set }) => {
      if ((body.server_json === undefined) === (body.registry_url === undefined))
        throw badRequest('give exactly one of server_json and registry_url', [
          { field: 'body.server_json', message: 'give exactly one of server_json and registry_url' },
        ])
      const base = body.server_json ? 'body.server_json' : 'body.registry_url'
      const raw = body.server_json ?? (await readRegistryUrl(deps.egress, body.registry_url!))
      const plan = planImport(checkServerJson(raw, base, body.server_name), body, base)
      // The provider first: a credential for it can be stored even when the upstream refuses us without one.
      if (plan.provider && !(await deps.vault.providers.exists(auth.projectId, plan.provider.id)))
        await deps.vault.providers.create(auth.projectId, { ...plan.provider, auth_type: 'api_key' })
      const created = await deps.toolkits.createOfKind(auth.projectId, {
        name: body.name,
        toolkit_type: 'remote',
        display_name: plan.display_name.slice(0, 200),
        description: plan.description,
        remote: plan.remote,
      })
      set.status = 201
      return created
    },
    {
      api: 'toolkits_create',
      body: ImportRegistryBody,
      response: { 201: ToolkitView, ...errorResponses },
      detail: {
        tags: ['toolkits'],
        summary: 'Make a remote toolkit from an MCP Registry server.json (its first usable remotes entry)',
      },
    },
  )
