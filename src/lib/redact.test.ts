// The forms a secret is looked for in, and what is left alone.
import { describe, expect, test } from 'bun:test'
import { credentialSecrets, redact, redactDeep } from './redact'

const SECRET = 'tok3n/with+sym=bols&more'

describe('redact', () => {
  test('the secret as is, in base64 (both alphabets, padded or not), URL-encoded and hex', () => {
    const b = Buffer.from(SECRET)
    for (const form of [
      SECRET,
      b.toString('base64'),
      b.toString('base64').replace(/=+$/, ''),
      b.toString('base64url'),
      encodeURIComponent(SECRET),
      new URLSearchParams({ q: SECRET }).toString().slice(2),
      b.toString('hex'),
      b.toString('hex').toUpperCase(),
    ])
      expect(redact(`before ${form} after`, [SECRET])).toBe('before [redacted] after')
  })

  test('inside a longer base64 text at any alignment (a Basic or Bearer value encoded whole)', () => {
    for (const prefix of ['', 'a', 'ab', 'abc', 'Bearer ', 'user:'])
      for (const enc of ['base64', 'base64url'] as const) {
        const whole = Buffer.from(`${prefix}${SECRET}!`).toString(enc)
        const out = redact(whole, [SECRET])
        expect(out).toContain('[redacted]')
        // What is left around it is the prefix's groups and the one group the secret shares with each neighbour.
        const [before = '', after = ''] = out.split('[redacted]')
        expect(before.length).toBeLessThanOrEqual(Math.ceil(prefix.length / 3) * 4 + 4)
        expect(after.length).toBeLessThanOrEqual(8)
      }
  })

  test('short secrets are not looked for; text without a secret comes back as it was', () => {
    expect(redact('abc is fine', ['abc'])).toBe('abc is fine')
    const value = { a: ['x', { b: 'y' }] }
    expect(redactDeep(value, [SECRET])).toBe(value)
  })

  test('keys and nested strings of an answer are redacted', () => {
    const hex = Buffer.from(SECRET).toString('hex')
    expect(redactDeep({ [hex]: [{ t: `k=${encodeURIComponent(SECRET)}` }] }, [SECRET])).toEqual({
      '[redacted]': [{ t: 'k=[redacted]' }],
    })
  })
})

test('credentialSecrets: the secret fields and the user:password pair, nothing else', () => {
  expect(
    credentialSecrets({ username: 'ann', password: 'p4ssword', token_type: 'Bearer', base_url: 'https://x' }).sort(),
  ).toEqual(['ann:p4ssword', 'p4ssword'])
  expect(credentialSecrets({ api_key: 'k3y-value', scope: 'read write' })).toEqual(['k3y-value'])
  expect(credentialSecrets(undefined)).toEqual([])
})
