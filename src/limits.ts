// Defaults and bounds of a function run, and how results are measured against their size budget, in one place: the
// functions API validates and fills in with them, the runtime clamps to them (docs/decisions/0003-toolkits-tools-functions-and-server-attachments.md; "Limits").
export const FUNCTION_LIMITS = {
  memoryMb: { default: 64, min: 1, max: 512 },
  timeoutMs: { default: 10_000, min: 1, max: 60_000 },
} as const

/** A stored or requested value within its bounds (whole numbers; the default when absent). */
export function clampLimit(value: number | undefined, limit: { default: number; min: number; max: number }): number {
  return Math.min(limit.max, Math.max(limit.min, Math.floor(value ?? limit.default)))
}

/** The size a result takes on the wire: a string's UTF-8 bytes, anything else as JSON. */
export function resultBytes(value: unknown): number {
  return Buffer.byteLength(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
}

/** Past this many values the bound below stops walking and says "maybe": resultBytes measures exactly then. */
const BOUND_WALK_VALUES = 256

/**
 * Whether `value` surely takes at most `limit` bytes as JSON, from an upper bound and without serializing it: each
 * string counts 6 bytes a character (a \u escape is the longest a UTF-16 unit gets), every other token its longest
 * form. False means "maybe not" (over the bound, too many values, or a value with its own toJSON): measure it then.
 * Most results are a few short strings, so the usual call skips the JSON.stringify that resultBytes would make only
 * to count it, since the answer is serialized once anyway (docs/decisions/0402-builtin-call-pipeline.md).
 */
export function surelyWithin(value: unknown, limit: number): boolean {
  let bound = 0
  let seen = 0
  const stack: unknown[] = [value]
  while (stack.length) {
    const v = stack.pop()
    if (++seen > BOUND_WALK_VALUES) return false
    if (typeof v === 'string') bound += v.length * 6 + 2
    else if (typeof v === 'number') bound += 24
    else if (typeof v === 'boolean' || v === null || v === undefined) bound += 9
    else if (Array.isArray(v)) {
      // A long array is not walked at all: the budget of values is spent before it would end.
      if (seen + stack.length + v.length > BOUND_WALK_VALUES) return false
      bound += 2 + v.length
      for (let i = 0; i < v.length; i++) stack.push(v[i])
    } else if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      bound += 2
      for (const k in v) {
        if (seen + stack.length >= BOUND_WALK_VALUES) return false
        bound += k.length * 6 + 4
        stack.push((v as Record<string, unknown>)[k])
      }
    } else return false
    if (bound > limit) return false
  }
  return true
}

/** The one wording for a tool result, resource content or prompt over TOOLYARD_MAX_RESULT_BYTES. */
export const resultTooLarge = (bytes: number, limit: number) => `result too large (${bytes} bytes, limit ${limit})`
