// Defaults and bounds of a function run, in one place: the functions API validates and fills in with them, the
// runtime clamps to them (docs/decisions.md, "Toolkits, tools, functions and server attachments").
export const FUNCTION_LIMITS = {
  memoryMb: { default: 64, min: 1, max: 512 },
  timeoutMs: { default: 10_000, min: 1, max: 60_000 },
} as const

/** A stored or requested value within its bounds (whole numbers; the default when absent). */
export function clampLimit(value: number | undefined, limit: { default: number; min: number; max: number }): number {
  return Math.min(limit.max, Math.max(limit.min, Math.floor(value ?? limit.default)))
}
