// Cursor pagination for the MCP list methods through the one pagination module: 50 per page, -32602 for a bad cursor.
import { InvalidCursorError, isPageCursor, pageAtOffset } from '../lib/pagination'
import { ProtocolError, RPC } from './errors'

const PAGE_SIZE = 50

/** A cursor this endpoint hands out itself (the first page has none): the only pages worth keeping as text. */
export const isHandedOutCursor = (list: string, cursor: unknown): boolean =>
  cursor === undefined || isPageCursor(list, cursor, PAGE_SIZE)

export function paginate<T>(list: string, items: T[], cursor: unknown): { page: T[]; nextCursor?: string } {
  // Absent is the first page; anything else must be a cursor this list handed out (an empty string never is).
  if (cursor !== undefined && (typeof cursor !== 'string' || cursor === ''))
    throw new ProtocolError(RPC.INVALID_PARAMS, 'Invalid params: unknown cursor')
  try {
    const { items: page, next_cursor } = pageAtOffset(list, items, PAGE_SIZE, cursor)
    return next_cursor ? { page, nextCursor: next_cursor } : { page }
  } catch (error) {
    if (error instanceof InvalidCursorError)
      throw new ProtocolError(RPC.INVALID_PARAMS, 'Invalid params: unknown cursor')
    throw error
  }
}
