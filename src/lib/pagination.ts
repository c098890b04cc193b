// Opaque cursors for stable-ordered lists: the cursor encodes the last id seen (ids are UUIDv7, so time-ordered).
import { badRequest } from '../http/errors'

const encodeCursor = (lastId: string): string => Buffer.from(lastId).toString('base64url')

export function decodeCursor(cursor: string | undefined): string | undefined {
  if (!cursor) return undefined
  const id = Buffer.from(cursor, 'base64url').toString()
  if (!/^[0-9a-f-]{36}$/.test(id))
    throw badRequest('cursor is invalid', [{ field: 'cursor', message: 'unknown cursor' }])
  return id
}

/** Takes `limit + 1` rows from the repository and turns the extra one into `next_cursor`. */
export function page<T extends { id: string }>(rows: T[], limit: number): { items: T[]; next_cursor?: string } {
  if (rows.length <= limit) return { items: rows }
  const items = rows.slice(0, limit)
  return { items, next_cursor: encodeCursor(items[items.length - 1]!.id) }
}
