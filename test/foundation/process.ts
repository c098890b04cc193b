// Runs the real CLI (`bun src/main.ts …`) as a child process against a temp data dir.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export const ROOT = resolve(import.meta.dir, '../..')
const MAIN = join(ROOT, 'src/main.ts')

export const tempDir = () => mkdtempSync(join(tmpdir(), 'toolyard-cli-'))

/** The environment every child gets: no inherited TOOLYARD_* settings, quiet logs unless asked. */
function childEnv(dataDir: string, env: Record<string, string>): Record<string, string> {
  const base: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('TOOLYARD_') && v !== undefined) base[k] = v
  return { ...base, TOOLYARD_DATA_DIR: dataDir, ...env }
}

export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

export async function runCli(args: string[], dataDir: string, env: Record<string, string> = {}): Promise<CliResult> {
  const proc = Bun.spawn([process.execPath, MAIN, ...args], {
    cwd: ROOT,
    env: childEnv(dataDir, env),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  return { code, stdout, stderr }
}

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  deadlineMs = 20_000,
): Promise<T> {
  const end = Date.now() + deadlineMs
  for (;;) {
    const v = await check()
    if (v !== undefined) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(25)
  }
}

export interface ServeProcess {
  proc: ReturnType<typeof Bun.spawn>
  port: number
  base: string
  /** Everything written to stdout so far. */
  output(): string
  /** SIGTERM, then the exit code. */
  stop(): Promise<number>
}

/** Starts `serve` on 127.0.0.1:0 and waits for the "listening … (port N)" line. */
export async function startServe(dataDir: string, env: Record<string, string> = {}): Promise<ServeProcess> {
  const proc = Bun.spawn([process.execPath, MAIN, 'serve'], {
    cwd: ROOT,
    env: childEnv(dataDir, { TOOLYARD_PORT: '0', TOOLYARD_HOST: '127.0.0.1', TOOLYARD_LOG_LEVEL: 'warn', ...env }),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let out = ''
  void (async () => {
    const decoder = new TextDecoder()
    for await (const chunk of proc.stdout as ReadableStream<Uint8Array>) out += decoder.decode(chunk, { stream: true })
  })()
  let exited = false
  void proc.exited.then(() => (exited = true))
  const port = await waitFor('the listening line', async () => {
    if (exited)
      throw new Error(`serve exited early:\n${out}\n${await new Response(proc.stderr as ReadableStream).text()}`)
    const m = /listening on \S+ \(port (\d+)\)/.exec(out)
    return m ? Number(m[1]) : undefined
  })
  return {
    proc,
    port,
    base: `http://127.0.0.1:${port}/mcp`,
    output: () => out,
    async stop() {
      if (!exited) proc.kill('SIGTERM')
      return proc.exited
    },
  }
}
