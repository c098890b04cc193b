// Upkeep of the search index: the pre-built tools (data in the binary) copied into `catalog_tools`, whose triggers
// index them like the project's own rows (run at start; a start with the same binary writes nothing), and the merge job.
import type { StoragePort } from '../../../db/store'
import { nowIso } from '../../../lib/ids'
import type { ToolkitSources } from '../sources/registry'
import type { CatalogToolRow, ToolSearchRepository } from './repository'

/** A pre-built tool this installation has carried since it began. */
export const CATALOG_ALWAYS = '1970-01-01T00:00:00.000Z'
/** A pre-built tool not yet in the catalog's copy: new in this release, so newer than anything already on a server. */
export const CATALOG_NEWEST = '9999-12-31T23:59:59.999Z'

type WantedRow = Omit<CatalogToolRow, 'first_seen_at'>

async function wanted(sources: ToolkitSources): Promise<WantedRow[]> {
  const out: WantedRow[] = []
  for (const kind of sources.kinds) {
    const builtIn = sources.source(kind)?.builtIn
    for (const k of builtIn?.toolkits ?? [])
      for (const tool of await sources.source(kind)!.listTools(k.id))
        out.push({
          id: tool.id,
          toolkit: [k.name, k.display_name ?? ''].join(' ').trim(),
          name: tool.name,
          title: tool.title,
          description: tool.description,
          input_schema: tool.input_schema,
        })
  }
  return out
}

const same = (a: WantedRow, b: WantedRow) =>
  a.toolkit === b.toolkit &&
  a.name === b.name &&
  a.title === b.title &&
  a.description === b.description &&
  a.input_schema === b.input_schema

export async function syncCatalogSearch(
  store: StoragePort,
  repo: ToolSearchRepository,
  sources: ToolkitSources,
): Promise<void> {
  const want = new Map((await wanted(sources)).map((r) => [r.id, r] as const))
  const changes = async () => {
    const have = new Map((await repo.catalog()).map((r) => [r.id, r] as const))
    return {
      stale: [...have.values()].filter((r) => !want.has(r.id) || !same(r, want.get(r.id)!)),
      fresh: [...want.values()].filter((r) => !have.has(r.id) || !same(r, have.get(r.id)!)),
    }
  }
  const first = await changes()
  if (!first.stale.length && !first.fresh.length) return
  await store.tx(async () => {
    // Compared again inside the write lock: another process starting on the same data dir may have synced already.
    const { stale, fresh } = await changes()
    // A tool rewritten (a new description) keeps when it was first carried; a tool new to the catalog starts now,
    // except in the first copy ever made: this installation has carried those since it began.
    const seen = new Map(stale.map((r) => [r.id, r.first_seen_at] as const))
    const at = (await repo.catalog()).length ? nowIso() : CATALOG_ALWAYS
    for (const r of stale) await repo.removeCatalog(r.id)
    for (const r of fresh) await repo.insertCatalog({ ...r, first_seen_at: seen.get(r.id) ?? at })
  })
}
