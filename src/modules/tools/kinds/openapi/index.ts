// Routes that make toolkits out of OpenAPI documents: import (or a dry run of it) and re-import.
import { Elysia } from 'elysia'
import { errorResponses, IdParams } from '../../../../http/common-model'
import { type GuardDeps, guard } from '../../../../http/guard'
import { DryRunResult, ImportOpenApiBody, ImportResult, ReimportOpenApiBody, ReimportResult } from './model'
import type { OpenApiService } from './service'

export const openApiModule = (deps: GuardDeps & { openapi: OpenApiService }) =>
  new Elysia({ name: 'toolyard.openapi' })
    .use(guard(deps))
    .post(
      '/toolkits/import/openapi',
      async ({ auth, body, set }) => {
        const { dryRun, result } = await deps.openapi.importDocument(auth.projectId, body)
        set.status = dryRun ? 200 : 201
        return result
      },
      {
        api: 'toolkits_create',
        body: ImportOpenApiBody,
        response: { 200: DryRunResult, 201: ImportResult, ...errorResponses },
        detail: { tags: ['toolkits'], summary: 'Import an OpenAPI 3.0/3.1 document as a toolkit (dry_run: plan only)' },
      },
    )
    .post(
      '/toolkits/:id/reimport',
      ({ auth, params, body }) => deps.openapi.reimport(auth.projectId, params.id, body),
      {
        api: 'toolkits_update',
        params: IdParams,
        body: ReimportOpenApiBody,
        response: { 200: ReimportResult, ...errorResponses },
        detail: {
          tags: ['toolkits'],
          summary: "Re-import an OpenAPI toolkit's document: tools added, updated, removed",
        },
      },
    )
