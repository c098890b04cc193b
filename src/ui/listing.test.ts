// Counting, searching and paging a list the dashboard read whole: the count line says what is shown of how many.
import { expect, test } from 'bun:test'
import { countText, listView, readAll } from './listing'

const rows = Array.from({ length: 230 }, (_, i) => ({ id: String(i), name: `item ${i}`, tag: i % 2 ? 'odd' : 'even' }))
// biome-ignore lint/suspicious/noExplicitAny: rows as the API answers them
const text = (r: Record<string, any>) => [r.name, r.tag]

test('pages of 50 with the range and the total; a page past the end shows the last one', () => {
  const first = listView({ rows, capped: false }, {}, text)
  expect(first.rows.map((r) => r.id)).toEqual(rows.slice(0, 50).map((r) => r.id))
  expect(countText(first, 'item')).toBe('1–50 of 230 items')
  const past = listView({ rows, capped: false }, { page: '99' }, text)
  expect(past.page).toBe(5)
  expect(countText(past, 'item')).toBe('201–230 of 230 items')
  expect(listView({ rows, capped: false }, { page: 'x' }, text).page).toBe(1)
})

test('search matches every word, case-insensitively, in any of the fields', () => {
  const v = listView({ rows, capped: false }, { q: 'ODD item 1' }, text)
  expect(v.rows.every((r) => r.tag === 'odd' && r.name.includes('1'))).toBe(true)
  expect(v.matched).toBe(rows.filter((r) => r.tag === 'odd' && r.name.includes('1')).length)
  expect(countText(v, 'item')).toBe(`1–${v.rows.length} of ${v.matched} matches for “ODD item 1” among 230 items`)
  expect(countText(listView({ rows, capped: false }, { q: 'zzz' }, text), 'item')).toBe(
    '0 of 0 matches for “zzz” among 230 items',
  )
})

test('a list read only in part says so instead of cutting silently', () => {
  const v = listView({ rows, capped: true }, {}, text)
  expect(countText(v, 'item')).toBe('1–50 of more than 230 items (the first 230 are searched)')
})

test('readAll follows next_cursor until the last page, and stops at its bound', async () => {
  const pages = [
    { things: [{ id: 'a' }, { id: 'b' }], next_cursor: 'c1' },
    { things: [{ id: 'c' }, { id: 'd' }], next_cursor: 'c2' },
    { things: [{ id: 'e' }] },
  ]
  const asked: string[] = []
  const client = {
    api: async (_m: string, path: string) => {
      asked.push(path)
      return pages[asked.length - 1]
    },
    mcp: async () => ({ logs: [] }),
  }
  expect((await readAll(client, '/things', 'things')).rows.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
  expect(asked).toEqual(['/things?limit=200', '/things?limit=200&cursor=c1', '/things?limit=200&cursor=c2'])
  asked.length = 0
  expect(await readAll(client, '/things', 'things', 3)).toEqual({
    rows: [{ id: 'a' }, { id: 'b' }, { id: 'c' }],
    capped: true,
  })
})
