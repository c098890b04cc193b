// The import rule (docs/architecture.md, "Layers") is Biome's noRestrictedImports, set per folder in biome.json and
// run by `npm run lint`. This lints a small tree of fixtures with the project's own biome.json: every arrow that runs
// back up must be reported, and the allowed ones must not be.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const ROOT = join(import.meta.dir, '..', '..')
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome')

/** path → the import it makes, and whether the rule must report it. */
const FIXTURES: Record<string, { from: string; banned: boolean; dynamic?: boolean }> = {
  'src/lib/up-to-http.ts': { from: '../http/rate-limit', banned: true },
  'src/lib/up-to-feature.ts': { from: '../modules/tools/model', banned: true },
  'src/lib/up-dynamic.ts': { from: '../modules/tools/model', banned: true, dynamic: true },
  'src/lib/same-floor.ts': { from: './errors', banned: false },
  'src/http/to-feature.ts': { from: '../modules/keys/service', banned: true },
  'src/http/to-protocol.ts': { from: '../mcp/exchange', banned: true },
  'src/http/down-to-lib.ts': { from: '../lib/errors', banned: false },
  'src/mcp/to-repository.ts': { from: '../modules/servers/repository', banned: true },
  'src/mcp/modern/to-repository.ts': { from: '../../modules/servers/repository', banned: true },
  'src/mcp/to-service.ts': { from: '../modules/servers/service', banned: false },
  'src/mcp/down-to-http.ts': { from: '../http/guard', banned: false },
  'src/modules/project-file/to-root.ts': { from: '../../deps', banned: true },
  'src/modules/project-file/to-feature.ts': { from: '../servers/service', banned: false },
  'src/read-model/to-tools.ts': { from: '../modules/tools/repository', banned: true },
  'src/read-model/same-floor.ts': { from: './lru', banned: false },
  'src/db/to-feature.ts': { from: '../modules/credentials/repository', banned: true },
  'src/db/postgres/to-feature.ts': { from: '../../modules/webhooks/outbox-claims', banned: true },
  'src/db/down-to-lib.ts': { from: '../lib/storage-errors', banned: false },
  'src/app-like.ts': { from: './deps', banned: false },
  // Every row of the table, its "never" cells and what it may import.
  'src/http/to-runtime.ts': { from: '../runtime/host', banned: true },
  'src/http/to-root.ts': { from: '../deps', banned: true },
  'src/http/to-database.ts': { from: '../db/store', banned: true },
  'src/http/down-to-observability.ts': { from: '../observability/metrics', banned: false },
  'src/mcp/to-egress.ts': { from: '../egress/client', banned: true },
  'src/mcp/to-database.ts': { from: '../db/store', banned: true },
  'src/mcp/to-entry.ts': { from: '../server', banned: true },
  'src/mcp/modern/to-cli.ts': { from: '../../cli/args', banned: true },
  'src/mcp/to-change-feed.ts': { from: '../db/postgres/change-feed', banned: false },
  'src/mcp/to-read-model.ts': { from: '../read-model/read-model', banned: false },
  'src/mcp/to-lib-server.ts': { from: '../lib/server', banned: false },
  'src/modules/servers/to-app.ts': { from: '../../app', banned: true },
  'src/modules/servers/to-storage.ts': { from: '../../storage', banned: true },
  'src/modules/tools/kinds/remote/to-ui.ts': { from: '../../../../ui/index', banned: true },
  'src/modules/servers/to-lib-server.ts': { from: '../../lib/server', banned: false },
  'src/modules/servers/to-postgres-storage.ts': { from: '../../db/postgres/storage', banned: false },
  'src/read-model/to-service.ts': { from: '../modules/servers/service', banned: true },
  'src/read-model/to-protocol.ts': { from: '../mcp/admission', banned: true },
  'src/read-model/to-repository.ts': { from: '../modules/servers/repository', banned: false },
  'src/read-model/down-to-db.ts': { from: '../db/change-signal', banned: false },
  'src/runtime/to-feature.ts': { from: '../modules/tools/model', banned: true },
  'src/runtime/to-database.ts': { from: '../db/store', banned: true },
  'src/runtime/down-to-egress.ts': { from: '../egress/client', banned: false },
  'src/egress/to-config.ts': { from: '../config', banned: true },
  'src/egress/down-to-lib.ts': { from: '../lib/net', banned: false },
}

let dir: string
let reported: Set<string>

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolyard-layers-'))
  // The project's configuration as it is, minus what needs the repository around it (git ignore file, schema path).
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'))
  delete config.$schema
  config.vcs = { enabled: false }
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  for (const [path, f] of Object.entries(FIXTURES)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    const code = f.dynamic
      ? `export const load = () => import('${f.from}')\n`
      : `import type { X } from '${f.from}'\n\nexport type Y = X\n`
    writeFileSync(join(dir, path), code)
  }
  const run = Bun.spawnSync([BIOME, 'lint', '--reporter=github', '--max-diagnostics=none', 'src'], { cwd: dir })
  const lines = run.stdout.toString().split('\n')
  reported = new Set(
    lines
      .filter((l) => l.includes('title=lint/style/noRestrictedImports'))
      .map((l) => /file=([^,]+),/.exec(l)![1]!.slice(dir.length + 1)),
  )
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('every import that runs back up is reported', () => {
  const banned = Object.keys(FIXTURES).filter((p) => FIXTURES[p]!.banned)
  expect(banned.filter((p) => !reported.has(p))).toEqual([])
})

test('imports that run down or stay on their floor are not reported', () => {
  const allowed = Object.keys(FIXTURES).filter((p) => !FIXTURES[p]!.banned)
  expect(allowed.filter((p) => reported.has(p))).toEqual([])
})
