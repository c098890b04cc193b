// Reads the API key a request presents: `X-API-Key: K` or `Authorization: Bearer K` (the spec treats both alike).
export function presentedApiKey(headers: Headers): string | undefined {
  const direct = headers.get('x-api-key')?.trim()
  if (direct) return direct
  const auth = headers.get('authorization')
  const m = auth ? /^Bearer\s+(.+)$/i.exec(auth.trim()) : null
  return m?.[1]?.trim() || undefined
}
