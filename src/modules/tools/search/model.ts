// TypeBox schemas for GET /servers/{id}/tools/search.
import { t } from 'elysia'
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX } from './service'

export const ToolSearchQuery = t.Object({
  // Any text is a valid query (it is cut into words, ./query.ts); the bound only keeps a URL sane.
  q: t.String({ maxLength: 65_536, error: 'q must be the text to search for' }),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: SEARCH_LIMIT_MAX, default: SEARCH_LIMIT_DEFAULT })),
})

const FoundToolView = t.Object({
  id: t.String(),
  name: t.String(),
  description: t.Optional(t.String()),
  inputSchema: t.Record(t.String(), t.Unknown()),
  score: t.Number(),
})

export const ToolSearchEnvelope = t.Object({
  success: t.Literal(true),
  data: t.Object({ tools: t.Array(FoundToolView) }),
})
