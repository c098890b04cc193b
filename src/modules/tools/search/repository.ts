// SQL for the catalog copy of the pre-built tools: what this installation carries of the catalog and since when
// (migrations 014 and 018). Tool search itself reads no table: it ranks a server's tool set in memory (./rank.ts).
import type { SqlStore } from '../../../db/queries'

/** A pre-built tool as the catalog copy keeps it (migration 014's `catalog_tools`). */
export type CatalogToolRow = {
  id: string
  toolkit: string
  name: string
  title: string | null
  description: string | null
  input_schema: string
  /** When this installation first carried the tool (migration 018; '1970-…' for tools known before it). */
  first_seen_at: string
}

/** The storage port its callers use (docs/decisions/0028-repository-interfaces.md). */
export interface ToolSearchRepository {
  catalog: () => Promise<CatalogToolRow[]>
  insertCatalog: (row: CatalogToolRow) => Promise<void>
  removeCatalog: (id: string) => Promise<void>
}

export function toolSearchRepository(store: SqlStore): ToolSearchRepository {
  return {
    catalog: () => store.q().all<CatalogToolRow>('SELECT * FROM catalog_tools ORDER BY id'),
    insertCatalog: async (row: CatalogToolRow) => {
      await store.q().run(
        `INSERT INTO catalog_tools (id, toolkit, name, title, description, input_schema, first_seen_at)
         VALUES ($id, $toolkit, $name, $title, $description, $input_schema, $first_seen_at)`,
        row,
      )
    },
    removeCatalog: async (id: string) => {
      await store.q().run('DELETE FROM catalog_tools WHERE id = $id', { id })
    },
  }
}
