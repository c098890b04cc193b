// A toolkit attached to a server may list its tools under a prefix: `<prefix>_<name>`
// (docs/decisions/0211-attachment-prefix.md). Pre-built toolkits carry their service name as the default, so any set
// of them fits on one server; the prefix in effect is stored with the attachment.
import { AppError } from '../../../lib/errors'
import type { ToolRow } from '../repository'
import type { ToolkitRecord } from '../sources/source'

/** What a tool name may be anywhere (the tool-name pattern of POST /tools). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/

/** Between the prefix and the tool's own name: `github` + `create_issue` → `github_create_issue`. */
const SEPARATOR = '_'

/** The name a server lists a tool of an attachment under ('' : the tool's own name). */
const prefixed = (prefix: string, name: string) => (prefix ? `${prefix}${SEPARATOR}${name}` : name)

/** The tool as a server carries it under the attachment's prefix (the row itself when there is none). */
export const underPrefix = (prefix: string, tool: ToolRow): ToolRow =>
  prefix ? { ...tool, name: prefixed(prefix, tool.name) } : tool

/**
 * The prefix a new attachment of the toolkit gets when none is given: a pre-built toolkit of a service (one with a
 * provider) gets the service's name in the tools' own style (`google-calendar` → `google_calendar`), so every
 * pre-built toolkit fits on one server. `utilities` names no service and keeps its generic names (`echo`,
 * `http_request`), which no prefixed name can equal; the project's own toolkits get none (their names are the
 * project's choice).
 */
export const defaultPrefix = (toolkit: Pick<ToolkitRecord, 'name' | 'toolkit_type' | 'provider'>) =>
  toolkit.toolkit_type === 'prebuilt' && toolkit.provider ? toolkit.name.replaceAll('-', '_') : ''

/**
 * 400 naming `field` unless every tool of the toolkit still has a valid name under the prefix (1–128 letters, digits,
 * `_`, `.` or `-`).
 */
export function assertPrefixFits(prefix: string, tools: readonly ToolRow[], field: string): void {
  const bad = (message: string) => new AppError('validation_failed', message, [{ field, message }])
  if (!prefix) return
  if (!TOOL_NAME.test(prefixed(prefix, 'x')))
    throw bad(`prefix "${prefix.slice(0, 200)}" may hold only letters, digits, "_", "." or "-"`)
  const long = tools.find((t) => !TOOL_NAME.test(prefixed(prefix, t.name)))
  if (long)
    throw bad(
      `prefix "${prefix}" makes the tool name "${prefixed(prefix, long.name)}" longer than 128 characters; choose a shorter prefix`,
    )
}
