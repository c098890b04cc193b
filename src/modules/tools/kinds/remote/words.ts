// An upstream failure in words for a toolkit's owner or a tool's caller: the error's own message with the URL's query
// and every secret value cut out, in any form it may be echoed in (src/lib/redact.ts): a token can come back inside
// an upstream's error body.
import { EgressError } from '../../../../egress/client'
import { redact } from '../../../../lib/redact'
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
