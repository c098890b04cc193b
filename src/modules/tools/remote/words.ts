// An upstream failure in words for a toolkit's owner or a tool's caller: the error's own message with the URL's query
// and every secret value cut out (a token can come back inside an upstream's error body).
import { EgressError } from '../../../egress/client'
import { sdkIfLoaded } from './sdk'

/** The URL without credentials or query, for messages. */
export function shownUrl(raw: string): string {
  try {
    const u = new URL(raw)
    return `${u.origin}${u.pathname}`
  } catch {
    return '(invalid URL)'
  }
}

/** The text with every secret value (4 characters or more) replaced by "[redacted]". */
export function redact(text: string, secrets: readonly string[]): string {
  for (const s of secrets) if (s.length >= 4) text = text.replaceAll(s, '[redacted]')
  return text
}

/**
 * An upstream's answer with every string that holds a secret redacted: an upstream that echoes the credential it was
 * sent (an error naming the header it refused) must not hand it to whoever holds a key of the server.
 */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  const live = secrets.filter((s) => s.length >= 4)
  if (!live.length || !live.some((s) => JSON.stringify(value).includes(JSON.stringify(s).slice(1, -1)))) return value
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v, live)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [redact(k, live), walk(x)]))
    return v
  }
  return walk(value) as T
}

export function upstreamWords(error: unknown, o: { url: string; secrets: string[] }): string {
  let text: string
  const sdk = sdkIfLoaded()
  if (error instanceof EgressError || (sdk && error instanceof sdk.McpError)) text = error.message
  else if (
    sdk &&
    (error instanceof sdk.StreamableHTTPError || error instanceof sdk.SseError) &&
    typeof error.code === 'number'
  )
    text = `${error.message} (HTTP ${error.code})`
  else if (error instanceof Error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    text = cause?.code ? `${error.message} (${cause.code})` : error.message
  } else text = String(error)
  text = text.replaceAll(o.url, shownUrl(o.url))
  text = redact(text, o.secrets)
  return text.length > 1000 ? `${text.slice(0, 1000)}…` : text
}
