// Sealed session ids: what one instance issues, another with the same master key opens; nothing of it is readable,
// and a changed, foreign or made-up id opens as nothing (src/mcp/session-id.ts).
import { afterAll, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadKeyring } from '../crypto/master-key'
import { boundCapabilities, sessionIds } from './session-id'

const dirs: string[] = []
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})
const keyring = (masterKey: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-session-id-'))
  dirs.push(dataDir)
  return loadKeyring({ dataDir, masterKey })
}
const MASTER = randomBytes(32).toString('base64')
const init = {
  serverId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  projectId: '0190a1b2-c3d4-7e5f-8a9b-000000000001',
  principal: 'key:0190a1b2-c3d4-7e5f-8a9b-00000000k3y1',
  protocolVersion: '2025-11-25' as const,
  clientCapabilities: { elicitation: { form: {} }, sampling: {} },
}

describe('sealed session ids', () => {
  test('round trip: another instance with the same master key opens what one issued', () => {
    const { id, claims } = sessionIds(keyring(MASTER)).issue(init, 1_800_000_000_000)
    expect(claims).toEqual({ ...init, issuedAt: 1_800_000_000_000, ref: expect.stringMatching(/^[\w-]{22}$/) })
    expect(sessionIds(keyring(MASTER)).open(id)).toEqual(claims)
    // Visible ASCII only (the transport's rule for Mcp-Session-Id), and short enough for a header.
    expect(id).toMatch(/^[\x21-\x7e]+$/)
    expect(id.length).toBeLessThan(600)
  })

  test('nothing of the session is readable from the id', () => {
    const { id, claims } = sessionIds(keyring(MASTER)).issue(init, Date.now())
    const decoded = Buffer.from(id.split('.')[2]!, 'base64url').toString('latin1')
    for (const secret of [init.principal, init.serverId, init.projectId, claims.ref, 'elicitation', MASTER])
      expect(id.includes(secret) || decoded.includes(secret)).toBe(false)
  })

  test('two sessions never share an id or a reference', () => {
    const ids = sessionIds(keyring(MASTER))
    const a = ids.issue(init, 1)
    const b = ids.issue(init, 1)
    expect(a.id).not.toBe(b.id)
    expect(a.claims.ref).not.toBe(b.claims.ref)
  })

  test('a changed byte, a cut id, a swapped key id or made-up text opens as nothing', () => {
    const ids = sessionIds(keyring(MASTER))
    const { id } = ids.issue(init, Date.now())
    const [v, kid, body] = id.split('.') as [string, string, string]
    const raw = Buffer.from(body, 'base64url')
    for (const i of [0, 13, raw.length - 1]) {
      const bent = Buffer.from(raw)
      bent[i]! ^= 1
      expect(ids.open(`${v}.${kid}.${bent.toString('base64url')}`)).toBeNull()
    }
    expect(ids.open(id.slice(0, -4))).toBeNull()
    expect(ids.open(`${v}.mk_0000000000000000.${body}`)).toBeNull()
    expect(ids.open(`v2.${kid}.${body}`)).toBeNull()
    expect(ids.open(`${id}.x`)).toBeNull()
    expect(ids.open('')).toBeNull()
    expect(ids.open(randomBytes(32).toString('base64url'))).toBeNull()
    expect(ids.open(`v1.${kid}.${'A'.repeat(5000)}`)).toBeNull()
  })

  test('an id sealed under another master key is unknown', () => {
    const { id } = sessionIds(keyring(MASTER)).issue(init, Date.now())
    expect(sessionIds(keyring(randomBytes(32).toString('base64'))).open(id)).toBeNull()
  })

  test('capabilities are bounded: small ones kept, large ones reduced to their top-level names', () => {
    expect(boundCapabilities(init.clientCapabilities)).toEqual(init.clientCapabilities)
    const huge = { sampling: { note: 'x'.repeat(5000) }, roots: { listChanged: true }, experimental: null }
    expect(boundCapabilities(huge)).toEqual({ sampling: {}, roots: {} })
    const manyNames = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`c${i}`.padEnd(60, 'x'), {}]))
    expect(boundCapabilities(manyNames)).toEqual({})
    const { id, claims } = sessionIds(keyring(MASTER)).issue({ ...init, clientCapabilities: huge }, 1)
    expect(claims.clientCapabilities).toEqual({ sampling: {}, roots: {} })
    expect(id.length).toBeLessThan(600)
  })
})
