import { describe, expect, test } from 'bun:test'
import { claimsGrantAdmin, parseAdminClaim } from './admin-claim'

describe('admin_claim', () => {
  test('name=value matches a list holding the value or an equal string', () => {
    const rule = parseAdminClaim('groups=admins')
    if (typeof rule === 'string') throw new Error(rule)
    expect(claimsGrantAdmin(rule, { groups: ['staff', 'admins'] })).toBe(true)
    expect(claimsGrantAdmin(rule, { groups: 'admins' })).toBe(true)
    expect(claimsGrantAdmin(rule, { groups: ['staff'] })).toBe(false)
    expect(claimsGrantAdmin(rule, {})).toBe(false)
  })
  test('a bare name needs the claim to be true; a dotted name reads nested claims', () => {
    const bare = parseAdminClaim('is_admin')
    const nested = parseAdminClaim('realm_access.roles=admin')
    if (typeof bare === 'string' || typeof nested === 'string') throw new Error('parse failed')
    expect(claimsGrantAdmin(bare, { is_admin: true })).toBe(true)
    expect(claimsGrantAdmin(bare, { is_admin: 'true' })).toBe(false)
    expect(claimsGrantAdmin(nested, { realm_access: { roles: ['admin'] } })).toBe(true)
  })
  test('a malformed rule is refused with words', () => {
    expect(typeof parseAdminClaim('')).toBe('string')
    expect(typeof parseAdminClaim('groups=')).toBe('string')
    expect(typeof parseAdminClaim('my groups=x')).toBe('string')
  })
})
