// SQL for OpenAPI toolkits: the document and import settings per toolkit, and the call plan per tool (migration 013).
import type { SqlStore } from '../../../../db/queries'

type OpenApiToolkitRow = {
  toolkit_id: string
  project_id: string
  /** The document as JSON text. */
  document: string
  /** Import settings as JSON text (./model.ts ImportSettings). */
  settings: string
  updated_at: string
}

/** The storage port its callers use (docs/decisions/0028-repository-interfaces.md). */
export interface OpenApiRepository {
  upsertToolkit: (row: OpenApiToolkitRow) => Promise<void>
  toolkit: (project_id: string, toolkit_id: string) => Promise<OpenApiToolkitRow | null>
  /** By toolkit id alone, for a caller that already found the toolkit in its project. */
  byToolkit: (toolkit_id: string) => Promise<OpenApiToolkitRow | null>
  setOperation: (tool_id: string, toolkit_id: string, operation: string) => Promise<void>
  /**
   * What a call reads, in one statement: the tool's call plan and its toolkit's import settings in this project (null
   * when the toolkit is not this project's), never the stored document (as large as TOOLYARD_MAX_SPEC_BYTES).
   */
  callPlan: (
    project_id: string,
    toolkit_id: string,
    tool_id: string,
  ) => Promise<{ operation: string; settings: string | null } | null>
  /** Every call plan of a toolkit in one read (a re-import compares them all). */
  operationsByToolkit: (toolkit_id: string) => Promise<{ tool_id: string; operation: string }[]>
}

export function openApiRepository(store: SqlStore): OpenApiRepository {
  return {
    upsertToolkit: async (row) => {
      await store.q().run(
        `INSERT INTO openapi_toolkits (toolkit_id, project_id, document, settings, updated_at)
         VALUES ($toolkit_id, $project_id, $document, $settings, $updated_at)
         ON CONFLICT (toolkit_id) DO UPDATE SET document = excluded.document, settings = excluded.settings, updated_at = excluded.updated_at`,
        row,
      )
    },
    toolkit: (project_id, toolkit_id) =>
      store.q().get('SELECT * FROM openapi_toolkits WHERE toolkit_id = $toolkit_id AND project_id = $project_id', {
        project_id,
        toolkit_id,
      }),
    byToolkit: (toolkit_id) =>
      store.q().get('SELECT * FROM openapi_toolkits WHERE toolkit_id = $toolkit_id', { toolkit_id }),
    setOperation: async (tool_id, toolkit_id, operation) => {
      await store.q().run(
        `INSERT INTO openapi_operations (tool_id, toolkit_id, operation) VALUES ($tool_id, $toolkit_id, $operation)
         ON CONFLICT (tool_id) DO UPDATE SET operation = excluded.operation`,
        { tool_id, toolkit_id, operation },
      )
    },
    callPlan: (project_id, toolkit_id, tool_id) =>
      store.q().get<{ operation: string; settings: string | null }>(
        `SELECT o.operation,
           (SELECT t.settings FROM openapi_toolkits t WHERE t.toolkit_id = $toolkit_id AND t.project_id = $project_id)
             AS settings
         FROM openapi_operations o WHERE o.tool_id = $tool_id`,
        { project_id, toolkit_id, tool_id },
      ),
    operationsByToolkit: (toolkit_id) =>
      store
        .q()
        .all<{ tool_id: string; operation: string }>(
          'SELECT tool_id, operation FROM openapi_operations WHERE toolkit_id = $toolkit_id',
          { toolkit_id },
        ),
  }
}
