// Relative times: "3 minutes ago" on the page, the exact time in its title.
import { expect, test } from 'bun:test'
import { relativeTime, when } from './html'

const NOW = Date.parse('2026-11-29T12:00:00.000Z')
const ago = (ms: number) => new Date(NOW - ms).toISOString()

test('past and future times in words, the largest whole unit', () => {
  expect(relativeTime(ago(20_000), NOW)).toBe('just now')
  expect(relativeTime(ago(60_000), NOW)).toBe('1 minute ago')
  expect(relativeTime(ago(3 * 60_000 + 5_000), NOW)).toBe('3 minutes ago')
  expect(relativeTime(ago(26 * 3_600_000), NOW)).toBe('1 day ago')
  expect(relativeTime(ago(-2 * 86_400_000), NOW)).toBe('in 2 days')
  expect(relativeTime(ago(400 * 86_400_000), NOW)).toBe('1 year ago')
})

test('when() keeps the exact time in datetime and title, and a fallback for none', () => {
  const t = when('2026-11-29T11:57:00.123Z').text
  expect(t).toContain('datetime="2026-11-29T11:57:00.123Z"')
  expect(t).toContain('title="2026-11-29 11:57:00 UTC"')
  expect(when(undefined, 'never').text).toBe('never')
  expect(when('not a date').text).toBe('—')
})
