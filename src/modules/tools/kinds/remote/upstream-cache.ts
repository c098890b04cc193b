// A remote toolkit's upstream as its calls need it, worked out once per stored row instead of once per call: the spec
// parsed, the spec's part of the pool key, and a redactor per credential value. Kept in the read model, so a commit
// that touches the toolkit in any instance (its spec change touches the toolkit row: ./repository.ts) drops it, and
// the next call reads the row again (docs/decisions/0395-remote-call-cache.md).
import type { MaybePromise } from '../../../../lib/maybe-promise'
import { redactorFor } from '../../../../lib/redact'
import { MISS, type ReadModel } from '../../../../read-model/read-model'
import type { RemoteSpec } from './model'
import { type RemoteRepository, type RemoteRow, specOf } from './repository'

type Redactor = ReturnType<typeof redactorFor>

export interface CallableUpstream {
  projectId: string
  spec: RemoteSpec
  /** The spec's part of the pool key: another URL, header, auth or timeout opens other connections. */
  specHash: string
  /** The redactor for one credential value (its forms worked out once per value). */
  redactor(secret: string): Redactor
}

/** Credential values whose redactors one toolkit keeps (a refreshed token is a new value). */
const MAX_REDACTORS = 16

function callable(row: RemoteRow): CallableUpstream {
  const spec = specOf(row)
  const redactors = new Map<string, Redactor>()
  return {
    projectId: row.project_id,
    spec,
    specHash: Bun.hash(JSON.stringify(spec)).toString(36),
    redactor(secret) {
      let r = redactors.get(secret)
      if (!r) {
        if (redactors.size >= MAX_REDACTORS) redactors.clear()
        r = redactorFor([secret])
        redactors.set(secret, r)
      }
      return r
    },
  }
}

/** The toolkit's upstream (null: no such remote toolkit): in hand on a hit, a promise on a miss. */
export function upstreamLookup(
  repo: Pick<RemoteRepository, 'byToolkit'>,
  readModel: ReadModel | undefined,
): (toolkitId: string) => MaybePromise<CallableUpstream | null> {
  const load = async (toolkitId: string) => {
    const row = await repo.byToolkit(toolkitId)
    return row ? callable(row) : null
  }
  if (!readModel) return load
  const view = readModel.view(load, (toolkitId) => toolkitId, {
    maxEntries: 10_000,
    areas: ['tools'],
    projectOf: (_toolkitId, upstream) => upstream?.projectId,
  })
  return (toolkitId) => {
    const hit = view.peek(toolkitId)
    return hit === MISS ? view.get(toolkitId) : hit
  }
}
