// API keys: `tyk_` + 43 base64url chars (32 random bytes). Only a SHA-256 hash and a display prefix are stored.
import { randomBytes } from '../lib/node-crypto'

export const API_KEY_PATTERN = /^tyk_[A-Za-z0-9_-]{43}$/

export function generateApiKey(): { key: string; prefix: string; hash: string } {
  const key = `tyk_${randomBytes(32).toString('base64url')}`
  return { key, prefix: key.slice(0, 12), hash: hashApiKey(key) }
}

/** Runs on every keyed request: Bun's one-shot SHA-256 is about three times cheaper than node:crypto's. */
export function hashApiKey(key: string): string {
  return Bun.SHA256.hash(key, 'hex')
}
