// The read model's bound: entries and total weight, least recently used forgotten first.
import { expect, test } from 'bun:test'
import { Lru } from './lru'

test('forgets the least recently used entry past the entry bound', () => {
  const lru = new Lru<string, number>({ maxEntries: 2 })
  lru.set('a', 1)
  lru.set('b', 2)
  expect(lru.get('a')).toBe(1) // a is now the young one
  lru.set('c', 3)
  expect(lru.has('b')).toBe(false)
  expect(lru.get('a')).toBe(1)
  expect(lru.get('c')).toBe(3)
})

test('keeps the total weight under its bound and never keeps an entry heavier than it', () => {
  const lru = new Lru<string, number[]>({ maxEntries: 100, maxWeight: 10, weigh: (v) => v.length })
  lru.set('six', [1, 2, 3, 4, 5, 6])
  lru.set('three', [1, 2, 3])
  expect(lru.totalWeight).toBe(9)
  lru.set('four', [1, 2, 3, 4])
  expect(lru.has('six')).toBe(false)
  expect(lru.totalWeight).toBe(7)
  lru.set(
    'huge',
    Array.from({ length: 11 }, () => 0),
  )
  expect(lru.has('huge')).toBe(false)
  expect(lru.totalWeight).toBe(7)
  lru.set('three', [1])
  expect(lru.totalWeight).toBe(5)
})

test('gives each value that leaves to dispose once: evicted, deleted, replaced, dropped, cleared or too heavy', () => {
  const gone: string[] = []
  const lru = new Lru<string, string>({
    maxEntries: 2,
    maxWeight: 10,
    weigh: (v) => v.length,
    dispose: (v) => gone.push(v),
  })
  lru.set('a', 'a1')
  lru.set('b', 'b1')
  lru.set('c', 'c1') // a1 evicted
  lru.delete('b') // b1
  lru.set('c', 'c2') // c1 replaced
  lru.set('c', 'c2') // the same value again: nothing leaves
  lru.set('d', 'd1')
  lru.deleteWhere((key) => key === 'd') // d1
  lru.set('e', 'eleven-long') // never kept: too heavy
  lru.clear() // c2
  expect(gone).toEqual(['a1', 'b1', 'c1', 'd1', 'eleven-long', 'c2'])
  expect(lru.size).toBe(0)
})

test('keeps undefined as a value (a lookup that found nothing is a hit too)', () => {
  const lru = new Lru<string, undefined>({ maxEntries: 2 })
  lru.set('none', undefined)
  expect(lru.has('none')).toBe(true)
  expect(lru.entry('none')).toBeDefined()
  expect(lru.entry('none')!.value).toBeUndefined()
})
