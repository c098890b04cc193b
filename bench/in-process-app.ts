// The app built in this process on a fresh data dir, with a key and a REST `post` that goes through `app.handle`:
// the set-up bench/in-process.ts and bench/cpu-per-call.ts share. `close` ends it and removes the data dir.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '../src/app'
import { loadConfig } from '../src/config'
import { buildDeps } from '../src/deps'

export async function inProcessApp(prefix: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix))
  const deps = buildDeps(
    loadConfig({
      TOOLYARD_DATA_DIR: dataDir,
      TOOLYARD_LOG_LEVEL: 'silent',
      TOOLYARD_RATE_LIMITS: 'off',
      TOOLYARD_PORT: '8080',
      ...env,
    }),
  )
  const app = createApp(deps)
  const project = await deps.projects.projectOrCreate('bench')
  const { apiKey } = await deps.projects.createKey(project.id)
  const headers = {
    'x-api-key': apiKey,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    host: '127.0.0.1:8080',
  }
  const post = async (path: string, body: unknown) => {
    const req = new Request(`http://127.0.0.1:8080/mcp${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
    return (await app.handle(req)).json() as Promise<Record<string, any>>
  }
  const close = async () => {
    await deps.shutdown()
    deps.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { app, deps, headers, post, close }
}
