// Protocol benchmark: Toolyard vs the official MCP SDK server (same machine, same run, same load).
// Usage: bun bench/run.ts  → prints a table and rewrites docs/benchmarks.md.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { type LoadResult, runLoad } from './load'

const BUN = process.execPath
const TOTAL = Number(process.env.BENCH_REQUESTS ?? 5000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32)

async function spawnUntil(cmd: string[], env: Record<string, string>, pattern: RegExp) {
  const proc = Bun.spawn(cmd, { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'inherit' })
  const reader = proc.stdout.getReader()
  let text = ''
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const { value, done } = await reader.read()
    if (done) break
    text += new TextDecoder().decode(value)
    const m = pattern.exec(text)
    if (m) {
      void (async () => {
        while (!(await reader.read()).done) {}
      })()
      return { proc, match: m }
    }
  }
  proc.kill()
  throw new Error(`${cmd.join(' ')} did not start:\n${text}`)
}

const rpc = (id: number, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) })
const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

async function bench(
  url: string,
  headers: Record<string, string>,
  method: string,
  params?: unknown,
): Promise<LoadResult> {
  const send = async () => {
    const res = await fetch(url, { method: 'POST', headers: { ...HEADERS, ...headers }, body: rpc(1, method, params) })
    const text = await res.text()
    return res.ok && text.includes('"result"')
  }
  await runLoad(300, CONCURRENCY, send) // warm-up
  return runLoad(TOTAL, CONCURRENCY, send)
}

async function toolyardTarget() {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-bench-'))
  const env = {
    TOOLYARD_DATA_DIR: dataDir,
    TOOLYARD_PORT: '0',
    TOOLYARD_RATE_LIMITS: 'off',
    TOOLYARD_LOG_LEVEL: 'warn',
  }
  const keyOut = Bun.spawnSync([BUN, 'src/main.ts', 'keys', 'create', '--project', 'bench', '--json'], {
    env: { ...process.env, ...env },
  })
  const { api_key } = JSON.parse(keyOut.stdout.toString().trim().split('\n').pop()!)
  const { proc, match } = await spawnUntil([BUN, 'src/main.ts', 'serve'], env, /port (\d+)\)/)
  const base = `http://127.0.0.1:${match[1]}/mcp`
  const h = { 'X-API-Key': api_key, 'content-type': 'application/json' }
  const post = async (path: string, body: unknown) => {
    const res = await fetch(base + path, { method: 'POST', headers: h, body: JSON.stringify(body) })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return res.json() as Promise<Record<string, any>>
  }
  const fn = await post('/functions', {
    name: 'js-echo',
    runtime: 'javascript',
    code: 'export default async (input) => input.text',
  })
  void fn
  const tk = await post('/toolkits', { name: 'bench', display_name: 'Bench', description: 'bench tools' })
  await post('/tools', {
    toolkit_id: tk.id,
    name: 'js_echo',
    description: 'echo in the sandbox',
    function_name: 'js-echo',
    input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  })
  const server = await post('/servers', {
    name: 'bench',
    toolkits: [{ toolkit_id: 'prebuilt-utilities' }, { toolkit_id: tk.id }],
  })
  return { url: `${base}/${server.data.slug}`, headers: { 'X-API-Key': api_key }, stop: () => proc.kill('SIGTERM') }
}

async function main() {
  const rows: { target: string; scenario: string; r: LoadResult }[] = []
  const ty = await toolyardTarget()
  const peer = await spawnUntil([BUN, 'bench/peers/sdk-server.ts'], {}, /PORT (\d+)/)
  const peerUrl = `http://127.0.0.1:${peer.match[1]}/mcp`
  try {
    const echo = { name: 'echo', arguments: { text: 'hello' } }
    rows.push({ target: 'Toolyard', scenario: 'tools/list', r: await bench(ty.url, ty.headers, 'tools/list') })
    rows.push({
      target: 'MCP SDK McpServer 1.x (stateless, JSON)',
      scenario: 'tools/list',
      r: await bench(peerUrl, {}, 'tools/list'),
    })
    rows.push({
      target: 'Toolyard (prebuilt echo)',
      scenario: 'tools/call echo',
      r: await bench(ty.url, ty.headers, 'tools/call', echo),
    })
    rows.push({
      target: 'MCP SDK McpServer 1.x (stateless, JSON)',
      scenario: 'tools/call echo',
      r: await bench(peerUrl, {}, 'tools/call', echo),
    })
    rows.push({
      target: 'Toolyard (JS function in QuickJS sandbox)',
      scenario: 'tools/call echo',
      r: await bench(ty.url, ty.headers, 'tools/call', { name: 'js_echo', arguments: { text: 'hello' } }),
    })
  } finally {
    ty.stop()
    peer.proc.kill()
  }
  const table = [
    '| Scenario | Target | Requests | Errors | Req/s | p50 ms | p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      ({ target, scenario, r }) =>
        `| ${scenario} | ${target} | ${r.requests} | ${r.errors} | ${r.rps} | ${r.p50_ms} | ${r.p99_ms} |`,
    ),
  ].join('\n')
  console.log(table)
  const doc = `# Benchmarks

Produced by \`node_modules/.bin/bun bench/run.ts\` (${new Date().toISOString().slice(0, 10)}), ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Bun ${Bun.version}.
Closed-loop load from one Bun process on loopback: ${TOTAL} requests per row after 300 warm-up requests, concurrency ${CONCURRENCY}.
Each target runs as its own process; the load generator shares the machine, so absolute numbers are modest; compare rows of one run.

Peer: the official MCP TypeScript SDK (\`@modelcontextprotocol/sdk\` McpServer + WebStandardStreamableHTTPServerTransport on Bun.serve,
stateless with JSON responses — the SDK's documented stateless pattern creates a server and transport per request).
Toolyard does more per request than the peer: API-key lookup (SHA-256 + SQLite), per-key rate limiting, server/tool resolution from SQLite and Ajv argument validation.

${table}
`
  writeFileSync('docs/benchmarks.md', doc)
}

await main()
process.exit(0)
