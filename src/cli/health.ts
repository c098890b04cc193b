// `toolyard health [--url U]`: asks a running server's /mcp/health and exits 0 on 200, 1 otherwise — the container's
// HEALTHCHECK, as the runtime image carries no curl.
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
    const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) })
    const body = await res.text()
    let status = ''
    try {
      status = String((JSON.parse(body) as { status?: unknown }).status ?? '')
    } catch {}
    const line = `${url}: HTTP ${res.status}${status ? ` (${status})` : ''}`
    return { healthy: res.status === 200, line }
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${HEALTH_TIMEOUT_MS} ms` : String(error)
    return { healthy: false, line: `${url}: ${reason}` }
  }
}
