// The metric labels' Space-Saving sketch: a newcomer takes a least counted key's place, and a heavy hitter is never
// lost however many one-off keys come between its calls (calls spread over thousands of servers).
import { expect, test } from 'bun:test'
import { topLabels } from './top-labels'

test('a newcomer takes the place of a least counted key, with its count plus one', () => {
  const labels = topLabels(3, 3)
  for (const [key, n] of [
    ['a', 5],
    ['b', 1],
    ['c', 2],
  ] as const)
    for (let i = 0; i < n; i++) labels.hit(key)
  labels.hit('d') // b (1) goes; d counts 2
  expect([...labels.refresh()]).toEqual(['a', 'c', 'd'])
  labels.hit('e') // c or d (both 2) goes; e counts 3, then 4
  labels.hit('e')
  const named = [...labels.refresh()]
  expect(named.slice(0, 2)).toEqual(['a', 'e'])
  expect(['c', 'd']).toContain(named[2]!)
})

test('a heavy hitter stays named among ten thousand one-off keys', () => {
  const labels = topLabels(10, 50)
  for (let i = 0; i < 10_000; i++) {
    labels.hit(`one-off-${i}`)
    if (i % 10 === 0) labels.hit('heavy')
  }
  const named = labels.refresh()
  expect(named.has('heavy')).toBe(true)
  expect(named.size).toBe(10)
})
