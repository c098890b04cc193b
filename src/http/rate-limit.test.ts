// Unit tests of the fixed-window rate limiter on a controlled clock: counting, windows, isolation and headers.
import { describe, expect, test } from 'bun:test'
import { createRateLimiter, DEFAULT_LIMITS, rateHeaders } from './rate-limit'

/** A limiter whose clock the test moves by hand. */
function limiterAt(overrides: Record<string, number> | 'off', start = 1_000_000) {
  let t = start
  const limiter = createRateLimiter(overrides, () => t)
  return {
    hit: limiter.hit,
    advance: (ms: number) => {
      t += ms
    },
  }
}

describe('createRateLimiter', () => {
  test('allows exactly `limit` requests per window, counting remaining down, then refuses', () => {
    const l = limiterAt({ misc: 3 })
    expect([1, 2, 3].map(() => l.hit('misc', 'key-1')?.remaining)).toEqual([2, 1, 0])
    expect(l.hit('misc', 'key-1')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 60 })
    expect(l.hit('misc', 'key-1')?.allowed).toBe(false)
  })

  test('refused requests are not counted: the next window starts fresh at its full limit', () => {
    const l = limiterAt({ misc: 2 })
    l.hit('misc', 'k')
    l.hit('misc', 'k')
    for (let i = 0; i < 10; i++) expect(l.hit('misc', 'k')?.allowed).toBe(false)
    l.advance(60_000)
    expect(l.hit('misc', 'k')).toMatchObject({ allowed: true, remaining: 1 })
  })

  test('the window is fixed: it ends 60 s after its first request, not after the latest', () => {
    const l = limiterAt({ misc: 1 })
    expect(l.hit('misc', 'k')?.allowed).toBe(true)
    l.advance(59_999)
    expect(l.hit('misc', 'k')).toMatchObject({ allowed: false, resetSeconds: 1 })
    l.advance(1)
    expect(l.hit('misc', 'k')).toMatchObject({ allowed: true, resetSeconds: 60 })
  })

  test('resetSeconds rounds the time left up and is never 0', () => {
    const l = limiterAt({ misc: 100 })
    expect(l.hit('misc', 'k')?.resetSeconds).toBe(60)
    l.advance(500)
    expect(l.hit('misc', 'k')?.resetSeconds).toBe(60)
    l.advance(58_600)
    expect(l.hit('misc', 'k')?.resetSeconds).toBe(1)
    l.advance(899)
    expect(l.hit('misc', 'k')?.resetSeconds).toBe(1)
  })

  test('each subject and each group has its own budget', () => {
    const l = limiterAt({ misc: 1, servers_read: 1 })
    expect(l.hit('misc', 'a')?.allowed).toBe(true)
    expect(l.hit('misc', 'a')?.allowed).toBe(false)
    expect(l.hit('misc', 'b')?.allowed).toBe(true)
    expect(l.hit('servers_read', 'a')?.allowed).toBe(true)
    expect(l.hit('servers_read', 'a')?.allowed).toBe(false)
  })

  test('subjects that only differ in where a separator would fall do not share a window', () => {
    const l = limiterAt({ misc: 1 })
    expect(l.hit('misc', 'a:b')?.allowed).toBe(true)
    expect(l.hit('misc', 'a')?.allowed).toBe(true)
    expect(l.hit('misc', 'a:b')?.allowed).toBe(false)
  })

  test('overrides replace single groups; the others keep the defaults', () => {
    const l = limiterAt({ tools_call: 5 })
    expect(l.hit('tools_call', 'k')?.limit).toBe(5)
    expect(l.hit('servers_read', 'k')?.limit).toBe(DEFAULT_LIMITS.servers_read)
    expect(l.hit('protocol', 'k')?.limit).toBe(100)
  })

  test('"off" and the unlimited group are never limited', () => {
    const off = limiterAt('off')
    for (let i = 0; i < 2000; i++) expect(off.hit('initialize', 'k')).toBeNull()
    const on = limiterAt({})
    expect(on.hit('unlimited', 'k')).toBeNull()
  })

  test('the once-a-minute sweep of old windows keeps the windows still running', () => {
    const l = limiterAt({ misc: 2 })
    for (let i = 0; i < 50; i++) l.hit('misc', `old-${i}`)
    l.advance(30_000)
    l.hit('misc', 'active')
    l.advance(30_000)
    // The sweep runs on this hit (a minute after start): the active window is 30 s old and must survive it.
    expect(l.hit('misc', 'active')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 30 })
    expect(l.hit('misc', 'old-1')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 60 })
  })
})

describe('rateHeaders', () => {
  test('RateLimit-* always; Retry-After only on a refusal', () => {
    expect(rateHeaders({ allowed: true, limit: 10, remaining: 4, resetSeconds: 12 })).toEqual({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '4',
      'RateLimit-Reset': '12',
    })
    expect(rateHeaders({ allowed: false, limit: 10, remaining: 0, resetSeconds: 12 })).toEqual({
      'RateLimit-Limit': '10',
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': '12',
      'Retry-After': '12',
    })
  })
})
