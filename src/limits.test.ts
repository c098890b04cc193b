// The bound that spares a result its JSON.stringify: whatever it calls within a budget is within it once serialized,
// and it says "maybe not" (so the result is measured exactly) for what it cannot bound cheaply.
import { expect, test } from 'bun:test'
import { resultBytes, surelyWithin } from './limits'

const values: unknown[] = [
  'plain',
  { content: [{ type: 'text', text: 'é"\u0001\\ and 😀' }], isError: false },
  { a: [1, -1.2345678901234567e-308, null, true, undefined], b: { c: { d: 'deep' } } },
  '\ud800'.repeat(10),
  { content: [{ type: 'text', text: 'x'.repeat(5000) }], structuredContent: { n: 1 }, isError: false },
]

test('a result the bound calls within a budget serializes within it', () => {
  for (const value of values)
    for (const limit of [0, 10, 50, 100, 1000, 10_000, 100_000])
      if (surelyWithin(value, limit))
        expect({ limit, bytes: resultBytes(value) <= limit }).toEqual({ limit, bytes: true })
})

test('an ordinary small result is within the default budget without being serialized', () => {
  expect(surelyWithin({ content: [{ type: 'text', text: 'hello' }], isError: false }, 4 * 1024 * 1024)).toBe(true)
})

test('what the bound cannot walk cheaply is measured exactly', () => {
  // Too many values, a value with its own JSON form, an object not made of plain fields.
  expect(surelyWithin(new Array(300).fill(1), 1e9)).toBe(false)
  expect(surelyWithin(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])), 1e9)).toBe(false)
  expect(surelyWithin({ at: new Date() }, 1e9)).toBe(false)
  expect(surelyWithin({ toJSON: () => 'x'.repeat(100) }, 1e9)).toBe(false)
})
