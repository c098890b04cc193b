// Compiling the benchmarked programs: Toolyard exactly as `npm run build` does (the command is read from package.json,
// so the two cannot drift apart) and the Elysia hello-world reference.
import { resolve } from 'node:path'
import pkg from '../package.json'

const ROOT = resolve(import.meta.dir, '..')
const BUN = process.execPath

/** `npm run build` split into words: `bun build --compile <flags> <entry points> --outfile dist/toolyard`. */
const buildWords = pkg.scripts.build.split(/\s+/)
const outfileAt = buildWords.indexOf('--outfile')
if (buildWords[0] !== 'bun' || buildWords[1] !== 'build' || outfileAt < 0)
  throw new Error('package.json "build" must be `bun build … --outfile FILE`')

/** The flags of `npm run build` (e.g. --compile --bytecode), without the entry points and the output file. */
export const BUILD_FLAGS = buildWords.filter((w, i) => w.startsWith('--') && i !== outfileAt)

function compile(args: string[], label: string) {
  const t0 = performance.now()
  const r = Bun.spawnSync([BUN, 'build', ...args], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  if (r.exitCode !== 0) throw new Error(`building ${label} failed:\n${r.stderr.toString()}`)
  console.error(`built ${label} in ${Math.round(performance.now() - t0)} ms`)
}

/** Builds Toolyard as `npm run build` does, to `outfile` instead of dist/toolyard. */
export function buildToolyard(outfile: string) {
  compile([...buildWords.slice(2, outfileAt), '--outfile', outfile, ...buildWords.slice(outfileAt + 2)], 'toolyard')
}

/**
 * Builds the Elysia hello-world: by default as the reference is defined (a plain `bun build --compile`), or with
 * the given flags (Toolyard's, to show what they do for a program that has almost nothing to load).
 */
export function buildHello(outfile: string, flags: readonly string[] = ['--compile']) {
  compile([...flags, 'bench/peers/elysia-hello.ts', '--outfile', outfile], `elysia-hello (${flags.join(' ')})`)
}
