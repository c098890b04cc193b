// Unit tests of the slug rules: normalisation, reserved words, the 63-character limit and -N suffixes.
import { describe, expect, test } from 'bun:test'
import { uniqueSlug } from './slug'

const free = () => false
const takenSet = (...slugs: string[]) => {
  const set = new Set(slugs)
  return (s: string) => set.has(s)
}

describe('uniqueSlug', () => {
  test.each([
    ['Weather Tools', 'weather-tools'],
    ['  --Hello__World!! ', 'hello-world'],
    ['API v2.1 (beta)', 'api-v2-1-beta'],
    ['Crème Brûlée', 'creme-brulee'],
    ['Ñandú Café', 'nandu-cafe'],
    ['ﬁle ２', 'file-2'],
    ['already-a-slug', 'already-a-slug'],
  ])('%p → %p', (name, slug) => {
    expect(uniqueSlug(name, free)).toBe(slug)
  })

  test('a name with no usable character becomes "server"', () => {
    for (const name of ['', '   ', '!!!', '日本語', '---']) expect(uniqueSlug(name, free)).toBe('server')
  })

  test('a top-level path word gets a -server suffix, whatever its case; a longer word is left alone', () => {
    expect(uniqueSlug('Tools', free)).toBe('tools-server')
    expect(uniqueSlug('health', free)).toBe('health-server')
    expect(uniqueSlug('OAuth', free)).toBe('oauth-server')
    // The audit trail's path (GET /mcp/audit) is one too.
    expect(uniqueSlug('Audit', free)).toBe('audit-server')
    expect(uniqueSlug('toolsmith', free)).toBe('toolsmith')
    expect(uniqueSlug('my tools', free)).toBe('my-tools')
  })

  test('is cut to 63 characters and never ends in a dash after the cut', () => {
    expect(uniqueSlug('a'.repeat(80), free)).toBe('a'.repeat(63))
    // Character 63 is the dash between the words: it is dropped rather than kept at the end.
    expect(uniqueSlug(`${'a'.repeat(62)} b`, free)).toBe('a'.repeat(62))
  })

  test('a taken slug gets the first free -N suffix, asking in order', () => {
    const asked: string[] = []
    const taken = (s: string) => {
      asked.push(s)
      return ['demo', 'demo-2', 'demo-3'].includes(s)
    }
    expect(uniqueSlug('Demo', taken)).toBe('demo-4')
    expect(asked).toEqual(['demo', 'demo-2', 'demo-3', 'demo-4'])
    expect(uniqueSlug('tools', takenSet('tools-server'))).toBe('tools-server-2')
    expect(uniqueSlug('', takenSet('server'))).toBe('server-2')
  })

  test('with a suffix the base is shortened so the whole stays within 63 characters', () => {
    const base = 'a'.repeat(63)
    expect(uniqueSlug(base, takenSet(base))).toBe(`${'a'.repeat(61)}-2`)
    const nine = [base, ...Array.from({ length: 8 }, (_, i) => `${'a'.repeat(61)}-${i + 2}`)]
    const tenth = uniqueSlug(base, takenSet(...nine))
    expect(tenth).toBe(`${'a'.repeat(60)}-10`)
    expect(tenth).toHaveLength(63)
  })

  test('a shortened base that would end in a dash loses the dash before the suffix', () => {
    const name = `${'a'.repeat(60)} bc`
    const base = `${'a'.repeat(60)}-bc`
    expect(uniqueSlug(name, free)).toBe(base)
    expect(uniqueSlug(name, takenSet(base))).toBe(`${'a'.repeat(60)}-2`)
  })
})
