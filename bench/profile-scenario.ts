// Where a call's time goes: starts Toolyard from source under Bun's sampling profiler (`--cpu-prof-md`), sets up one
// scenario against the benchmark's upstreams, drives it with wrk, stops Toolyard (the profile is written on exit) and
// prints the profile's path. The markdown lists self and total time per function; read it to find what to cut, or
// summarise it by file with bench/profile-summary.ts.
//   bun bench/profile-scenario.ts <builtin|js|remote|remote-sdk|openapi|http> [connections=32] [seconds=5] [dir]
// PROFILE_BACKEND=postgres runs Toolyard on a throwaway PostgreSQL cluster (on disk, as bench/postgres.ts starts it).
// Either way it prints the CPU each request cost during the load, per thread of Toolyard (the profile covers only the
// main one; the writer threads are among the others) and, on PostgreSQL, of the server's processes.
import { randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { addHttpEchoTool, echoApiImport } from './echo-api'
import { startPostgresTarget } from './postgres-target'
import { cpuByThread, cpuOfProcesses, postgresPids } from './process-cpu'
import { startUntil } from './procs'
import { ALLOCATOR_ENV, startSmallToolyard } from './toolyard'
import { ensureWrk, wrk } from './wrk'

const ROOT = resolve(import.meta.dir, '..')
const [scenario = 'builtin', connections = '32', seconds = '5', dirArg] = process.argv.slice(2)
const dir = resolve(dirArg ?? mkdtempSync(join(tmpdir(), `toolyard-prof-${scenario}-`)))
mkdirSync(dir, { recursive: true })

// `serve` runs under the profiler; `keys create` (the set-up) does not.
const wrapper = join(dir, 'toolyard-profiled')
writeFileSync(
  wrapper,
  `#!/bin/sh\nif [ "$1" = serve ]; then exec "${process.execPath}" --cpu-prof-md --cpu-prof-dir="${dir}" "${ROOT}/src/main.ts" "$@"; fi\nexec "${process.execPath}" "${ROOT}/src/main.ts" "$@"\n`,
)
chmodSync(wrapper, 0o755)

const call = (name: string, args: unknown = { text: 'hello' }) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } })
const plain = await startUntil([process.execPath, 'bench/peers/mcp-upstream.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
const sdk = await startUntil(['node', 'bench/peers/sdk-node.mjs'], {}, /PORT (\d+)/, ROOT)
const api = await startUntil([process.execPath, 'bench/peers/api.ts'], ALLOCATOR_ENV, /PORT (\d+)/, ROOT)
const postgres = process.env.PROFILE_BACKEND === 'postgres' ? await startPostgresTarget() : null
const ty = await startSmallToolyard(wrapper, {
  TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
  ...(postgres ? { TOOLYARD_DATABASE_URL: postgres.url, TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') } : {}),
})
try {
  const serverOf = async (toolkitId: string) =>
    `${ty.base}/${(await ty.post('/servers', { name: 'profiled', toolkits: [{ toolkit_id: toolkitId }] })).data.slug}`
  const remote = async (url: string) =>
    (
      await ty.post('/toolkits', {
        name: 'up',
        toolkit_type: 'remote',
        review_changes: false,
        remote: { url, prefix: '' },
      })
    ).id as string
  let url = `${ty.base}/${ty.slugs.small}`
  let body = call('echo')
  if (scenario === 'js') {
    url = `${ty.base}/${ty.slugs.js}`
    body = call('js_echo')
  } else if (scenario === 'remote') url = await serverOf(await remote(`http://127.0.0.1:${plain.port}/`))
  else if (scenario === 'remote-sdk') url = await serverOf(await remote(`http://127.0.0.1:${sdk.port}/mcp`))
  else if (scenario === 'openapi') {
    const imported = await ty.post('/toolkits/import/openapi', echoApiImport(`http://127.0.0.1:${api.port}`))
    url = await serverOf(imported.toolkit.id)
    body = call('api_echo', { body: { text: 'hello' } })
  } else if (scenario === 'http') {
    url = await serverOf(await addHttpEchoTool(ty.post, `http://127.0.0.1:${api.port}`))
    body = call('http_echo')
  } else if (scenario !== 'builtin') throw new Error(`unknown scenario ${scenario}`)
  const headers = { ...ty.headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }
  const checked = await fetch(url, { method: 'POST', headers, body })
  const text = await checked.text()
  if (!checked.ok || text.includes('"isError":true')) throw new Error(`${scenario}: ${checked.status} ${text}`)
  const pid = ty.started.proc.pid
  // The writer threads connect with their first batch: the server's processes are taken after the load too.
  const serverBefore = new Map(
    (postgres ? postgresPids(postgres.postmasterPid) : []).map((p) => [p, cpuOfProcesses([p])]),
  )
  const threadsBefore = cpuByThread(pid)
  const result = await wrk(ensureWrk(), url, ty.headers, [body], {
    seconds: Number(seconds),
    connections: Number(connections),
  })
  const threadsAfter = cpuByThread(pid)
  console.log(`${scenario} c=${connections} on ${postgres ? 'PostgreSQL' : 'SQLite'}: ${JSON.stringify(result)}`)
  const perCall = (ms: number) => `${((ms * 1000) / Math.max(1, result.requests)).toFixed(1)} µs`
  for (const [name, ms] of threadsAfter) {
    const spent = ms - (threadsBefore.get(name) ?? 0)
    if (spent > 0) console.log(`  toolyard thread ${name}: ${perCall(spent)} a call`)
  }
  if (postgres) {
    // Each backend by what it serves (its application_name: the writer threads name theirs), the rest by its title.
    const names = await postgres.processNames()
    const byName = new Map<string, number>()
    for (const p of postgresPids(postgres.postmasterPid)) {
      const name = names.get(p) ?? 'other'
      byName.set(name, (byName.get(name) ?? 0) + cpuOfProcesses([p]) - (serverBefore.get(p) ?? 0))
    }
    for (const [name, ms] of byName) console.log(`  postgres ${name}: ${perCall(ms)} a call`)
  }
} finally {
  await ty.started.stop()
  for (const p of [plain, sdk, api]) await p.stop()
  postgres?.stop()
}
const profile = readdirSync(dir).find((f) => f.endsWith('.md'))
console.log(profile ? `profile: ${join(dir, profile)}` : `no profile written in ${dir}`)
process.exit(0)
