// Compiled argument validators hold no memory past their holder: Ajv's own cache is emptied after each compile (it
// kept every schema ever compiled, a tool's worth of memory per tenant), and tools with the same schema text share one
// validator.
import { expect, test } from 'bun:test'
import { validatorCache } from './call'
import { ajvCachedSchemas, compileSchema, schemaProblem } from './json-schema'
import type { ToolRow } from './repository'

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
  const validatorFor = validatorCache()
  const tool = (id: string, input_schema: string) => ({ id, updated_at: id, input_schema }) as unknown as ToolRow
  const a = validatorFor(tool('t1', schemaText(1)))
  expect(validatorFor(tool('t2', schemaText(1)))).toBe(a)
  expect(validatorFor(tool('t3', schemaText(2)))).not.toBe(a)
})
