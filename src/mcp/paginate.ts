// Cursor pagination for the MCP list methods: opaque cursors, a fixed page size, -32602 for a bad cursor.
import { ProtocolError, RPC } from './errors'

const PAGE_SIZE = 50

export function paginate<T>(list: string, items: T[], cursor: unknown): { page: T[]; nextCursor?: string } {
  let offset = 0
  if (cursor !== undefined) {
    const decoded = typeof cursor === 'string' ? decode(cursor) : null
    if (!decoded || decoded.list !== list || decoded.offset > items.length)
      throw new ProtocolError(RPC.INVALID_PARAMS, 'Invalid params: unknown cursor')
    offset = decoded.offset
  }
  const page = items.slice(offset, offset + PAGE_SIZE)
  const next = offset + PAGE_SIZE
  return next < items.length
    ? { page, nextCursor: Buffer.from(JSON.stringify({ l: list, o: next })).toString('base64url') }
    : { page }
}

function decode(cursor: string): { list: string; offset: number } | null {
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as { l?: unknown; o?: unknown }
    if (typeof v.l !== 'string' || !Number.isInteger(v.o) || (v.o as number) < 0) return null
    return { list: v.l, offset: v.o as number }
  } catch {
    return null
  }
}
