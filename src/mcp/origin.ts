// DNS-rebinding protection (docs/decisions/0005-mcp-protocol-endpoint.md: host check): a present Origin must be
// allowed, and when the service is bound to a loopback address the Host header must name the loopback (or the public
// URL's host).
import type { Config } from '../config'

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])
const isLoopbackBind = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.')

function parseHostname(value: string): string | null {
  try {
    return new URL(value.includes('://') ? value : `http://${value}`).hostname.toLowerCase()
  } catch {
    return null
  }
}

// Every request names the same few hosts: parsing them once (a URL per request was a measurable share of a call)
// is enough. Bounded, since the Host header is the client's to choose.
const hostnames = new Map<string, string | null>()
function hostnameOf(value: string): string | null {
  let name = hostnames.get(value)
  if (name === undefined) {
    name = parseHostname(value)
    if (hostnames.size >= 256) hostnames.clear()
    hostnames.set(value, name)
  }
  return name
}

function originOf(value: string): string | null {
  try {
    const u = new URL(value)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null
  } catch {
    return null
  }
}

export function originPolicy(config: Pick<Config, 'host' | 'allowedOrigins'>, publicUrl: () => string) {
  const loopback = isLoopbackBind(config.host)
  const explicit = config.allowedOrigins?.map((o) => originOf(o)).filter((o): o is string => o !== null)

  const originAllowed = (origin: string): boolean => {
    const o = originOf(origin)
    if (!o) return false
    if (explicit) return explicit.includes(o)
    if (o === originOf(publicUrl())) return true
    return loopback && LOOPBACK_NAMES.has(hostnameOf(o) ?? '')
  }

  const hostAllowed = (host: string | null): boolean => {
    if (!loopback) return true
    if (!host) return false
    const name = hostnameOf(host)
    return name !== null && (LOOPBACK_NAMES.has(name) || name === hostnameOf(publicUrl()))
  }

  return {
    /** null when allowed; otherwise the reason for the 403. */
    check(headers: Headers): string | null {
      if (!hostAllowed(headers.get('host'))) return 'Forbidden: Host header not allowed'
      const origin = headers.get('origin')
      if (origin !== null && !originAllowed(origin)) return 'Forbidden: Origin not allowed'
      return null
    },
    /** The allowed Origin to echo in CORS headers, if the request carries one. */
    corsOrigin(headers: Headers): string | null {
      const origin = headers.get('origin')
      return origin !== null && originAllowed(origin) ? origin : null
    },
  }
}
