// Summarises a markdown CPU profile (Bun's `--cpu-prof-md`, as bench/profile-scenario.ts writes) by where the code
// lives: each of our folders (src/mcp, src/modules/tools/kinds/remote, …), each package under node_modules, and Bun's native functions by name.
// Self time only, so the shares add up to the samples taken.
//   bun bench/profile-summary.ts <profile.md> [top=25]
import { readFileSync } from 'node:fs'

export interface Share {
  where: string
  ms: number
  share: number
}

/** Self time per place in one profile, largest first. */
export function summarise(markdown: string): { totalMs: number; shares: Share[] } {
  const start = markdown.indexOf('## Hot Functions')
  const end = markdown.indexOf('\n## ', start + 1)
  const rows = markdown.slice(start, end === -1 ? undefined : end).split('\n')
  const byPlace = new Map<string, number>()
  let totalMs = 0
  for (const row of rows) {
    const cells = row.split('|').map((c) => c.trim())
    // | Self% | Self | Total% | Total | Function | Location |
    if (cells.length < 8 || !cells[2] || !/^[\d.]+(us|ms|s)$/.test(cells[2])) continue
    const ms = toMs(cells[2])
    const place = placeOf(cells[5]!.replaceAll('`', ''), cells[6]!.replaceAll('`', ''))
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms)
    totalMs += ms
  }
  const shares = [...byPlace]
    .map(([where, ms]) => ({ where, ms, share: ms / Math.max(totalMs, 1) }))
    .sort((a, b) => b.ms - a.ms)
  return { totalMs, shares }
}

const toMs = (text: string) => {
  const n = Number.parseFloat(text)
  return text.endsWith('us') ? n / 1000 : text.endsWith('ms') ? n : n * 1000
}

function placeOf(fn: string, location: string): string {
  if (location.startsWith('[native')) return `native ${fn}`
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(location)
  if (pkg) return pkg[1]!
  // Our code by folder: src/mcp, src/modules/tools/kinds/remote, …
  const ours = /\/src\/(.*)\/[^/]+$/.exec(location.replace(/:\d+$/, ''))
  if (ours) return `src/${ours[1]}`
  if (/\/src\/[^/]+$/.test(location.replace(/:\d+$/, ''))) return 'src'
  return location.replace(/:\d+$/, '') || fn
}

if (import.meta.main) {
  const [file, top = '25'] = process.argv.slice(2)
  if (!file) throw new Error('usage: bun bench/profile-summary.ts <profile.md> [top]')
  const { totalMs, shares } = summarise(readFileSync(file, 'utf8'))
  console.log(`| where | self ms | share |\n|---|---:|---:|`)
  for (const s of shares.slice(0, Number(top)))
    console.log(`| ${s.where} | ${s.ms.toFixed(0)} | ${(s.share * 100).toFixed(1)}% |`)
  console.log(`\n${totalMs.toFixed(0)} ms of samples`)
}
