// The policies of a project file (docs/decisions/0392-policies-in-the-project-file.md), applied by name inside the
// apply's transaction through the policies service: a new one is created, a changed one replaced (its version goes up,
// so approvals bound to the old version no longer apply), an equal one left alone; with prune, one the file does not
// name is deleted.
import { AppError } from '../../lib/errors'
import { canonical, RecordError } from './apply'
import type { Note, Run } from './apply-records'

async function attempt(name: string, op: () => Promise<unknown>): Promise<void> {
  try {
    await op()
  } catch (error) {
    if (error instanceof AppError) throw new RecordError('policy', name, error)
    throw error
  }
}

export async function applyPolicies(run: Run, note: Note): Promise<void> {
  const { s, projectId, doc, current } = run
  for (const p of doc.policies ?? []) {
    const stored = current.policies.get(p.name)
    if (!stored) {
      await attempt(p.name, () => s.policies.create(projectId, p))
      note('created', 'policy', p.name)
    } else if (canonical('policies', stored.doc) === canonical('policies', p)) note('unchanged', 'policy', p.name)
    else {
      await attempt(p.name, () => s.policies.replace(projectId, stored.id, p))
      note('updated', 'policy', p.name)
    }
  }
}

export async function prunePolicies(run: Run, note: Note): Promise<void> {
  const { s, projectId, doc, current } = run
  const keep = new Set((doc.policies ?? []).map((p) => p.name))
  for (const [name, r] of current.policies)
    if (!keep.has(name)) {
      await attempt(name, () => s.policies.remove(projectId, r.id))
      note('deleted', 'policy', name)
    }
}
