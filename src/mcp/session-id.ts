// Sealed MCP session ids (docs/decisions/0042-mcp-sessions-across-instances.md): the id a 2025 client carries in
// `Mcp-Session-Id` is the session's immutable part — server, project, principal, protocol version, client
// capabilities, issued-at and a random reference — sealed with AES-256-GCM under a key derived from the master key.
// Any instance given the same master key can open it; nobody can read or forge one. What changes during a session
// lives in the session directory (./session-directory.ts), keyed by the reference.

import type { Keyring, MasterKey } from '../crypto/master-key'
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from '../lib/node-crypto'
import type { JsonObject } from './backend'
import { isObject } from './jsonrpc'
import { isSupported, type ProtocolVersion } from './versions'

export interface SessionClaims {
  serverId: string
  projectId: string
  /** `key:<key id>`, `key:oauth:<grant>` or `addr:<client address>` (src/mcp/admission.ts). */
  principal: string
  protocolVersion: ProtocolVersion
  /** Bounded by boundCapabilities: a client cannot make its id (a header on every request) large. */
  clientCapabilities: JsonObject
  /** Milliseconds since the epoch. */
  issuedAt: number
  /** 16 random bytes, base64url: the session's key in the directory and between instances. Never the id itself. */
  ref: string
}

/** The capabilities kept whole up to this size (JSON bytes); larger ones keep their top-level names only. */
const MAX_CAPABILITIES_BYTES = 1024
const MAX_CAPABILITY_NAMES = 32
const MAX_CAPABILITY_NAME = 64
/** Anything longer is not an id this server issued: refused before any work. */
const MAX_ID_LENGTH = 4096
const IV_BYTES = 12
const TAG_BYTES = 16
/** The HKDF label: this key is used for nothing else (the access-token and requestState keys have their own). */
const LABEL = 'toolyard mcp session id v1'
/** A key id this process does not know re-reads the data dir (Keyring.byId) at most this often. */
const UNKNOWN_KEY_RELOAD_MS = 10_000

/**
 * What the server reads of a client's capabilities is whether `sampling`, `elicitation` and `roots` are present
 * (src/mcp/exchange.ts). Up to 1 KiB they are kept as sent; past it only the top-level names remain (each `{}`), so
 * those checks answer the same and the id stays a few hundred bytes.
 */
export function boundCapabilities(caps: JsonObject): JsonObject {
  if (Buffer.byteLength(JSON.stringify(caps)) <= MAX_CAPABILITIES_BYTES) return caps
  const names: JsonObject = {}
  for (const name of Object.keys(caps).slice(0, MAX_CAPABILITY_NAMES))
    if (name.length <= MAX_CAPABILITY_NAME && caps[name] !== null && caps[name] !== undefined) names[name] = {}
  return Buffer.byteLength(JSON.stringify(names)) <= MAX_CAPABILITIES_BYTES ? names : {}
}

interface Wire {
  s: string
  p: string
  u: string
  v: string
  c: JsonObject
  t: number
  r: string
}

const isWire = (w: unknown): w is Wire =>
  isObject(w) &&
  typeof w.s === 'string' &&
  typeof w.p === 'string' &&
  typeof w.u === 'string' &&
  typeof w.v === 'string' &&
  isObject(w.c) &&
  typeof w.t === 'number' &&
  typeof w.r === 'string'

export interface SessionIds {
  /** A new session's claims (its issued-at and reference made here) and its id: `v1.<master key id>.<sealed>`. */
  issue(init: Omit<SessionClaims, 'issuedAt' | 'ref'>, now: number): { id: string; claims: SessionClaims }
  /** The claims of an id this service issued under a master key it holds; null for anything else (tampered, foreign). */
  open(id: string): SessionClaims | null
}

export function sessionIds(keyring: Pick<Keyring, 'current' | 'byId'>, clock: () => number = Date.now): SessionIds {
  const derived = new Map<string, Buffer>()
  const keyOf = (master: MasterKey): Buffer => {
    let key = derived.get(master.id)
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', master.key, Buffer.alloc(0), LABEL, 32))
      derived.set(master.id, key)
    }
    return key
  }
  const aad = (kid: string) => Buffer.from(`toolyard:mcp-session-id:v1:${kid}`)
  let lastUnknown = Number.NEGATIVE_INFINITY
  /** The master key an id names: one seen before, else a look-up that may re-read the data dir, rate-limited. */
  const masterFor = (kid: string): MasterKey | undefined => {
    const current = keyring.current()
    if (kid === current.id) return current
    if (!derived.has(kid)) {
      // An unknown key id costs a directory read; a client making them up must not make every request pay it.
      if (clock() - lastUnknown < UNKNOWN_KEY_RELOAD_MS) return undefined
      lastUnknown = clock()
    }
    return keyring.byId(kid)
  }

  return {
    issue(init, now) {
      const claims: SessionClaims = {
        ...init,
        clientCapabilities: boundCapabilities(init.clientCapabilities),
        issuedAt: now,
        ref: randomBytes(16).toString('base64url'),
      }
      const wire: Wire = {
        s: claims.serverId,
        p: claims.projectId,
        u: claims.principal,
        v: claims.protocolVersion,
        c: claims.clientCapabilities,
        t: claims.issuedAt,
        r: claims.ref,
      }
      const master = keyring.current()
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', keyOf(master), iv)
      cipher.setAAD(aad(master.id))
      const body = Buffer.concat([iv, cipher.update(JSON.stringify(wire), 'utf8'), cipher.final(), cipher.getAuthTag()])
      // base64url and dots: visible ASCII only, as the transport requires of a session id.
      return { id: `v1.${master.id}.${body.toString('base64url')}`, claims }
    },
    open(id) {
      if (id.length > MAX_ID_LENGTH) return null
      const [version, kid, sealed, extra] = id.split('.')
      if (version !== 'v1' || !kid || !sealed || extra !== undefined) return null
      const master = masterFor(kid)
      if (!master) return null
      const body = Buffer.from(sealed, 'base64url')
      if (body.length < IV_BYTES + TAG_BYTES + 2 || body.toString('base64url') !== sealed) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', keyOf(master), body.subarray(0, IV_BYTES))
        decipher.setAAD(aad(kid))
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
        const text = Buffer.concat([
          decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8')
        const w: unknown = JSON.parse(text)
        if (!isWire(w) || !isSupported(w.v)) return null
        return {
          serverId: w.s,
          projectId: w.p,
          principal: w.u,
          protocolVersion: w.v,
          clientCapabilities: w.c,
          issuedAt: w.t,
          ref: w.r,
        }
      } catch {
        // Wrong key, altered bytes, or not ours: simply unknown.
        return null
      }
    },
  }
}
