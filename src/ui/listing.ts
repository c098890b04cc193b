// Lists in the dashboard: every record read through the REST API's own cursors (pages of 200, never one page only),
// then counted, searched and shown 50 to a page, with the count always on screen (docs/decisions/0171-dashboard-lists.md).
import type { ApiClient } from './api-client'
import { type Html, html } from './html'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come
type Row = Record<string, any>

/** Records read per list at most: past it the page says so ("more than 5000"), it never cuts silently. */
const MAX_ROWS = 5000
const PAGE_SIZE = 50

export interface AllRows {
  rows: Row[]
  /** More records exist than were read (MAX_ROWS). */
  capped: boolean
}

/** Reads every page of `path` (a REST list answering `{[key]: [...], next_cursor?}`), following next_cursor. */
export async function readAll(c: ApiClient, path: string, key: string, max = MAX_ROWS): Promise<AllRows> {
  const rows: Row[] = []
  const sep = path.includes('?') ? '&' : '?'
  let cursor: string | undefined
  for (;;) {
    const r = await c.api('GET', `${path}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    rows.push(...(r[key] as Row[]))
    if (!r.next_cursor) return { rows, capped: false }
    if (rows.length >= max) return { rows: rows.slice(0, max), capped: true }
    cursor = r.next_cursor
  }
}

export interface ListView {
  rows: Row[]
  /** Records in the list (all of them, before the search). */
  total: number
  capped: boolean
  /** Records matching the search. */
  matched: number
  page: number
  pages: number
  q: string
  first: number
}

/**
 * One page of `all`: the rows whose `text` contains the search `q` (case-insensitive, every word), page `page`
 * (1-based; past the end shows the last page).
 */
export function listView(
  all: AllRows,
  query: Record<string, string | undefined>,
  text: (row: Row) => unknown[],
  size = PAGE_SIZE,
): ListView {
  const q = (query.q ?? '').trim().slice(0, 200)
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  const matching = words.length
    ? all.rows.filter((r) => {
        const hay = text(r)
          .filter((v) => v !== undefined && v !== null)
          .join('\n')
          .toLowerCase()
        return words.every((w) => hay.includes(w))
      })
    : all.rows
  const pages = Math.max(1, Math.ceil(matching.length / size))
  const asked = Number.parseInt(query.page ?? '1', 10)
  const page = Math.min(pages, Number.isFinite(asked) && asked > 0 ? asked : 1)
  const first = (page - 1) * size
  return {
    rows: matching.slice(first, first + size),
    total: all.rows.length,
    capped: all.capped,
    matched: matching.length,
    page,
    pages,
    q,
    first,
  }
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`

/** The count line: "51–100 of 523 tools", "3 of 523 tools match “x”", "more than 5000" when capped. */
export function countText(v: ListView, noun: string): string {
  const total = v.capped ? `more than ${v.total} ${noun}s (the first ${v.total} are searched)` : plural(v.total, noun)
  const range = v.matched ? `${v.first + 1}–${v.first + v.rows.length}` : '0'
  const matches = v.matched === 1 ? '1 match' : `${v.matched} matches`
  if (v.q) return `${range} of ${matches} for “${v.q}” among ${total}`
  if (v.pages === 1) return total
  return `${range} of ${total}`
}

/**
 * The search box, the count and the pager for a list at `base` (a page path; other query values it needs are in
 * `keep`).
 */
export function listBar(v: ListView, base: string, noun: string, keep: Record<string, string> = {}): Html {
  const link = (page: number) => {
    const params = new URLSearchParams({ ...keep, ...(v.q ? { q: v.q } : {}), page: String(page) })
    return `${base}?${params.toString()}`
  }
  const pager =
    v.pages > 1
      ? html`<nav class="pager">${
          v.page > 1 ? html`<a href="${link(v.page - 1)}" class="prev" rel="prev">← Previous</a>` : html``
        }<span>Page ${v.page} of ${v.pages}</span>${
          v.page < v.pages ? html`<a href="${link(v.page + 1)}" class="next" rel="next">Next →</a>` : html``
        }</nav>`
      : html``
  return html`<form method="get" action="${base}" class="list-bar" role="search">
    ${Object.entries(keep).map(([k, val]) => html`<input type="hidden" name="${k}" value="${val}">`)}
    <input type="search" name="q" value="${v.q}" placeholder="Search ${noun}s" aria-label="Search ${noun}s" class="list-search">
    <button class="list-search-go">Search</button>
    ${v.q ? html`<a href="${base}${Object.keys(keep).length ? `?${new URLSearchParams(keep)}` : ''}">Clear</a>` : html``}
    <span class="list-count muted">${countText(v, noun)}</span></form>${pager}`
}
