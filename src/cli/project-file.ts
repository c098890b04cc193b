// `toolyard apply` and `toolyard export`: open the database like the key commands (the data dir's SQLite file, or
// PostgreSQL with TOOLYARD_DATABASE_URL, as serve opens it), build the services without background work, and read or
// write a project file.
import { writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { Config } from '../config'
import { buildDeps } from '../deps'
import { createLogger } from '../lib/log'
import { applyProjectFile, type PlanLine } from '../modules/project-file/apply'
import { FileError, type ProjectDoc, readProjectFile } from '../modules/project-file/format'
import { exportProject } from '../modules/project-file/snapshot'
import { openCommandStorage } from './database'

export interface ApplyArgs {
  file: string
  project?: string
  dryRun: boolean
  prune: boolean
  /** Accepts OpenAPI toolkits whose credentials would go to a new host or through a changed scheme. */
  confirm?: boolean
  json: boolean
}

/** `create: false` (export): a missing SQLite database is an error rather than made empty. */
async function services(config: Config, { create }: { create: boolean }) {
  const storage = await openCommandStorage(config, { create })
  return buildDeps(config, { log: createLogger('silent'), background: false, storage })
}

/** Prints one line per record and a summary (or one JSON object); returns when everything is written. */
export async function applyCommand(config: Config, args: ApplyArgs, out: (line: string) => void): Promise<void> {
  const doc = readProjectFile(args.file)
  const projectName = args.project ?? doc.project
  if (!projectName) throw new FileError(`${args.file}: no project: set "project:" in the file or pass --project NAME`)
  const deps = await services(config, { create: true })
  let lines: PlanLine[]
  try {
    lines = await applyProjectFile(deps, doc, {
      path: args.file,
      projectName,
      dryRun: args.dryRun,
      prune: args.prune,
      confirm: args.confirm === true,
      env: process.env,
    })
  } finally {
    deps.runner.shutdown()
    // Upstream connections of remote toolkits (a running server re-opens its own watchers).
    deps.remoteToolkits.close()
    await deps.close()
  }
  const summary = { created: 0, updated: 0, unchanged: 0, deleted: 0 }
  for (const l of lines) summary[l.action]++
  if (args.json) {
    out(JSON.stringify({ project: projectName, dry_run: args.dryRun, changes: lines, summary }))
    return
  }
  for (const l of lines) {
    out(`${l.action} ${l.kind} ${l.name}`)
    for (const w of l.warnings ?? []) out(`  warning: ${l.kind} ${l.name}: ${w}`)
  }
  const counts = Object.entries(summary).map(([k, n]) => `${n} ${k}`)
  out(`${args.dryRun ? 'dry run, nothing written: ' : ''}project ${projectName}: ${counts.join(', ')}`)
}

/** Writes the project as YAML (JSON when the output file ends in .json) to `output`, or returns it for stdout. */
export async function exportCommand(
  config: Config,
  project: string,
  output: string | undefined,
): Promise<string | undefined> {
  const deps = await services(config, { create: false })
  try {
    const found = await deps.projects.projectByName(project)
    if (!found) throw new FileError(`no project named "${project}"`)
    const doc = await exportProject(deps, found.id, found.name)
    if (output) writeDocumentsBeside(doc, output)
    const text = output && /\.json$/i.test(output) ? `${JSON.stringify(doc, null, 2)}\n` : toYaml(doc)
    if (!output) return text
    writeFileSync(output, text)
    return undefined
  } finally {
    await deps.close()
  }
}

/**
 * An OpenAPI toolkit imported from an inline document is exported with its document in a file beside the project
 * file (`<toolkit>.openapi.json`, overwritten) and `openapi.file` naming it, as `apply` reads it back; written to
 * stdout there is no folder, so the document stays inline as `openapi.spec` (docs/openapi.md).
 */
function writeDocumentsBeside(doc: ProjectDoc, output: string): void {
  for (const k of doc.toolkits) {
    const o = k.openapi
    if (!o?.spec) continue
    // Toolkit names are letters, digits, "-", "_" and "." (no "/"), so the name is a file name in that folder.
    const file = `${basename(k.name)}.openapi.json`
    writeFileSync(join(dirname(output), file), `${JSON.stringify(o.spec, null, 2)}\n`)
    const { spec: _inline, ...rest } = o
    k.openapi = { file, ...rest }
  }
}

/** YAML with functions' code as literal blocks (readable, diffable); code a block cannot hold stays a quoted string. */
function toYaml(doc: ProjectDoc): string {
  const blocks: string[] = []
  const kinds = Object.fromEntries(Object.entries(doc).filter(([, v]) => !Array.isArray(v) || v.length > 0))
  const functions = doc.functions.map((f) => {
    if (f.code === undefined || /\r|^[ \t]|^\n/.test(f.code) || /\n\n$/.test(f.code)) return f
    blocks.push(f.code)
    return { ...f, code: `__toolyard_code_${blocks.length - 1}__` }
  })
  const text = Bun.YAML.stringify({ ...kinds, ...(functions.length ? { functions } : {}) }, null, 2)
  return `${text.replace(/^( *)code: __toolyard_code_(\d+)__$/gm, (_, indent: string, n: string) => {
    const code = blocks[Number(n)] ?? ''
    const body = code.replace(/\n$/, '').split('\n')
    return `${indent}code: ${code.endsWith('\n') ? '|' : '|-'}\n${body.map((l) => (l ? `${indent}  ${l}` : '')).join('\n')}`
  })}\n`
}
