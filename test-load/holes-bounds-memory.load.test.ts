// Load tier (npm run test:load, not npm test: RSS depends on the machine and its load). The outcomes themselves (lines
// cut, "out of memory") are gated in process by test/runtime/sandbox.test.ts and test/runtime/sandbox-pool.test.ts.
// A log bomb and memory bombs against `serve` in a child process, whose RSS is read from /proc: one call's logs
// are bounded in bytes, and `memory_mb` bounds the memory a call takes and what the server keeps after it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { runCli, type ServeProcess, SHIPPED_ALLOCATOR, startServe, tempDirs } from '../test/helpers/app'
import { waitFor } from '../test/helpers/poll'

const MIB = 1024 * 1024
const LOG_BUDGET = 64 * 1024
const dataDir = tempDirs('toolyard-bounds-')()
const env = { TOOLYARD_RATE_LIMITS: 'off', TOOLYARD_MAX_RESULT_BYTES: String(LOG_BUDGET) }
let serve: ServeProcess
let key: string

/** A figure of the child's /proc status in bytes: VmRSS now, VmHWM its peak so far. */
function vm(field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${serve.proc.pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024
}

/** Resets VmHWM to the current RSS (Linux: writing 5 to clear_refs), so the next peak is the next call's. */
function resetPeak(): void {
  require('node:fs').writeFileSync(`/proc/${serve.proc.pid}/clear_refs`, '5')
}

async function newFunction(name: string, code: string, memoryMb?: number): Promise<string> {
  const res = await fetch(`${serve.base}/functions`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, runtime: 'javascript', code, ...(memoryMb ? { memory_mb: memoryMb } : {}) }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

async function invoke(id: string) {
  const res = await fetch(`${serve.base}/functions/${id}/invoke`, {
    method: 'POST',
    headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
    body: '{}',
  })
  const text = await res.text()
  expect(res.status).toBe(200)
  return {
    bytes: text.length,
    body: JSON.parse(text) as {
      result: { isError?: boolean; content: { text: string }[] }
      logs: { level: string; message: string }[]
    },
  }
}

beforeAll(async () => {
  const created = await runCli(['keys', 'create', '--project', 'bombs', '--json'], dataDir, env)
  expect(created.code).toBe(0)
  key = JSON.parse(created.stdout.trim().split('\n').pop()!).api_key
  // What the server keeps after a call is measured with the allocator's default, as a binary started by hand has it.
  serve = await startServe(dataDir, { ...env, ...SHIPPED_ALLOCATOR })
  // Warm: the sandbox pool and its first worker exist before any baseline is read.
  await invoke(await newFunction('warm', 'export default async () => 1'))
}, 30_000)
afterAll(async () => {
  await serve?.stop()
})

describe('one call’s logs are bounded in bytes', () => {
  test('50 × 4 MiB console.log lines: lines cut at 8 KiB, the whole within TOOLYARD_MAX_RESULT_BYTES, RSS bounded', async () => {
    const id = await newFunction(
      'log-bomb',
      `export default async () => {
         const s = 'x'.repeat(${4 * MIB})
         for (let i = 0; i < 50; i++) console.log(s + i)
         return 'done'
       }`,
    )
    resetPeak()
    const before = vm('VmRSS')
    const { bytes, body } = await invoke(id)
    const peak = vm('VmHWM') - before
    console.log(`log bomb: answer ${bytes} bytes, RSS peak +${(peak / MIB).toFixed(0)} MiB`)
    expect(body.result.content[0]!.text).toBe('done')
    expect(bytes).toBeLessThan(2 * LOG_BUDGET)
    const lines = body.logs.map((l) => l.message)
    expect(lines.slice(0, -1).every((m) => m.includes('[line cut at 8192 bytes]'))).toBe(true)
    expect(lines.every((m) => Buffer.byteLength(m) < 8192 + 64)).toBe(true)
    expect(lines.length).toBeLessThan(50)
    expect(lines.at(-1)).toContain('logs truncated')
    expect(body.logs.at(-1)!.level).toBe('warning')
    // A generous bound: before the budget one such call took hundreds of MiB (and 250 lines 2.27 GB).
    expect(peak).toBeLessThan(300 * MIB)
  }, 60_000)
})

describe('memory_mb bounds the memory a call takes', () => {
  // Strings kept in a list, big arrays kept in a list (each operation allocates 8 MB: thousands of them fit between
  // two of the VM's interrupt checks), and one huge string (a single allocation).
  const bombs = {
    arrays: `export default async () => { const keep = []; for (;;) keep.push(new Array(1e6).fill(1)) }`,
    list: `export default async () => { const keep = []; for (let i = 0; ; i++) keep.push('y'.repeat(4096) + i) }`,
    huge: `export default async () => 'x'.repeat(${400 * MIB}).length`,
  }

  test('one 64 MB call, then 6 at once: each fails "out of memory"; the peak and what is kept stay bounded', async () => {
    const ids = await Promise.all(Object.entries(bombs).map(([name, code]) => newFunction(`mem-${name}`, code, 64)))
    const figures: string[] = []
    const start = vm('VmRSS')
    for (const [i, id] of ids.entries()) {
      resetPeak()
      const before = vm('VmRSS')
      const { body } = await invoke(id)
      expect(body.result.isError).toBe(true)
      expect(body.result.content[0]!.text).toContain('out of memory (limit 64 MB)')
      const peak = vm('VmHWM') - before
      figures.push(`${Object.keys(bombs)[i]}: +${(peak / MIB).toFixed(0)} MiB peak`)
      expect(peak).toBeLessThan(150 * MIB)
    }
    resetPeak()
    const before = vm('VmRSS')
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => invoke(ids[i % ids.length]!)))
    for (const { body } of six) expect(body.result.content[0]!.text).toContain('out of memory')
    const peak = vm('VmHWM') - before
    // What stays once the calls are over (retired instances and workers are let go): given up to 2 s to fall under
    // the bound, read as soon as it is.
    // (A wait that times out falls through to the expect below, which names the figure.)
    await waitFor('the RSS kept to fall under 150 MiB', () => vm('VmRSS') - start < 150 * MIB, {
      timeoutMs: 2000,
      intervalMs: 50,
    }).catch(() => undefined)
    const kept = vm('VmRSS') - start
    figures.push(`6 at once: +${(peak / MIB).toFixed(0)} MiB peak, +${(kept / MIB).toFixed(0)} MiB kept`)
    console.log(`memory bombs: ${figures.join('; ')}`)
    expect(peak).toBeLessThan(600 * MIB)
    expect(kept).toBeLessThan(150 * MIB)
  }, 120_000)
})
