// The one pagination module: every list, REST or MCP, pages here. Cursors are opaque base64url text.
import { AppError } from './errors'

/** One page of a list; `next_cursor` is absent on the last page. */
export interface Page<T> {
  items: T[]
  next_cursor?: string
}

/** A cursor this list did not hand out (garbage, another list's, past the end): REST 400, protocol -32602. */
export class InvalidCursorError extends AppError {
  constructor() {
    super('bad_request', 'cursor is invalid', [{ field: 'cursor', message: 'unknown cursor' }])
  }
}

const encode = (text: string): string => Buffer.from(text).toString('base64url')
const decode = (cursor: string): string => Buffer.from(cursor, 'base64url').toString()

/**
 * Lists read from SQL in id order: the cursor names the last id seen (ids are UUIDv7, so time-ordered).
 * The repository takes the id decoded here and fetches `limit + 1` rows after it; `page` turns them into a page.
 */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined
  const id = decode(cursor)
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new InvalidCursorError()
  return id
}

/** Takes the `limit + 1` rows a repository returned after `decodeCursor` and turns the extra one into `next_cursor`. */
export function page<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  if (rows.length <= limit) return { items: rows }
  const items = rows.slice(0, limit)
  return { items, next_cursor: encode(items[items.length - 1]!.id) }
}

/** An in-memory list whose ids are not all UUIDs (toolkits: pre-built ones first): the cursor names the last id seen. */
export function pageAfterId<T extends { id: string }>(all: T[], limit: number, cursor: string | undefined): Page<T> {
  let start = 0
  if (cursor) {
    const after = decode(cursor)
    const i = all.findIndex((item) => item.id === after)
    if (i < 0) throw new InvalidCursorError()
    start = i + 1
  }
  const items = all.slice(start, start + limit)
  return start + limit < all.length ? { items, next_cursor: encode(items[items.length - 1]!.id) } : { items }
}

/**
 * An in-memory list paged by position (listings of what a server exposes, REST and MCP): the cursor is
 * `{l: list, o: offset}` as JSON, so a cursor of another list is refused. An offset at the very end is an empty page.
 */
export function pageAtOffset<T>(list: string, all: T[], limit: number, cursor: string | undefined): Page<T> {
  const start = cursor ? offsetOf(list, cursor, all.length) : 0
  const items = all.slice(start, start + limit)
  const next = start + limit
  return next < all.length ? { items, next_cursor: encode(JSON.stringify({ l: list, o: next })) } : { items }
}

/** Whether `cursor` is one pageAtOffset hands out for pages of `limit`: exactly its encoding of a multiple of it. */
export function isPageCursor(list: string, cursor: unknown, limit: number): boolean {
  if (typeof cursor !== 'string') return false
  try {
    const o = (JSON.parse(decode(cursor)) as { o?: unknown } | null)?.o
    return typeof o === 'number' && o > 0 && o % limit === 0 && cursor === encode(JSON.stringify({ l: list, o }))
  } catch {
    return false
  }
}

function offsetOf(list: string, cursor: string, length: number): number {
  let v: { l?: unknown; o?: unknown }
  try {
    v = JSON.parse(decode(cursor)) as { l?: unknown; o?: unknown }
  } catch {
    throw new InvalidCursorError()
  }
  if (v?.l !== list || typeof v.o !== 'number' || !Number.isInteger(v.o) || v.o < 0 || v.o > length)
    throw new InvalidCursorError()
  return v.o
}
