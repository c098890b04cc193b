import { test } from 'bun:test'
import { startTestApp } from '/work/wt/openapi/test/helpers/app'
test('gh', async () => {
  const app = await startTestApp()
  const svc = (app.server.deps as any).openapi
  const gh = await Bun.file('/tmp/openapi-bomb/package/generated/api.github.com.json').json()
  let t = performance.now()
  const dry = await svc.importDocument(app.projectId, { name: 'github', spec: gh, max_tools: 5000, dry_run: true })
  console.log('github dry run', Math.round(performance.now() - t), 'ms', dry.result.tools.length, 'tools', dry.result.skipped.length, 'skipped')
  t = performance.now()
  const res = await svc.importDocument(app.projectId, { name: 'github', spec: gh, max_tools: 5000 })
  console.log('github import', Math.round(performance.now() - t), 'ms', res.result.tools.length)
  t = performance.now()
  const re = await svc.reimport(app.projectId, res.result.toolkit.id, { spec: gh })
  console.log('github reimport', Math.round(performance.now() - t), 'ms', re.unchanged.length, re.updated.length)
  await app.stop()
}, 300000)
