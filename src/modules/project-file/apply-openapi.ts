// `openapi:` toolkits of a project file: their documents are read, checked and planned before apply's transaction
// (fetching and validating are asynchronous), then created or brought up to date inside it like a re-import.
import { AppError, badRequest } from '../../lib/errors'
import { describeChanges } from '../tools/kinds/openapi/credential-changes'
import type { OpenApiService, Prepared } from '../tools/kinds/openapi/service'
import type { PlanLine } from './apply'
import { FileError, openApiTexts, type ProjectDoc, type ToolkitDoc } from './format'
import { stableJson } from './snapshot'

export type PreparedDocuments = Map<ToolkitDoc, Prepared>

export async function prepareOpenApi(
  openapi: OpenApiService,
  path: string,
  doc: ProjectDoc,
  /** The project when it exists: a toolkit's stored schemas are not compiled again. */
  projectId?: string,
): Promise<PreparedDocuments> {
  const prepared: PreparedDocuments = new Map()
  const problems: string[] = []
  for (const k of doc.toolkits) {
    const o = k.openapi
    if (!o) continue
    const text = openApiTexts.get(k)
    const settings = {
      ...(o.base_url ? { base_url: o.base_url } : {}),
      ...(o.url ? { spec_url: o.url } : {}),
      ...(o.include ? { include: o.include } : {}),
      ...(o.exclude ? { exclude: o.exclude } : {}),
      ...(o.max_tools ? { max_tools: o.max_tools } : {}),
      ...(o.auth ? { auth: o.auth } : {}),
    }
    try {
      prepared.set(
        k,
        await openapi.prepare(
          k.name,
          o.spec !== undefined ? { spec: o.spec } : text !== undefined ? { spec: text } : { spec_url: o.url! },
          settings,
          projectId,
        ),
      )
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      const where = o.file ? `openapi.file ${o.file}` : o.url ? 'openapi.url' : 'openapi.spec'
      const message = error.message.replace(/body\.spec(_url)?/g, where).replace(/body\.auth/g, 'openapi.auth')
      problems.push(`${path}: toolkit ${k.name}: ${message}`)
    }
  }
  if (problems.length) throw new FileError(problems.join('\n'))
  return prepared
}

/**
 * Creates the toolkit or makes its tools match the document; `note` records what happened. Returns the credential
 * changes `confirm` accepted (new hosts, new or changed schemes), one line each, for the plan to show.
 */
export async function applyOpenApiToolkit(
  openapi: OpenApiService,
  toolkits: {
    update(
      projectId: string,
      id: string,
      patch: { display_name?: string | null; description?: string | null; review_changes?: boolean },
    ): unknown
    reviewChanges(id: string): Promise<boolean | undefined>
  },
  projectId: string,
  k: ToolkitDoc,
  prepared: Prepared,
  note: (action: PlanLine['action'], kind: string, name: string) => void,
  /** `apply --confirm`: credentials may go to a new host or through a changed scheme. */
  confirm = false,
): Promise<string[]> {
  const existing = await openapi.byName(projectId, k.name)
  if (!existing) {
    await openapi.create(projectId, k, prepared)
    note('created', 'toolkit', k.name)
    return []
  }
  if (existing.toolkit_type !== 'openapi')
    throw badRequest(`a ${existing.toolkit_type} toolkit named "${k.name}" exists: rename one of them`, [
      { field: 'openapi', message: `not an openapi toolkit` },
    ])
  // A changed base_url or filter is a change even when every tool stays as it was (the settings are what calls use).
  const before = (await openapi.stored(projectId, existing.id))?.settings
  const settingsChanged = stableJson(before ?? {}) !== stableJson(prepared.settings)
  // Set before the document is applied: a file that turns review on holds this very apply's changes. Absent: kept.
  const reviewChanged =
    k.review_changes !== undefined && k.review_changes !== (await toolkits.reviewChanges(existing.id))
  if (reviewChanged) await toolkits.update(projectId, existing.id, { review_changes: k.review_changes })
  const diff = await openapi.applyTo(projectId, existing, prepared, { confirm, confirmHint: 'apply --confirm' })
  const fieldsChanged =
    (k.display_name ?? null) !== existing.display_name ||
    (k.description !== undefined && k.description !== existing.description)
  if (fieldsChanged)
    await toolkits.update(projectId, existing.id, {
      display_name: k.display_name ?? null,
      description: k.description ?? existing.description,
    })
  const changed =
    fieldsChanged ||
    settingsChanged ||
    reviewChanged ||
    // Held for review counts: the stored document changed, and changes wait (docs/decisions/0349-review-in-files-and-by-hand.md).
    diff.added.length + diff.updated.length + diff.removed.length + (diff.held?.length ?? 0) > 0
  note(changed ? 'updated' : 'unchanged', 'toolkit', k.name)
  return diff.credential_changes ? describeChanges(diff.credential_changes) : []
}
