// How query text becomes FTS5 words: only letters and digits, filler dropped, camelCase kept whole and split,
// synonyms added, bounded, and every word quoted.
import { describe, expect, test } from 'bun:test'
import { ftsQuery, searchTerms } from './query'

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

test('ftsQuery quotes every word and joins them with OR', () => {
  expect(ftsQuery(['near', 'or', 'a"b'])).toBe('"near" OR "or" OR "a""b"')
})
