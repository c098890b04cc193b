// Access tokens: a valid token gives its claims; expired, foreign-issuer, foreign-key, unknown-kid and garbage tokens
// give null. The key is derived from a real keyring in a temp data dir.
import { afterAll, describe, expect, test } from 'bun:test'
import { createHmac } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { loadKeyring } from '../../crypto/master-key'
import { accessTokens } from './tokens'

const dirs = [mkdtempSync(join(tmpdir(), 'tokens-a-')), mkdtempSync(join(tmpdir(), 'tokens-b-'))]
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
const keyring = loadKeyring({ dataDir: dirs[0]! })
const otherKeyring = loadKeyring({ dataDir: dirs[1]! })
const ISSUER = 'http://127.0.0.1:1'
const AUD = `${ISSUER}/mcp/demo`
const claims = { grantId: 'g1', projectId: 'p1', serverId: 's1' }

describe('access tokens', () => {
  const tokens = accessTokens(keyring, () => ISSUER)

  test('a signed token verifies to its claims and audience', async () => {
    expect(await tokens.verify(await tokens.sign(claims, AUD))).toEqual({ ...claims, audience: AUD })
  })

  test('another issuer, another master key, an unknown kid or garbage: null', async () => {
    const fromElsewhere = await accessTokens(keyring, () => 'http://other.example').sign(claims, AUD)
    const otherKey = await accessTokens(otherKeyring, () => ISSUER).sign(claims, AUD)
    for (const t of [fromElsewhere, otherKey, 'not.a.jwt', '']) expect(await tokens.verify(t)).toBeNull()
  })

  test('an expired token: null', async () => {
    const master = keyring.current()
    const key = new Uint8Array(createHmac('sha256', master.key).update('toolyard oauth access tokens v1').digest())
    const expired = await new SignJWT({ pid: 'p1', srv: 's1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: master.id })
      .setIssuer(ISSUER)
      .setAudience(AUD)
      .setSubject('g1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key)
    expect(await tokens.verify(expired)).toBeNull()
    // The same construction, unexpired, verifies: the null above is the expiry.
    const fresh = await new SignJWT({ pid: 'p1', srv: 's1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: master.id })
      .setIssuer(ISSUER)
      .setAudience(AUD)
      .setSubject('g1')
      .setExpirationTime('1h')
      .sign(key)
    expect(await tokens.verify(fresh)).toEqual({ ...claims, audience: AUD })
  })
})
