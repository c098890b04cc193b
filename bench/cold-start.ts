// `bun bench/cold-start.ts`: the cold-start and idle-memory part of `npm run bench` alone (seconds, not minutes). Builds
// Toolyard as `npm run build` does and the hello-world twice (plain `bun build --compile`, the reference; and with
// Toolyard's build flags), then prints each one's best-of-COLD_RUNS start and median idle RSS, runs taken in turn.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BUILD_FLAGS, buildHello, buildToolyard } from './build'
import { coldStart } from './procs'
import { toolyardEnv } from './toolyard'

const RUNS = Number(process.env.COLD_RUNS ?? 5)

export interface ColdFigures {
  toolyard: { ms: number; idleRss: number }
  /** The reference: the hello-world compiled with a plain `bun build --compile`. */
  hello: { ms: number; idleRss: number }
  /** The hello-world compiled with Toolyard's build flags. */
  helloSameFlags: { ms: number; idleRss: number }
  flags: string
}

/** Builds the two hello-world binaries into `dir` and measures them next to `binary`. */
export async function measureCold(binary: string, dir: string): Promise<ColdFigures> {
  const hello = join(dir, 'elysia-hello')
  const helloSame = join(dir, 'elysia-hello-same-flags')
  buildHello(hello)
  buildHello(helloSame, BUILD_FLAGS)
  // A data dir that already has its project and key (no first-start banner); the health route.
  const coldDir = mkdtempSync(join(tmpdir(), 'toolyard-bench-cold-'))
  Bun.spawnSync([binary, 'keys', 'create', '--project', 'cold'], { env: { ...process.env, ...toolyardEnv(coldDir) } })
  const helloEnv = (port: number) => ({ PORT: String(port) })
  const targets = [
    () => coldStart([binary, 'serve'], (port) => toolyardEnv(coldDir, port), '/mcp/health', 1),
    () => coldStart([hello], helloEnv, '/', 1),
    () => coldStart([helloSame], helloEnv, '/', 1),
  ]
  // One run of each in turn, RUNS times: a burst of load from other processes hits all three alike.
  const runs: { ms: number; idleRss: number }[][] = targets.map(() => [])
  for (let i = 0; i < RUNS; i++) for (const [t, run] of targets.entries()) runs[t]!.push(await run())
  const summary = (rs: { ms: number; idleRss: number }[]) => ({
    ms: Math.min(...rs.map((r) => r.ms)),
    idleRss: rs.map((r) => r.idleRss).sort((a, b) => a - b)[Math.floor(rs.length / 2)]!,
  })
  const [toolyard, helloFigures, helloSameFigures] = runs.map(summary)
  return { toolyard: toolyard!, hello: helloFigures!, helloSameFlags: helloSameFigures!, flags: BUILD_FLAGS.join(' ') }
}

if (import.meta.main) {
  const dir = mkdtempSync(join(tmpdir(), 'toolyard-cold-bin-'))
  const binary = join(dir, 'toolyard')
  buildToolyard(binary)
  const { toolyard, hello, helloSameFlags, flags } = await measureCold(binary, dir)
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`
  console.log(`Toolyard (${flags}): cold start ${toolyard.ms} ms, idle RSS ${toolyard.idleRss} MB`)
  console.log(
    `hello-world (--compile): cold start ${hello.ms} ms (Toolyard ${ratio(toolyard.ms, hello.ms)}, target ≤ 2.5×), idle RSS ${hello.idleRss} MB (Toolyard ${ratio(toolyard.idleRss, hello.idleRss)}, target ≤ 2×)`,
  )
  console.log(
    `hello-world (${flags}): cold start ${helloSameFlags.ms} ms (Toolyard ${ratio(toolyard.ms, helloSameFlags.ms)}), idle RSS ${helloSameFlags.idleRss} MB (Toolyard ${ratio(toolyard.idleRss, helloSameFlags.idleRss)})`,
  )
  process.exit(0)
}
