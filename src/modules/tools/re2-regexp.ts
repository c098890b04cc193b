// Ajv's regular-expression engine for user schemas: RE2 (re2js), linear in the input, so no `pattern` or
// `patternProperties` can block the event loop however it is written (docs/decisions/0016-limits.md).
import type { RE2JS } from 're2js'

type RegExpLike = { test(s: string): boolean; toString(): string }

/** A pattern RE2 cannot compile (backreferences, lookaround…); `pattern` is the source as the user wrote it. */
export class UnsupportedPatternError extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(`pattern ${JSON.stringify(pattern)} is not supported (patterns run on RE2, linear time): ${reason}`)
  }
}

// Compiled patterns are shared by every schema that uses them; bounded so user input cannot grow it without end.
const MAX_CACHED = 2000
const cache = new Map<string, RegExpLike>()

export function re2RegExp(pattern: string, _flags: string): RegExpLike {
  // Ajv passes "u" (unicodeRegExp) or ""; RE2 is code-point aware either way.
  let rx = cache.get(pattern)
  if (!rx) {
    let re: ReturnType<typeof RE2JS.compile>
    try {
      // Required here, not imported: only schemas with patterns need it (docs/decisions/0015-hot-path.md: cold start).
      const { RE2JS: engine } = require('re2js') as typeof import('re2js')
      re = engine.compile(engine.translateRegExp(pattern))
    } catch (error) {
      throw new UnsupportedPatternError(pattern, (error as Error).message)
    }
    rx = { test: (s: string) => re.test(s), toString: () => `/${pattern}/` }
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!)
    cache.set(pattern, rx)
  }
  return rx
}
// Only used for Ajv's standalone code generation, which Toolyard does not use.
re2RegExp.code = 'require("./re2-regexp").re2RegExp'

/** Where in `schema` a pattern sits, as a dotted path (`properties.code.pattern`), found without recursion. */
export function patternLocation(schema: unknown, pattern: string): string | undefined {
  const stack: [unknown, string[]][] = [[schema, []]]
  while (stack.length) {
    const [node, path] = stack.pop()!
    if (!node || typeof node !== 'object') continue
    for (const [k, v] of Object.entries(node)) {
      if (k === 'pattern' && v === pattern) return [...path, k].join('.')
      if (k === 'patternProperties' && v && typeof v === 'object' && pattern in v)
        return [...path, k, pattern].join('.')
      if (v && typeof v === 'object' && path.length < 64) stack.push([v, [...path, k]])
    }
  }
  return undefined
}
