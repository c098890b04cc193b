// Runs an MCP conformance suite's CLI and reads the checks it writes, one folder per scenario run.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ROOT } from './app'

// The suites need a newer Node than this machine has (fs.globSync); Bun runs them.
const BUN = join(ROOT, 'node_modules/.bin/bun')

export interface Check {
  id: string
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'
  errorMessage?: string
}

/** Runs the suite's entry script with `args`, killed after `timeoutMs`. */
export async function runSuite(suite: string, args: string[], timeoutMs: number) {
  const proc = Bun.spawn([BUN, suite, ...args], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  const timer = setTimeout(() => proc.kill(), timeoutMs)
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  clearTimeout(timer)
  return { stdout, stderr, code }
}

/** The checks each named scenario wrote under `outDir`; a scenario without readable checks is left out. */
export function readChecks(outDir: string, names: string[]): Map<string, Check[]> {
  const out = new Map<string, Check[]>()
  for (const dir of readdirSync(outDir)) {
    const name = names.find((s) => dir.startsWith(`server-${s}-2`))
    if (!name) continue
    try {
      out.set(name, JSON.parse(readFileSync(join(outDir, dir, 'checks.json'), 'utf8')) as Check[])
    } catch {
      // A scenario may end without writing its checks; callers assert which ones are missing.
    }
  }
  return out
}
