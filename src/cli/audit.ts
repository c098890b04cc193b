// `toolyard audit verify [--project NAME] [--json]`: checks each project's audit hash chain on the database a server
// uses, and names the first entry removed or altered (exit 1 when any chain is broken). Also how the other commands
// that change state (projects create, keys create and revoke) join the trail.
import type { Config } from '../config'
import { createLogger } from '../lib/log'
import { type AuditActor, cliActor } from '../modules/audit/actor'
import { buildAuditLog } from '../modules/audit/build'
import type { VerifyResult } from '../modules/audit/chain'
import type { AuditChange } from '../modules/audit/service'
import { buildProjects } from '../modules/projects/build'
import type { Storage } from '../storage'
import { noMoreFlags, takeFlag, takeSwitch, UsageError } from './args'
import { openCommandStorage } from './database'

/** The audit trail over a command's storage (no background timer work is left: `stop` ends it). */
function auditOf(storage: Storage) {
  return buildAuditLog({
    store: storage.store,
    repo: storage.repositories.audit,
    deliveries: storage.repositories.webhooks,
    log: createLogger('silent'),
  })
}

/** Appends what a command changed to its project's chain (in the command's transaction when one is open). */
export async function recordCliChange(
  storage: Storage,
  projectId: string,
  change: Omit<AuditChange, 'actor'> & { actor?: AuditActor },
): Promise<void> {
  const audit = auditOf(storage)
  try {
    await audit.appendNow(projectId, [{ ...change, actor: change.actor ?? cliActor() }])
  } finally {
    await audit.stop()
  }
}

const line = (name: string, r: VerifyResult) =>
  r.ok
    ? `ok      ${name}: ${r.entries} entries, last ${r.last_seq}${r.checkpoint_seq ? ` (pruned up to ${r.checkpoint_seq})` : ''}`
    : `BROKEN  ${name}: entry ${r.first_bad.seq}${r.first_bad.id ? ` (${r.first_bad.id})` : ''} is ${r.first_bad.problem}`

export async function auditCommand(args: string[], commandConfig: (args: string[]) => Config) {
  const json = takeSwitch(args, '--json')
  const projectName = takeFlag(args, '--project')
  const config = commandConfig(args)
  noMoreFlags(args)
  const [sub, extra] = args
  if (sub !== 'verify' || extra !== undefined)
    throw new UsageError('usage: toolyard audit verify [--project NAME] [--json]')
  const storage = await openCommandStorage(config, { create: false })
  const audit = auditOf(storage)
  const projects = buildProjects({ repo: storage.repositories.projects })
  try {
    const all = await projects.listProjects()
    const chosen = projectName ? all.filter((p) => p.name === projectName) : all
    if (projectName && !chosen.length) throw new UsageError(`no project named "${projectName}"`)
    const results: { project: string; project_id: string; result: VerifyResult }[] = []
    for (const p of chosen) results.push({ project: p.name, project_id: p.id, result: await audit.verify(p.id) })
    if (json)
      console.log(JSON.stringify(results.map((r) => ({ project: r.project, project_id: r.project_id, ...r.result }))))
    else for (const r of results) console.log(line(r.project, r.result))
    if (results.some((r) => !r.result.ok)) process.exitCode = 1
  } finally {
    await audit.stop()
    await storage.close()
  }
}
