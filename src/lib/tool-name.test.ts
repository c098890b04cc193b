// Long derived tool names: at most 64 characters, cut at a word boundary, distinct when their starts are equal, and
// the same on every re-import.
import { expect, test } from 'bun:test'
import { MAX_TOOL_NAME, shortToolName } from './tool-name'

// An operationId shaped like the ones generated for Microsoft Graph's API description (nested resource paths).
const GRAPH_OP = 'deviceManagement_managedDevices_windowsProtectionState_detectedMalwareState_UpdateMalwareState'

test('a name of 64 characters or fewer is kept as it is', () => {
  expect(shortToolName('list_pets')).toBe('list_pets')
  const exactly = 'a'.repeat(MAX_TOOL_NAME)
  expect(shortToolName(exactly)).toBe(exactly)
})

test('a longer name is cut at a word boundary and ends with a short hash of the whole name', () => {
  const short = shortToolName(GRAPH_OP)
  expect(short.length).toBeLessThanOrEqual(MAX_TOOL_NAME)
  expect(short).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
  expect(short).toMatch(/^deviceManagement_managedDevices_windowsProtectionState_[0-9a-f]{6}$/)
  // Stable: the same document imported again names the tool the same way.
  expect(shortToolName(GRAPH_OP)).toBe(short)
})

test('two long names that share their first 64 characters get different names', () => {
  const stem = `${'customer_account_'.repeat(4)}settings`
  const a = shortToolName(`${stem}_update_billing_address`)
  const b = shortToolName(`${stem}_update_shipping_address`)
  expect(a).not.toBe(b)
  expect(a.slice(0, -7)).toBe(b.slice(0, -7))
})

test('a long name without a boundary in its second half is cut at the limit', () => {
  const short = shortToolName(`get_${'x'.repeat(100)}`)
  expect(short).toMatch(/^get_x{53}_[0-9a-f]{6}$/)
  expect(short.length).toBe(MAX_TOOL_NAME)
})
