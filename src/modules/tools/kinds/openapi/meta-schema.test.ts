// The committed meta-schema validators are what Ajv generates today from the installed schemas (regenerate with
// `npm run build:openapi-validators` after an upgrade), and they judge documents as the schemas say.
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { metaSchemaErrors } from './meta-schema'
import { metaSchemaModules } from './meta-schema-source'

describe('OpenAPI meta-schema validators', () => {
  test('the committed code matches what the installed Ajv and schemas generate', async () => {
    const modules = metaSchemaModules()
    for (const [version, code] of Object.entries(modules))
      expect(await Bun.file(join(import.meta.dir, `meta-schema-${version.slice(1)}.js`)).text()).toBe(code)
  }, 30_000)

  test('3.0 and 3.1: a conforming document has no errors; a wrong shape is named by its pointer', () => {
    for (const openapi of ['3.0.3', '3.1.0']) {
      const doc = {
        openapi,
        info: { title: 't', version: '1' },
        paths: { '/a': { get: { responses: { '200': { description: 'ok' } } } } },
      }
      expect(metaSchemaErrors(doc)).toEqual([])
      const bad = { ...doc, paths: { '/a': { get: { responses: 'none' } } } }
      expect(metaSchemaErrors(bad).join('\n')).toContain('#/paths/~1a/get/responses')
    }
  })
})
