// How query text becomes FTS5 words: only letters and digits, filler dropped, camelCase kept whole and split,
// synonyms added, bounded, and every word quoted.
import { describe, expect, test } from 'bun:test'
import { searchTerms, weightedTerms } from './query'

describe('searchTerms', () => {
  test('words only, lower case, filler dropped, each once', () => {
    expect(searchTerms('Post the RELEASE notes to the channel, please!')).toEqual(
      expect.arrayContaining(['post', 'release', 'notes', 'channel']),
    )
    expect(searchTerms('the a to of please')).toEqual([])
    expect(searchTerms('*"()^:-')).toEqual([])
  })

  test('camelCase counts whole and in parts; synonyms come after the own words', () => {
    const terms = searchTerms('GitHub createIssue')
    expect(terms.slice(0, 6)).toEqual(['github', 'git', 'hub', 'createissue', 'create', 'issue'])
    expect(terms).toContain('ticket')
    expect(searchTerms('remove')).toEqual(expect.arrayContaining(['remove', 'delete']))
  })

  test('bounded: at most 40 words of at most 64 characters from the first 16 KB', () => {
    const many = Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ')
    expect(searchTerms(many)).toHaveLength(40)
    expect(searchTerms(`${'x'.repeat(20_000)} issue`)).toEqual([])
    expect(searchTerms(`${'y'.repeat(65)} issue`)).toEqual(expect.arrayContaining(['issue']))
    expect(searchTerms('y'.repeat(65))).toEqual([])
  })
})

test('the words typed weigh 1, their synonyms less; bare numbers go; "my" adds "authenticated"', () => {
  const terms = weightedTerms('close my issue 42')
  // Full weight only for the words typed; the synonyms and "authenticated" are there, at another weight.
  expect(terms.filter((t) => t.weight === 1).map((t) => t.term)).toEqual(['close', 'issue'])
  expect(terms.map((t) => t.term)).toEqual(expect.arrayContaining(['ticket', 'authenticated']))
  expect(terms.some((t) => t.term === '42')).toBe(false)
})
