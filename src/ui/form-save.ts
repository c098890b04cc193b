// What a dashboard form action answers, and the helpers every action uses to read a form and to turn an API refusal
// into the page shown again with the form kept.
import { ApiError } from './api-client'
import { SECRET_FIELDS } from './credentials-page'
import { safeBack } from './delete'
import type { Draft, Html } from './html'

export type Body = Record<string, unknown>

/** A save the API refused: the page to show again and the kept form. */
export class FormFailure extends Error {
  constructor(
    readonly page: string,
    readonly draft: Draft,
  ) {
    super(draft.error)
  }
}

/** What a page shows once, handed over from the action before the redirect (a new key, a webhook secret). */
export interface Once {
  label: string
  value: string
  id: string
}

/** A successful action redirects (post/redirect/get) with a notice, or answers an htmx fragment. */
export interface Done {
  redirect?: string
  /** Said once on the page redirected to ("Deleted tool “x”."). */
  notice?: string
  /** Shown once on the page redirected to (a new key, a webhook secret). */
  once?: Once
  fragment?: Html
}

/** Runs `save`; an API refusal becomes a FormFailure that shows `page` again with form `form` kept (secrets not). */
export async function saving<T>(page: string, form: string, values: Body, save: () => Promise<T>): Promise<T> {
  try {
    return await save()
  } catch (error) {
    const message =
      // The details, unless the message says them already (invalid_function repeats its line and column).
      error instanceof ApiError && error.details.some((d) => !error.message.includes(d.message))
        ? `${error.message}: ${error.details.map((d) => `${d.field}: ${d.message}`).join('; ')}`
        : (error as Error).message
    // A function's invalid_function names the line ("line 3, column 7: …"): the editor marks it.
    const line = Number(
      /line (\d+)/.exec(error instanceof ApiError ? (error.details[0]?.message ?? error.message) : '')?.[1],
    )
    const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !SECRET_FIELDS.includes(k)))
    throw new FormFailure(page, { form, values: kept, error: message, ...(line > 0 ? { line } : {}) })
  }
}

export const jsonField = (value: unknown, field: string) => {
  const text = String(value ?? '').trim()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(`${field} is not valid JSON`, 400)
  }
}
export const optional = (v: unknown) => (String(v ?? '').trim() ? String(v).trim() : undefined)
export const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : v ? [String(v)] : [])
/** The form's text field, trimmed. */
export const textOf = (body: Body) => (k: string) => String(body[k] ?? '').trim()

/** A page to go back to after an action (a hidden `back` field): a dashboard path, never another site. */
export const backTo = (body: Body, fallback: string) => `/mcp/ui/${safeBack(body.back) ?? fallback}`
