// The FTS5 query text the search service builds, as tsquery text (no server needed; matching on a real server is
// tested in test/postgres/repositories/tools.test.ts).
import { expect, test } from 'bun:test'
import { ftsQuery } from './query'
import { tsQueryFromFts } from './tsvector-matches'

test('quoted terms become quoted lexemes joined with |', () => {
  expect(tsQueryFromFts(ftsQuery(['send', 'email']))).toBe("'send' | 'email'")
})

test('no tsquery syntax survives: only letters and digits reach the parser; words of one term follow each other', () => {
  expect(tsQueryFromFts('"a\'b" OR "x & !y" OR "(z)" OR """"')).toBe("'a' <-> 'b' | 'x' <-> 'y' | 'z'")
  expect(tsQueryFromFts('"日本" OR "Кафе"')).toBe("'日本' | 'Кафе'")
})

test('an accented Latin word also searches its unaccented form (FTS5 folds accents; the index keeps them)', () => {
  expect(tsQueryFromFts('"ünïcode" OR "ÍSSUÉ" OR "plain"')).toBe(
    "('ünïcode' | 'unicode') | ('ÍSSUÉ' | 'ISSUE') | 'plain'",
  )
  expect(tsQueryFromFts('"café au"')).toBe("('café' | 'cafe') <-> 'au'")
})

test('nothing searchable gives an empty query', () => {
  expect(tsQueryFromFts('')).toBe('')
  expect(tsQueryFromFts('"!!" OR "--"')).toBe('')
})
