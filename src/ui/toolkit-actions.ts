// Form actions for toolkits: a hosted one, a remote MCP server, an OpenAPI import (its dry-run plan as a fragment),
// re-import and refresh. Each is the REST call a user makes, then a redirect with a notice saying what changed.
import { ApiError } from './api-client'
import { type Body, backTo, type Done, optional, saving, textOf } from './form-save'
import { html } from './html'
import type { PageContext } from './project-pages'
import { openapiPlan } from './toolkits-page'

/** The action for `path`, or undefined when it is not a toolkit action. */
export async function toolkitAction(c: PageContext, path: string, body: Body): Promise<Done | undefined> {
  const text = textOf(body)
  let m: RegExpExecArray | null
  if (path === 'toolkits') {
    const made = await saving('toolkits', 'hosted', body, () =>
      c.api('POST', '/toolkits', {
        name: text('name'),
        ...(optional(body.description) ? { description: text('description') } : {}),
      }),
    )
    return { redirect: '/mcp/ui/toolkits', notice: `Created toolkit “${made.name}”.` }
  }
  if (path === 'toolkits/remote') {
    const auth =
      text('auth_type') === 'bearer'
        ? { type: 'bearer', credential_provider: text('credential_provider') }
        : text('auth_type') === 'header'
          ? { type: 'header', header_name: text('header_name'), credential_provider: text('credential_provider') }
          : { type: 'none' }
    const made = await saving('toolkits', 'remote', body, () =>
      c.api('POST', '/toolkits', {
        name: text('name'),
        toolkit_type: 'remote',
        remote: { url: text('url'), transport: text('transport') || 'auto', auth, prefix: text('prefix') },
        ...(text('no_review') === 'true' ? { review_changes: false } : {}),
      }),
    )
    return { redirect: `/mcp/ui/toolkits/${made.id}`, notice: `Registered remote toolkit “${made.name}”.` }
  }
  if (path === 'toolkits/import/openapi' || path === 'toolkits/import/openapi/plan') {
    const dryRun = path.endsWith('/plan')
    const tags = text('tags')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
    const request = {
      name: text('name'),
      ...(optional(body.spec) ? { spec: text('spec') } : {}),
      ...(optional(body.spec_url) ? { spec_url: text('spec_url') } : {}),
      ...(optional(body.base_url) ? { base_url: text('base_url') } : {}),
      ...(tags.length ? { include: { tags } } : {}),
      ...(optional(body.auth_type)
        ? {
            auth: {
              type: text('auth_type'),
              credential_provider: text('auth_provider'),
              ...(optional(body.auth_name) ? { name: text('auth_name') } : {}),
            },
          }
        : {}),
      ...(text('no_review') === 'true' ? { review_changes: false } : {}),
      ...(dryRun ? { dry_run: true } : {}),
    }
    if (dryRun) {
      const plan = await c.api('POST', '/toolkits/import/openapi', request).catch((e: Error) => ({ failed: e }))
      if (plan.failed) {
        const e = plan.failed
        const detail = e instanceof ApiError ? e.details.map((d) => `${d.field}: ${d.message}`).join('; ') : ''
        return { fragment: html`<div class="flash">${e.message}${detail ? `: ${detail}` : ''}</div>` }
      }
      return { fragment: openapiPlan(plan) }
    }
    const made = await saving('toolkits', 'openapi', body, () => c.api('POST', '/toolkits/import/openapi', request))
    return {
      redirect: `/mcp/ui/toolkits/${made.toolkit.id}`,
      notice: `Imported “${made.toolkit.name}”: ${made.tools.length} tool(s).`,
    }
  }
  m = /^toolkits\/([^/]+)\/reimport$/.exec(path)
  if (m) {
    const id = m[1]!
    // A re-import that moves credentials (another host, a changed scheme) is refused unless the box is ticked.
    const confirm = text('confirm') === 'true' ? { confirm: true } : {}
    const diff = await saving('toolkits', `reimport-${id}`, body, () =>
      c.api('POST', `/toolkits/${id}/reimport`, confirm),
    )
    const held = diff.held?.length ? `, ${diff.held.length} held for review` : ''
    const notice = `Re-imported ${text('name') || id}: ${diff.added.length} added, ${diff.updated.length} updated, ${diff.removed.length} removed${held}.`
    return { redirect: backTo(body, 'toolkits'), notice }
  }
  m = /^toolkits\/([^/]+)\/details$/.exec(path)
  if (m) {
    const id = m[1]!
    const saved = await saving(`toolkits/${id}`, 'details', body, () =>
      c.api('PUT', `/toolkits/${id}`, {
        display_name: optional(body.display_name) ?? null,
        description: optional(body.description) ?? null,
      }),
    )
    return { redirect: `/mcp/ui/toolkits/${id}`, notice: `Saved toolkit “${saved.name}”.` }
  }
  m = /^toolkits\/([^/]+)\/changes\/([^/]+)$/.exec(path)
  if (m) {
    const [, id, change] = m as unknown as [string, string, string]
    const decided = await saving(`toolkits/${id}/changes`, 'decide', body, () =>
      c.api('POST', `/toolkits/${id}/changes/${change}`, { decision: text('decision') }),
    )
    const notice = `${decided.status === 'approved' ? 'Approved' : 'Rejected'} the change of ${decided.tool_name}.`
    return { redirect: `/mcp/ui/toolkits/${id}/changes`, notice }
  }
  m = /^toolkits\/([^/]+)\/review$/.exec(path)
  if (m) {
    const id = m[1]!
    const on = text('review_changes') === 'true'
    await saving(`toolkits/${id}/changes`, 'review', body, () =>
      c.api('PUT', `/toolkits/${id}`, { review_changes: on }),
    )
    return { redirect: `/mcp/ui/toolkits/${id}/changes`, notice: `Review turned ${on ? 'on' : 'off'}.` }
  }
  m = /^toolkits\/([^/]+)\/refresh$/.exec(path)
  if (m) {
    const r = await saving('toolkits', 'hosted', body, () => c.api('POST', `/toolkits/${m![1]}/refresh`, {}))
    const held = r.held ? `, ${r.held} held for review` : ''
    const notice = `Refreshed: ${r.added} added, ${r.updated} updated, ${r.removed} removed, ${r.unchanged} unchanged${held}.`
    return { redirect: backTo(body, 'toolkits'), notice }
  }
  return undefined
}
