// Dashboard sign-in sessions: kept in server memory, named by a random id in an HttpOnly SameSite=Strict cookie, so
// the key never reaches script-readable storage. Forms are also checked for a same-origin Origin header (CSRF).
import { randomBytes } from '../lib/node-crypto'

const COOKIE = 'toolyard_ui'
const TTL_MS = 8 * 3600_000

export interface UiSession {
  /** The admin API key signed in with (kept server-side only): the dashboard calls the REST API with it. */
  apiKey?: string
  projectId?: string
  /** Who signed in, as the audit trail names the dashboard member (e.g. a member's email); absent: the key. */
  member?: string
  /** Signed in with the admin token: projects and keys. */
  admin?: boolean
  /** Signed in through the identity provider: the admin key made for this session (revoked at sign-out). */
  signedInKeyId?: string
  expires: number
  /** Said once on the next page: what the last action did (post/redirect/get). */
  notice?: string
  /** Shown once on the next page: a secret the last action made (a new key, a webhook signing secret). */
  once?: { label: string; value: string; id: string }
}

/** At most `max` sessions: a new one ends the oldest first (a flood of sign-ins cannot grow memory). */
export function createUiSessions(max: number) {
  const sessions = new Map<string, UiSession>()
  const idOf = (request: Request) => cookieValue(request.headers.get('cookie'))
  return {
    create(session: Omit<UiSession, 'expires'>): string {
      const t = Date.now()
      // A Map iterates in insertion order and every session lives as long, so the expired ones and then the oldest
      // are at the front.
      for (const [id, s] of sessions) {
        if (s.expires >= t && sessions.size < max) break
        sessions.delete(id)
      }
      const id = randomBytes(32).toString('base64url')
      sessions.set(id, { ...session, expires: t + TTL_MS })
      return id
    },
    get(request: Request): UiSession | undefined {
      const id = idOf(request)
      const s = id ? sessions.get(id) : undefined
      if (!s) return undefined
      if (s.expires < Date.now()) {
        sessions.delete(id!)
        return undefined
      }
      return s
    },
    end(request: Request) {
      const id = idOf(request)
      if (id) sessions.delete(id)
    },
  }
}

function cookieValue(header: string | null): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [name, ...rest] = part.trim().split('=')
    if (name === COOKIE) return rest.join('=')
  }
  return undefined
}

/** `secure`: the public URL is https, so the browser must never send the cookie over plain http. */
export const sessionCookie = (id: string, secure: boolean) =>
  `${COOKIE}=${id}; Path=/mcp; HttpOnly; SameSite=Strict; Max-Age=${TTL_MS / 1000}${secure ? '; Secure' : ''}`
export const clearedCookie = (secure: boolean) =>
  `${COOKIE}=; Path=/mcp; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`

/**
 * A state-changing dashboard request must come from a page of this service: browsers send Origin on every POST, so a
 * missing or foreign one is refused (SameSite=Strict already keeps the cookie off cross-site requests).
 */
export function sameOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return false
  return origin === new URL(request.url).origin || origin === new URL(publicUrl).origin
}
