// A server's tool discovery settings (docs/decisions/0034-tool-search.md): stored as JSON text on the server row, shown
// with their defaults filled in. The tools feature reads them to shape tools/list and to keep two names reserved.
import { t } from 'elysia'

const DISCOVERY_DEFAULT_THRESHOLD = 40
/** The tools a server in discovery mode (or code mode: run_code) lists; no tool of its own may carry these names. */
export const RESERVED_TOOL_NAMES = ['find_tools', 'call_tool', 'run_code'] as const

export const ToolDiscovery = t.Object(
  {
    mode: t.Union([t.Literal('off'), t.Literal('auto'), t.Literal('always'), t.Literal('code')], {
      error: 'tool_discovery.mode must be "off", "auto", "always" or "code"',
    }),
    threshold: t.Optional(t.Integer({ minimum: 0, maximum: 1_000_000 })),
    pinned: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
  },
  { additionalProperties: false },
)
/** As given on POST/PATCH: `mode` may be left out on PATCH (the current one stays). */
export const ToolDiscoveryPatch = t.Partial(ToolDiscovery, { additionalProperties: false })

export interface DiscoverySettings {
  /** `code`: find_tools (with TypeScript declarations) and run_code, always (docs/decisions/0370-code-mode.md). */
  mode: 'off' | 'auto' | 'always' | 'code'
  threshold: number
  pinned: string[]
}

const OFF: DiscoverySettings = { mode: 'off', threshold: DISCOVERY_DEFAULT_THRESHOLD, pinned: [] }

/** The stored JSON (or NULL) with defaults filled in; text this code did not write counts as off. */
export function discoveryOf(stored: string | null | undefined): DiscoverySettings {
  if (!stored) return OFF
  try {
    const v = JSON.parse(stored) as Partial<DiscoverySettings>
    const mode = v.mode === 'auto' || v.mode === 'always' || v.mode === 'code' ? v.mode : 'off'
    return {
      mode,
      threshold: typeof v.threshold === 'number' ? v.threshold : DISCOVERY_DEFAULT_THRESHOLD,
      pinned: Array.isArray(v.pinned) ? v.pinned.filter((p): p is string => typeof p === 'string') : [],
    }
  } catch {
    return OFF
  }
}

/** A PATCH over the current settings: the fields given replace theirs, the others stay. */
export function mergedDiscovery(current: string | null, patch: Partial<DiscoverySettings>): DiscoverySettings {
  const now = discoveryOf(current)
  return {
    mode: patch.mode ?? now.mode,
    threshold: patch.threshold ?? now.threshold,
    pinned: patch.pinned ? [...new Set(patch.pinned)] : now.pinned,
  }
}

/** Whether tools/list shows the search tools instead of every tool: always (and code), or auto above the threshold. */
export const discoveryActive = (s: DiscoverySettings, toolCount: number): boolean =>
  s.mode === 'always' || s.mode === 'code' || (s.mode === 'auto' && toolCount > s.threshold)
