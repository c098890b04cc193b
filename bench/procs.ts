// Processes under test: start one and wait for its port, read its memory, time its cold start.
import { readFileSync } from 'node:fs'

export interface Started {
  proc: Bun.Subprocess
  port: number
  stop(): Promise<void>
}

/** Starts `cmd` and waits (20 s at most) until its stdout matches `pattern`, whose first group is the port. */
export async function startUntil(
  cmd: string[],
  env: Record<string, string>,
  pattern: RegExp,
  cwd?: string,
): Promise<Started> {
  const proc = Bun.spawn(cmd, { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'inherit', cwd })
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + 20_000
  while (Date.now() < deadline) {
    const { value, done } = await reader.read()
    if (done) break
    text += decoder.decode(value, { stream: true })
    const m = pattern.exec(text)
    if (m) {
      // Keep draining so the child never blocks on a full pipe.
      void (async () => {
        while (!(await reader.read()).done) {}
      })()
      return {
        proc,
        port: Number(m[1]),
        async stop() {
          proc.kill('SIGTERM')
          await proc.exited
        },
      }
    }
  }
  proc.kill()
  throw new Error(`${cmd.join(' ')} did not start:\n${text}`)
}

/** Resident and peak resident memory of a process, in MB (Linux /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

/** A port that was free a moment ago. */
export function freePort(): number {
  const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

/**
 * Milliseconds from spawn to the first 200 answer at `url` (the best of `runs`: other processes' load only ever adds
 * time), and the idle RSS one second after that answer (the median). The process is stopped after each run.
 */
export async function coldStart(
  cmd: string[],
  env: (port: number) => Record<string, string>,
  path: string,
  runs: number,
): Promise<{ ms: number; idleRss: number }> {
  const times: number[] = []
  const rss: number[] = []
  for (let i = 0; i < runs; i++) {
    const port = freePort()
    const t0 = performance.now()
    const proc = Bun.spawn(cmd, { env: { ...process.env, ...env(port) }, stdout: 'ignore', stderr: 'inherit' })
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}${path}`)
        .then((r) => r.status === 200)
        .catch(() => false)
      if (ok) break
      if (performance.now() - t0 > 20_000) throw new Error(`${cmd[0]} did not answer ${path}`)
      await Bun.sleep(1)
    }
    times.push(performance.now() - t0)
    await Bun.sleep(1000)
    rss.push(memoryOf(proc.pid).rss)
    proc.kill('SIGTERM')
    await proc.exited
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  return { ms: Math.round(Math.min(...times)), idleRss: median(rss) }
}
