// Rendering prompts: Mustache with HTML escaping off (passed per call; the global Mustache.escape is never touched).
import Mustache from 'mustache'
import type { ContentBlock } from '../../mcp/backend'
import type { PromptMessage } from './model'

const RAW = { escape: (value: unknown) => String(value) }

const render = (template: string, view: Record<string, unknown>): string => Mustache.render(template, view, {}, RAW)

/** Undefined when the template parses, else the parser's message (unclosed tags, …). */
export function templateProblem(template: string): string | undefined {
  try {
    Mustache.parse(template)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** Every string inside `value`, for checking templates before they are stored. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

function renderDeep(value: unknown, view: Record<string, unknown>): unknown {
  if (typeof value === 'string') return render(value, view)
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, view))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderDeep(v, view)]))
  return value
}

/** `template` → one user text message; `messages` → each message with every string rendered. */
export function renderMessages(
  source: { template: string | null; messages: PromptMessage[] | null },
  view: Record<string, unknown>,
): { role: 'user' | 'assistant'; content: ContentBlock }[] {
  if (source.messages) {
    return source.messages.map((m) => ({
      role: m.role,
      // role and type stay as stored: they are structure, not text.
      content: { ...(renderDeep(m.content, view) as ContentBlock), type: m.content.type },
    }))
  }
  return [{ role: 'user', content: { type: 'text', text: render(source.template ?? '', view) } }]
}
