// `toolyard health [--url U]`: asks a running server's /mcp/health and exits 0 on 200, 1 otherwise — the container's
// HEALTHCHECK, as the runtime image carries no curl.
import { FetchError, ofetch } from 'ofetch'
import { defaultPublicUrl, loadConfig } from '../config'
import { UsageError } from './args'

/** Long enough for a busy server, short enough that a supervisor's own timeout is not the one that fires. */
const HEALTH_TIMEOUT_MS = 5000

/** The health URL on the configured bind address (a wildcard one asked over loopback), unless `--url` names one. */
export function healthUrl(url: string | undefined, env: Record<string, string | undefined>): string {
  if (url !== undefined) {
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
      throw new UsageError(`--url must be an http(s) URL, e.g. http://127.0.0.1:8080/mcp/health (got ${url})`)
    return url
  }
  const config = loadConfig(env)
  return `${defaultPublicUrl(config.host, config.port)}/mcp/health`
}

/** One line saying how the server answered; `healthy` only for a 200. */
export async function checkHealth(url: string): Promise<{ healthy: boolean; line: string }> {
  try {
    // ofetch parses the body (JSON when it is JSON, else text); every status is an answer here, not an error, and a
    // health check is asked once (ofetch retries a failed GET once by default). The bound is a signal, not ofetch's
    // `timeout`: that one ends at the response's headers, and a server that stalls in its body must not hang the check.
    const res = await ofetch.raw<unknown, 'json'>(url, {
      redirect: 'manual',
      signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
      retry: 0,
      ignoreResponseError: true,
      responseType: 'json',
    })
    const body = res._data
    const status = body && typeof body === 'object' ? String((body as { status?: unknown }).status ?? '') : ''
    const line = `${url}: HTTP ${res.status}${status ? ` (${status})` : ''}`
    return { healthy: res.status === 200, line }
  } catch (error) {
    // ofetch wraps what fetch threw (no connection, the deadline's abort) as the cause of a FetchError; an abort while
    // the body is read arrives as it is.
    const cause = error instanceof FetchError && error.cause ? error.cause : error
    const reason = (cause as Error).name === 'TimeoutError' ? `no answer within ${HEALTH_TIMEOUT_MS} ms` : String(cause)
    return { healthy: false, line: `${url}: ${reason}` }
  }
}
