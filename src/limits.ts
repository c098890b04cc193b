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

/** The one wording for a tool result, resource content or prompt over TOOLYARD_MAX_RESULT_BYTES. */
export const resultTooLarge = (bytes: number, limit: number) => `result too large (${bytes} bytes, limit ${limit})`
