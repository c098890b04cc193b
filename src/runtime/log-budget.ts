// One byte budget for everything a call logs or reports as progress, applied in the sandbox worker before anything
// crosses to the main thread (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md).
import type { FunctionHost } from './host'

/** A longer log line (or progress message) is cut to this many UTF-8 bytes and marked as cut. */
const MAX_LOG_LINE_BYTES = 8 * 1024
/** What a notice costs beyond its text (level, numbers, JSON-RPC framing): a loop of empty lines still runs out. */
const NOTICE_OVERHEAD_BYTES = 64
const CUT_MARK = ` … [line cut at ${MAX_LOG_LINE_BYTES} bytes]`
const CUT_MARK_BYTES = Buffer.byteLength(CUT_MARK)

const encoder = new TextEncoder()
const head = new Uint8Array(MAX_LOG_LINE_BYTES)

/** The text within MAX_LOG_LINE_BYTES (whole characters only, then the cut mark) and its size in bytes. */
function cutLine(text: string): { text: string; bytes: number } {
  // A UTF-16 unit takes at most 3 UTF-8 bytes: a short string is measured, never copied.
  if (text.length <= MAX_LOG_LINE_BYTES / 3) return { text, bytes: Buffer.byteLength(text) }
  const { read, written } = encoder.encodeInto(text, head)
  if (read === text.length) return { text, bytes: written }
  return { text: text.slice(0, read) + CUT_MARK, bytes: written + CUT_MARK_BYTES }
}

/**
 * The host a call's code sees: each line cut at MAX_LOG_LINE_BYTES, and all lines and progress together at most
 * `budgetBytes`; past it, later ones are dropped after one warning saying so.
 */
export function budgetedHost(host: FunctionHost, budgetBytes: number): FunctionHost {
  let left = budgetBytes
  let full = false
  const spend = (bytes: number): boolean => {
    if (full) return false
    const cost = bytes + NOTICE_OVERHEAD_BYTES
    if (cost <= left) {
      left -= cost
      return true
    }
    full = true
    host.log(
      'warning',
      `logs truncated: this call's logs and progress reached ${budgetBytes} bytes; later ones dropped`,
    )
    return false
  }
  return {
    ...host,
    log(level, message) {
      const line = cutLine(String(message))
      if (spend(line.bytes)) host.log(level, line.text)
    },
    progress(progress, total, message) {
      const line = message === undefined ? undefined : cutLine(String(message))
      if (spend(line?.bytes ?? 0)) host.progress(progress, total, line?.text)
    },
  }
}
