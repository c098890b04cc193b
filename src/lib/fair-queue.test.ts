// ProjectQueues: bounded per-project lines served round-robin, and only to projects that have room.
import { describe, expect, test } from 'bun:test'
import { ProjectQueues } from './fair-queue'

describe('ProjectQueues', () => {
  test('serves projects in turn, not in arrival order', () => {
    const q = new ProjectQueues<string>()
    for (const item of ['a1', 'a2', 'a3']) q.push('a', item)
    q.push('b', 'b1')
    q.push('c', 'c1')
    const order: string[] = []
    for (let next = q.next((p) => p); next; next = q.next((p) => p)) order.push(next.item)
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3'])
  })

  test('a full line refuses; a project without room is skipped, its items kept', () => {
    const q = new ProjectQueues<number>()
    expect(q.push('a', 1, 2)).toBe(true)
    expect(q.push('a', 2, 2)).toBe(true)
    expect(q.push('a', 3, 2)).toBe(false)
    q.push('b', 10)
    expect(q.next((p) => (p === 'b' ? 'room' : undefined))).toEqual({ item: 10, place: 'room' })
    expect(q.next(() => undefined)).toBeUndefined()
    q.unshift('a', 0)
    expect(q.remove('a', 2)).toBe(true)
    expect(q.remove('a', 2)).toBe(false)
    expect(q.next((p) => p)?.item).toBe(0)
    expect(q.next((p) => p)?.item).toBe(1)
    expect(q.next((p) => p)).toBeUndefined()
  })
})
