// The reference check walks each node of the document once, whatever its `$ref`s expand to: a layered fan-out is
// counted (and refused) from the document's own size, and a cycle is counted once.
import { describe, expect, test } from 'bun:test'
import { MAX_REF_EXPANDED_NODES, referenceProblem, resolvePointer } from './references'

/** Layers of ten schemas, each referring to all ten of the next layer (test/openapi/fixtures.ts has the whole document). */
function refBombDocument(layers: number) {
  const schemas: Record<string, unknown> = {}
  for (let l = 0; l < layers; l++)
    for (let i = 0; i < 10; i++) {
      const next = Array.from({ length: 10 }, (_, j) => [`p${j}`, { $ref: `#/components/schemas/s${l + 1}${j}` }])
      schemas[`s${l}${i}`] = { type: 'object', properties: l + 1 < layers ? Object.fromEntries(next) : {} }
    }
  return { paths: { '/o': { post: { requestBody: { $ref: '#/components/schemas/s00' } } } }, components: { schemas } }
}

const objects = (v: unknown): number =>
  typeof v !== 'object' || v === null ? 0 : 1 + Object.values(v).reduce((n: number, c) => n + objects(c), 0)

describe('referenceProblem', () => {
  test('a fan-out of $refs is refused after one visit per object of the document', () => {
    for (const layers of [4, 8]) {
      const doc = refBombDocument(layers)
      const visits = { count: 0 }
      const problem = referenceProblem(doc, MAX_REF_EXPANDED_NODES, visits)
      expect(visits.count).toBeLessThanOrEqual(objects(doc))
      if (layers === 8)
        expect(problem).toMatchObject({ kind: 'too_large', largest: { ref: '#/components/schemas/s00' } })
      else expect(problem).toBeUndefined()
    }
  })

  test('a cycle is counted once and is not a problem', () => {
    const doc = {
      components: {
        schemas: {
          A: { properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { properties: { a: { $ref: '#/components/schemas/A' } } },
        },
      },
    }
    expect(referenceProblem(doc)).toBeUndefined()
  })

  test('a long chain of $refs is refused as too deep instead of overflowing the stack', () => {
    const schemas: Record<string, unknown> = {}
    for (let i = 0; i < 5000; i++) schemas[`s${i}`] = { $ref: `#/components/schemas/s${i + 1}` }
    schemas.s5000 = { type: 'string' }
    expect(referenceProblem({ components: { schemas } })).toMatchObject({ kind: 'too_deep' })
  })

  test('pointers: escapes decoded, inherited keys and malformed escapes are not targets', () => {
    const doc = { a: { 'b/c': { 'd~e': 1 } } }
    expect(resolvePointer(doc, '#/a/b~1c/d~0e')).toBe(1)
    expect(resolvePointer(doc, '#/a/constructor')).toBeUndefined()
    expect(resolvePointer(doc, '#/a/%E0%A4%A')).toBeUndefined()
  })
})
