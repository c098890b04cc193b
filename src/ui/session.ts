// Dashboard sign-in sessions: kept in server memory, named by a random id in an HttpOnly SameSite=Strict cookie, so
// the key never reaches script-readable storage. Forms are also checked for a same-origin Origin header (CSRF).
import { randomBytes } from 'node:crypto'

const COOKIE = 'toolyard_ui'
const TTL_MS = 8 * 3600_000

export interface UiSession {
  /** The API key signed in with (kept server-side only): the dashboard calls the REST API with it. */
  apiKey?: string
  projectId?: string
  /** Signed in with the admin token: projects and keys. */
  admin?: boolean
  expires: number
}

export function createUiSessions() {
  const sessions = new Map<string, UiSession>()
  return {
    create(session: Omit<UiSession, 'expires'>): string {
      const id = randomBytes(32).toString('base64url')
      sessions.set(id, { ...session, expires: Date.now() + TTL_MS })
      return id
    },
    get(request: Request): UiSession | undefined {
      const id = cookieValue(request.headers.get('cookie'))
      const s = id ? sessions.get(id) : undefined
      if (!s) return undefined
      if (s.expires < Date.now()) {
        sessions.delete(id!)
        return undefined
      }
      return s
    },
    end(request: Request) {
      const id = cookieValue(request.headers.get('cookie'))
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

export const sessionCookie = (id: string) =>
  `${COOKIE}=${id}; Path=/mcp; HttpOnly; SameSite=Strict; Max-Age=${TTL_MS / 1000}`
export const clearedCookie = () => `${COOKIE}=; Path=/mcp; HttpOnly; SameSite=Strict; Max-Age=0`

/**
 * A state-changing dashboard request must come from a page of this service: browsers send Origin on every POST, so a
 * missing or foreign one is refused (SameSite=Strict already keeps the cookie off cross-site requests).
 */
export function sameOrigin(request: Request, publicUrl: string): boolean {
  const origin = request.headers.get('origin')
  if (!origin) return false
  return origin === new URL(request.url).origin || origin === new URL(publicUrl).origin
}
