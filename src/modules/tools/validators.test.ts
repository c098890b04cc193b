// Compiled argument validators hold no memory past their holder: Ajv's own cache is emptied after each compile (it
// kept every schema ever compiled, a tool's worth of memory per tenant), and tools with the same schema text share one
// validator.
import { expect, test } from 'bun:test'
import { validatorCache } from './call'
import { ajvCachedSchemas, compileSchema, schemaProblem } from './json-schema'
import type { ToolRow } from './repository'
import { sharedSchemas } from './shared-schemas'

const schemaText = (n: number) =>
  JSON.stringify({
    type: 'object',
    properties: { item: { $ref: '#/$defs/item' }, [`field${n}`]: { type: 'string', pattern: '^a+$' } },
    $defs: { item: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } },
  })

test('compiling and checking schemas leaves nothing in Ajv, and the validators still follow their references', () => {
  compileSchema(JSON.parse(schemaText(0)))
  // What Ajv holds once loaded: its dialects' own meta-schemas.
  const metaSchemas = ajvCachedSchemas()
  const validators = Array.from({ length: 100 }, (_, n) => compileSchema(JSON.parse(schemaText(n))))
  for (let n = 0; n < 30; n++) expect(schemaProblem(JSON.parse(schemaText(n)), 'input_schema')).toBeUndefined()
  expect(ajvCachedSchemas()).toBe(metaSchemas)
  const v = validators[7]!
  expect(v({ item: { id: 1 }, field7: 'aaa' })).toBe(true)
  expect(v({ item: { id: 'x' } })).toBe(false)
  expect(v({ field7: 'b' })).toBe(false)
})

test('tools with the same schema text share one validator; a different text gets its own', () => {
  const schemas = sharedSchemas()
  const validatorFor = validatorCache(schemas)
  const tool = (id: string, input_schema: string) => ({ id, updated_at: id, input_schema }) as unknown as ToolRow
  const held = schemas.acquire(schemaText(1))
  const a = validatorFor({ tool: tool('t1', schemaText(1)), schema: held })
  expect(validatorFor({ tool: tool('t2', schemaText(1)), schema: schemas.acquire(schemaText(1)) })).toBe(a)
  // A tool outside the cached sets (a REST call of a tool on no server) still gets the held one.
  expect(validatorFor({ tool: tool('t3', schemaText(1)) })).toBe(a)
  expect(validatorFor({ tool: tool('t4', schemaText(2)) })).not.toBe(a)
})

test('a shared schema is forgotten, validator and all, when its last holder gives it back', () => {
  const schemas = sharedSchemas()
  const first = schemas.acquire(schemaText(3))
  const second = schemas.acquire(schemaText(3))
  expect(second).toBe(first)
  first.validator()
  expect(schemas.counts()).toEqual({ schemas: 1, validators: 1 })
  schemas.release(first)
  expect(schemas.counts()).toEqual({ schemas: 1, validators: 1 })
  schemas.release(second)
  expect(schemas.counts()).toEqual({ schemas: 0, validators: 0 })
  // A holder still using it keeps a working validator; the next acquirer gets a fresh entry.
  expect(first.validator()({ item: { id: 1 } })).toBe(true)
  expect(schemas.acquire(schemaText(3))).not.toBe(first)
})

test('the parsed form a listing shows is shared and frozen', () => {
  const schemas = sharedSchemas()
  const s = schemas.acquire(schemaText(4))
  expect(schemas.acquire(schemaText(4)).parsed()).toBe(s.parsed())
  expect(Object.isFrozen((s.parsed().properties as Record<string, unknown>).item)).toBe(true)
})
