// Tool names the API accepts but model providers refuse as function names (OpenAI and Anthropic both demand
// ^[a-zA-Z0-9_-]{1,64}$): kept valid, answered with warnings (docs/decisions/0018-function-source-is-data.md).

/** Longest tool name OpenAI's and Anthropic's function calling take. */
const PROVIDER_NAME_MAX = 64

/** Why a client built on OpenAI or Anthropic may fail to offer this tool; empty when none. */
export function toolNameWarnings(name: string): string[] {
  const warnings: string[] = []
  if (name.length > PROVIDER_NAME_MAX)
    warnings.push(
      `name "${name}" is ${name.length} characters: OpenAI and Anthropic reject tool names over ${PROVIDER_NAME_MAX}`,
    )
  if (name.includes('.'))
    warnings.push(`name "${name}" contains ".": OpenAI and Anthropic accept only letters, digits, "_" and "-"`)
  return warnings
}

/** A create/update answer: the tool, with `warnings` only when there are some. */
export function withNameWarnings<T extends { name: string }>(view: T): T & { warnings?: string[] } {
  const warnings = toolNameWarnings(view.name)
  return warnings.length ? { ...view, warnings } : view
}
