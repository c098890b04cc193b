// The one polling helper: every test that waits for something asynchronous waits through waitFor.

/** What a check returns while the condition is not met yet. */
type NotYet = undefined | null | false

/**
 * Calls `check` until it returns something other than undefined, null or false, and returns that value.
 * A check that throws ends the wait with its error. After `timeoutMs` (generous: the bound is there to name
 * what never happened, not to measure time) it fails with "timed out waiting for <what>".
 */
export async function waitFor<T>(
  what: string,
  check: () => T | Promise<T>,
  { timeoutMs = 15_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Exclude<T, NotYet>> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== null && value !== false) return value as Exclude<T, NotYet>
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(intervalMs)
  }
}
