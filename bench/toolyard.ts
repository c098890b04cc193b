// The Toolyard target of the benchmark: a data dir with a key, three servers (a small one, one with a JavaScript
// tool, one with 1,000 tools), a cached file resource, and big catalogs added straight into SQLite for memory figures.
// startSmallToolyard makes only the first two (what the PostgreSQL section needs); its `env` adds to the process
// environment (TOOLYARD_DATABASE_URL and TOOLYARD_MASTER_KEY for PostgreSQL mode).
import { Database } from 'bun:sqlite'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startUntil } from './procs'

/**
 * The allocator setting the Docker image sets and the README recommends for a server under load (docs/decisions/README.md,
 * "Builtin call under load"). The bare reference gets the same setting, so ratios compare like with like.
 */
export const ALLOCATOR_ENV = { MIMALLOC_PURGE_DELAY: '-1' }

export const toolyardEnv = (dataDir: string, port = 0): Record<string, string> => ({
  ...ALLOCATOR_ENV,
  TOOLYARD_DATA_DIR: dataDir,
  TOOLYARD_PORT: String(port),
  TOOLYARD_HOST: '127.0.0.1',
  TOOLYARD_RATE_LIMITS: 'off',
  TOOLYARD_LOG_LEVEL: 'warn',
})

/** A key, the small server and the JavaScript server. */
export async function startSmallToolyard(binary: string, extraEnv: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-bench-'))
  const env = { ...toolyardEnv(dataDir), ...extraEnv }
  const out = Bun.spawnSync([binary, 'keys', 'create', '--project', 'bench', '--json'], {
    env: { ...process.env, ...env },
    stderr: 'pipe',
  })
  if (out.exitCode !== 0) throw new Error(`toolyard keys create: ${out.stderr.toString()}`)
  const { api_key: apiKey, project_id: projectId } = JSON.parse(out.stdout.toString().trim().split('\n').pop()!)
  const started = await startUntil([binary, 'serve'], env, /port (\d+)\)/)
  const base = `http://127.0.0.1:${started.port}/mcp`
  const headers = { 'X-API-Key': apiKey as string }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<Record<string, any>>
  }

  await post('/functions', {
    name: 'js-echo',
    runtime: 'javascript',
    code: 'export default async (input) => input.text',
  })
  const jsKit = await post('/toolkits', { name: 'bench-js' })
  await post('/tools', {
    toolkit_id: jsKit.id,
    name: 'js_echo',
    description: 'echo in the sandbox',
    function_name: 'js-echo',
    input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  })
  const utilities = { toolkit_id: 'prebuilt-utilities' }
  const small = await post('/servers', { name: 'small', toolkits: [utilities] })
  const js = await post('/servers', { name: 'js', toolkits: [utilities, { toolkit_id: jsKit.id }] })
  const slugs = { small: small.data.slug as string, js: js.data.slug as string }
  return {
    started,
    dataDir,
    base,
    headers,
    post,
    projectId: projectId as string,
    slugs,
    utilities,
    smallId: small.data.id as string,
  }
}

/** The small target plus the 1,000-tool server and the cached file resource, on SQLite. */
export async function startToolyard(binary: string) {
  const target = await startSmallToolyard(binary)
  const { dataDir, post, projectId, utilities, smallId } = target
  const bigKit = await post('/toolkits', { name: 'bench-1000' })
  const queue = Array.from({ length: 1000 }, (_, i) => i)
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift())
        await post('/tools', {
          toolkit_id: bigKit.id,
          name: `tool_${String(i).padStart(4, '0')}`,
          description: `Bench tool ${i}: echoes its text`,
          function_name: 'builtin.utilities.echo',
          input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        })
    }),
  )
  const big = await post('/servers', { name: 'big', toolkits: [utilities, { toolkit_id: bigKit.id }] })

  mkdirSync(join(dataDir, 'files', projectId), { recursive: true })
  writeFileSync(join(dataDir, 'files', projectId, 'readme.md'), '# Bench\n\nA cached file resource.\n')
  await post('/resources', {
    server_id: smallId,
    name: 'readme',
    uri: 'docs://readme',
    mime_type: 'text/markdown',
    resource_type: 'file',
    path: 'readme.md',
    cache_ttl_seconds: 3600,
  })

  return {
    ...target,
    slugs: { ...target.slugs, big: big.data.slug as string },
    /** Adds `count` tools in one new toolkit by a second SQLite connection (as `toolyard apply` would) on a new server. */
    async bigCatalog(name: string, count: number): Promise<string> {
      const kit = await post('/toolkits', { name })
      const db = new Database(join(dataDir, 'toolyard.sqlite'))
      db.exec('PRAGMA busy_timeout = 5000')
      const insert = db.query(
        `INSERT INTO tools (id, project_id, toolkit_id, name, description, function_name, input_schema, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'builtin.utilities.echo', ?, ?, ?)`,
      )
      const schema = JSON.stringify({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] })
      const at = new Date().toISOString()
      db.transaction(() => {
        for (let i = 0; i < count; i++)
          insert.run(
            crypto.randomUUID(),
            projectId,
            kit.id,
            `t_${i}`,
            `Catalog tool ${i}: echoes its text`,
            schema,
            at,
            at,
          )
      })()
      db.close()
      const server = await post('/servers', { name, toolkits: [{ toolkit_id: kit.id }] })
      return server.data.slug as string
    },
  }
}
