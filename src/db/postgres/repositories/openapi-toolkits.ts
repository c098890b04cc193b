// PostgreSQL dialect of src/modules/tools/kinds/openapi/repository.ts (OpenAPI documents and per-tool call plans): the same SQL.
import type { OpenApiRepository } from '../../../modules/tools/kinds/openapi/repository'
import type { PgStore } from '../store'

export function pgOpenApiRepository(pg: PgStore): OpenApiRepository {
  return {
    upsertToolkit: async (row) => {
      await pg.q().run(
        `INSERT INTO openapi_toolkits (toolkit_id, project_id, document, settings, updated_at)
         VALUES ($toolkit_id, $project_id, $document, $settings, $updated_at)
         ON CONFLICT (toolkit_id) DO UPDATE SET document = excluded.document, settings = excluded.settings, updated_at = excluded.updated_at`,
        row,
      )
    },
    toolkit: (project_id, toolkit_id) =>
      pg.q().get('SELECT * FROM openapi_toolkits WHERE toolkit_id = $toolkit_id AND project_id = $project_id', {
        project_id,
        toolkit_id,
      }),
    byToolkit: (toolkit_id) =>
      pg.q().get('SELECT * FROM openapi_toolkits WHERE toolkit_id = $toolkit_id', { toolkit_id }),
    setOperation: async (tool_id, toolkit_id, operation) => {
      await pg.q().run(
        `INSERT INTO openapi_operations (tool_id, toolkit_id, operation) VALUES ($tool_id, $toolkit_id, $operation)
         ON CONFLICT (tool_id) DO UPDATE SET operation = excluded.operation`,
        { tool_id, toolkit_id, operation },
      )
    },
    operation: async (tool_id) =>
      (
        await pg.q().get<{ operation: string }>('SELECT operation FROM openapi_operations WHERE tool_id = $tool_id', {
          tool_id,
        })
      )?.operation ?? null,
    operationsByToolkit: (toolkit_id) =>
      pg
        .q()
        .all<{ tool_id: string; operation: string }>(
          'SELECT tool_id, operation FROM openapi_operations WHERE toolkit_id = $toolkit_id',
          { toolkit_id },
        ),
  }
}
