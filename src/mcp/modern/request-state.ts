// The MRTR requestState: the answers a multi-round request has gathered, sealed with an HMAC so a client can carry
// them between rounds but cannot change them, reuse them for another call, or keep them past their expiry.

import type { Keyring } from '../../crypto/master-key'
import { createHash, createHmac, randomBytes, timingSafeEqual } from '../../lib/node-crypto'
import type { JsonObject } from '../backend'
import { ProtocolError, RPC } from '../errors'

/** A round's state is good for ten minutes: enough for a person to answer, short enough to bound replay. */
const STATE_TTL_MS = 10 * 60_000

/** What a state is bound to: the caller, the server, the method, what it names and the exact arguments. */
export interface StateBinding {
  principal: string
  serverId: string
  method: string
  name: string
  args: unknown
}

interface Payload {
  p: string
  s: string
  m: string
  n: string
  h: string
  a: Record<string, JsonObject>
  x: number
  r: string
}

const b64 = (b: Buffer | string) => Buffer.from(b).toString('base64url')

/** Sorted keys, so the same arguments always hash alike whatever order the client wrote them in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as JsonObject)[k])}`)
      .join(',')}}`
  return JSON.stringify(v ?? null)
}

const macKey = (master: Buffer) => createHmac('sha256', master).update('toolyard/mrtr-request-state/v1').digest()
const argsHash = (args: unknown) => createHash('sha256').update(canonical(args)).digest('base64url')

export function signState(keyring: Keyring, b: StateBinding, answers: Record<string, JsonObject>): string {
  const master = keyring.current()
  const payload: Payload = {
    p: b.principal,
    s: b.serverId,
    m: b.method,
    n: b.name,
    h: argsHash(b.args),
    a: answers,
    x: Date.now() + STATE_TTL_MS,
    r: randomBytes(9).toString('base64url'),
  }
  const body = b64(JSON.stringify(payload))
  const mac = createHmac('sha256', macKey(master.key)).update(`v1.${master.id}.${body}`).digest()
  return `v1.${master.id}.${body}.${b64(mac)}`
}

const TAMPERED = () => new ProtocolError(RPC.INVALID_PARAMS, 'Invalid params: requestState failed verification')

/** The answers a valid state carries; anything altered, expired or bound to another call is -32602. */
export function verifyState(keyring: Keyring, token: unknown, b: StateBinding): Record<string, JsonObject> {
  if (typeof token !== 'string') throw TAMPERED()
  const parts = token.split('.')
  if (parts.length !== 4 || parts[0] !== 'v1') throw TAMPERED()
  const [, kid = '', body = '', mac = ''] = parts
  const master = keyring.byId(kid)
  if (!master) throw TAMPERED()
  const expected = createHmac('sha256', macKey(master.key)).update(`v1.${kid}.${body}`).digest()
  const given = Buffer.from(mac, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || b64(given) !== mac) throw TAMPERED()
  let p: Payload
  try {
    p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload
  } catch {
    throw TAMPERED()
  }
  const bound = p.p === b.principal && p.s === b.serverId && p.m === b.method && p.n === b.name
  if (!bound || p.h !== argsHash(b.args) || !(p.x > Date.now())) throw TAMPERED()
  return p.a && typeof p.a === 'object' ? p.a : {}
}
