// The JSON Schema → TypeScript declarations of code mode: common shapes, and the bounds that keep a hostile schema small.
import { describe, expect, test } from 'bun:test'
import { declarationsOf } from './declarations'

const one = (inputSchema: Record<string, unknown>, name = 'a_tool') =>
  declarationsOf([{ name, inputSchema }]).split('\n')[1]?.trim()

describe('tool declarations', () => {
  test('required and optional properties, enums, arrays, unions, nullable, nested objects', () => {
    expect(
      one({
        type: 'object',
        properties: {
          id: { type: 'integer' },
          state: { enum: ['open', 'closed'] },
          tags: { type: 'array', items: { type: 'string' } },
          when: { anyOf: [{ type: 'string' }, { type: 'number' }] },
          note: { type: 'string', nullable: true },
          owner: { type: 'object', properties: { login: { type: 'string' } }, required: ['login'] },
        },
        required: ['id'],
      }),
    ).toBe(
      'a_tool(args: { id: number; state?: "open" | "closed"; tags?: string[]; when?: string | number; note?: string | null; owner?: { login: string } }): Promise<unknown>',
    )
  })

  test('a name that is not an identifier is quoted; a description becomes a comment that cannot close early', () => {
    const text = declarationsOf([{ name: 'get-user', description: 'Gets */ a user', inputSchema: { type: 'object' } }])
    expect(text).toContain('/** Gets * / a user */')
    expect(text).toContain('"get-user"(args: Record<string, unknown>): Promise<unknown>')
  })

  test('deep nesting becomes unknown and a huge schema loses its shape, so a declaration stays small', () => {
    let deep: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 20; i++) deep = { type: 'object', properties: { x: deep }, required: ['x'] }
    expect(one(deep)).toContain('unknown')
    expect(one(deep)?.length).toBeLessThan(200)
    const wide = {
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, { type: 'string' }])),
    }
    expect(one(wide)).toBe('a_tool(args: Record<string, unknown>): Promise<unknown>')
  })

  test('no tools, no declarations', () => {
    expect(declarationsOf([])).toBe('')
  })
})
