// Drives one target with wrk (one thread, fixed connections, fixed seconds) through bench/post.lua; or several
// instances of one target at once (`targets`: one wrk thread per port, the connections spread evenly over them).
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface WrkResult {
  rps: number
  p50_ms: number
  p99_ms: number
  requests: number
  /** Non-2xx answers plus socket errors. */
  errors: number
  /** CPU time wrk itself used (user + system), µs: what the load generator takes of the shared cores. */
  cpu_us: number
}

const SCRIPT = join(import.meta.dir, 'post.lua')

/** The wrk binary: /usr/bin/wrk, installed with apt-get when missing and possible; otherwise the run stops naming it. */
export function ensureWrk(): string {
  const found = Bun.which('wrk')
  if (found) return found
  console.error('wrk is missing: installing the Debian package "wrk" (apt-get install -y wrk)')
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n']
  Bun.spawnSync([...sudo, 'apt-get', 'install', '-y', 'wrk'], { stdout: 'inherit', stderr: 'inherit' })
  const after = Bun.which('wrk')
  if (after) return after
  if (existsSync('/usr/bin/wrk')) return '/usr/bin/wrk'
  throw new Error('the benchmark needs wrk: install the Debian package "wrk" (apt-get install wrk) and run it again')
}

export async function wrk(
  bin: string,
  url: string,
  headers: Record<string, string>,
  bodies: string[],
  opts: { seconds: number; connections: number; targets?: number[] },
): Promise<WrkResult> {
  const threads = opts.targets?.length ?? 1
  const dir = mkdtempSync(join(tmpdir(), 'toolyard-wrk-'))
  const bodiesFile = join(dir, 'bodies')
  const headersFile = join(dir, 'headers')
  writeFileSync(bodiesFile, `${bodies.join('\n')}\n`)
  writeFileSync(
    headersFile,
    Object.entries({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers })
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  )
  const proc = Bun.spawn(
    [bin, `-t${threads}`, `-c${opts.connections}`, `-d${opts.seconds}s`, '--timeout', '10s', '-s', SCRIPT, url],
    {
      env: {
        ...process.env,
        BENCH_BODIES: bodiesFile,
        BENCH_HEADERS: headersFile,
        BENCH_TARGETS: opts.targets?.join(',') ?? '',
      },
      stdout: 'pipe',
      stderr: 'pipe',
    },
  )
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  await proc.exited
  const line = out.split('\n').find((l) => l.startsWith('WRK '))
  if (!line) throw new Error(`wrk gave no result for ${url}:\n${out}\n${err}`)
  const r = JSON.parse(line.slice(4)) as Record<string, number>
  return {
    rps: Math.round((r.requests! * 1e6) / r.duration_us!),
    p50_ms: Number((r.p50_us! / 1000).toFixed(2)),
    p99_ms: Number((r.p99_us! / 1000).toFixed(2)),
    requests: r.requests!,
    errors: r.non2xx! + r.socket_errors!,
    cpu_us: Number(proc.resourceUsage()?.cpuTime.total ?? 0),
  }
}
