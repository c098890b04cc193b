// From a registry `server.json` to a remote toolkit: its first usable `remotes` entry (streamable-http or sse, at most
// one secret header) becomes the upstream; URL variables are filled from the request (or their defaults); a secret
// header becomes the toolkit's credential header under a provider; other headers are sent as given
// (docs/decisions/0363-registry-import.md).
import { Value } from '@sinclair/typebox/value'
import { badRequest } from '../../../lib/errors'
import type { RemoteSpecInput } from '../kinds/remote/model'
import { type ImportRegistryBody, type RegistryRemote, ServerJson } from './model'

export interface RegistryPlan {
  remote: RemoteSpecInput
  /** The provider the secret header's credentials are stored under (made when the project has none of that id). */
  provider?: { id: string; name: string }
  description: string
  display_name: string
}

const TRANSPORTS: Record<string, 'streamable_http' | 'sse'> = { 'streamable-http': 'streamable_http', sse: 'sse' }

/** `/remotes/0/url` → `remotes[0].url`. */
const dotted = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')

const refuse = (field: string, message: string) => badRequest(`${field}: ${message}`, [{ field, message }])

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The registry API's `{server: …}` answer unwrapped; anything else as it is. */
const unwrapped = (v: unknown) => (isObject(v) && isObject(v.server) ? v.server : v)

/**
 * The entry named `serverName` of a registry listing or snapshot file (`{servers: [{server, _meta}, …]}`, as
 * `GET /v0/servers` answers): the one the registry marks latest, else the last listed.
 */
function entryOf(list: unknown[], serverName: string | undefined): unknown {
  if (!serverName)
    throw refuse('body.server_name', 'the document lists servers: name the one to import (its server.json `name`)')
  const named = list.filter((e) => isObject(unwrapped(e)) && (unwrapped(e) as { name?: unknown }).name === serverName)
  if (!named.length) throw refuse('body.server_name', `no server named ${JSON.stringify(serverName)} in the document`)
  const latest = named.find((e) => {
    const meta = isObject(e) && isObject(e._meta) ? e._meta['io.modelcontextprotocol.registry/official'] : undefined
    return isObject(meta) && meta.isLatest === true
  })
  return latest ?? named[named.length - 1]
}

/**
 * The server.json checked field by field: given as it is, as a registry API answer (`{server: …}`), or as an entry
 * of a registry listing or snapshot file (`{servers: […]}`, picked by `serverName`).
 */
export function checkServerJson(raw: unknown, base: string, serverName?: string): ServerJson {
  const doc = unwrapped(isObject(raw) && Array.isArray(raw.servers) ? entryOf(raw.servers, serverName) : raw)
  const first = Value.Errors(ServerJson, doc).First()
  if (first) throw refuse(`${base}${dotted(first.path)}`, first.message)
  return doc as ServerJson
}

/** Why a remotes entry cannot be a toolkit's upstream, or undefined when it can. */
function unusable(r: RegistryRemote): string | undefined {
  if (!TRANSPORTS[r.type]) return `type ${JSON.stringify(r.type.slice(0, 50))} is not streamable-http or sse`
  if ((r.headers ?? []).filter((h) => h.isSecret).length > 1)
    return 'it asks for more than one secret header; a remote toolkit sends one credential header'
  return undefined
}

export function planImport(doc: ServerJson, body: ImportRegistryBody, base: string): RegistryPlan {
  const remotes = doc.remotes ?? []
  const index = remotes.findIndex((r) => !unusable(r))
  if (index < 0) {
    if (remotes.length === 0 && doc.packages?.length)
      throw refuse(
        `${base}.packages`,
        'this server is published only as local packages (no remotes): a local package runs only as a local server the operator declares (TOOLYARD_LOCAL_SERVERS)',
      )
    if (remotes.length === 0) throw refuse(`${base}.remotes`, 'the server.json has no remotes to connect to')
    throw refuse(`${base}.remotes[0]`, `no usable remotes entry: ${unusable(remotes[0]!)}`)
  }
  const remote = remotes[index]!
  const at = `${base}.remotes[${index}]`
  const url = fillUrl(remote, body.variables ?? {}, at)
  const headers: Record<string, string> = {}
  let secret: string | undefined
  for (const [i, h] of (remote.headers ?? []).entries()) {
    if (h.isSecret) {
      secret = h.name
      continue
    }
    const value = body.headers?.[h.name] ?? h.value ?? h.default
    if (value !== undefined) headers[h.name] = value
    else if (h.isRequired)
      throw refuse(
        `body.headers.${h.name}`,
        `the server asks for header ${h.name} (${at}.headers[${i}]); give its value`,
      )
  }
  const providerId =
    body.credential_provider ?? `mcp-${body.name.toLowerCase().replace(/[^a-z0-9_.-]/g, '-')}`.slice(0, 64)
  const auth: RemoteSpecInput['auth'] = !secret
    ? { type: 'none' }
    : secret.toLowerCase() === 'authorization'
      ? { type: 'bearer', credential_provider: providerId }
      : { type: 'header', header_name: secret, credential_provider: providerId }
  return {
    remote: {
      url,
      transport: TRANSPORTS[remote.type]!,
      ...(Object.keys(headers).length ? { headers } : {}),
      auth,
      ...(body.prefix !== undefined ? { prefix: body.prefix } : {}),
    },
    ...(secret ? { provider: { id: providerId, name: doc.title ?? doc.name } } : {}),
    description: doc.description,
    display_name: body.display_name ?? doc.title ?? doc.name,
  }
}

/** The URL with its `{variables}` filled: the request's value, else the variable's default; a secret stays out of it. */
function fillUrl(remote: RegistryRemote, given: Record<string, string>, at: string): string {
  return remote.url.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_whole, name: string) => {
    const v = remote.variables?.[name]
    if (v?.isSecret)
      throw refuse(
        `${at}.variables.${name}`,
        'a secret in the URL would be shown wherever the toolkit is (GET /toolkits/{id}): not supported',
      )
    const value = given[name] ?? v?.default
    if (value === undefined) throw refuse(`body.variables.${name}`, `the server's URL needs ${name}; give its value`)
    if (v?.choices?.length && !v.choices.includes(value))
      throw refuse(`body.variables.${name}`, `must be one of ${v.choices.join(', ')}`)
    return value
  })
}
