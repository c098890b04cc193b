// tools/list pages kept as text: only the pages reached by cursors the endpoint hands out are kept, at most 64 per
// listing; a kept page is spliced into the answer, and anything else serializes it as the value it stands for.
import { expect, test } from 'bun:test'
import { isPageCursor, pageAtOffset } from '../lib/pagination'
import { cachedPage, RawJson, serializeAnswer } from './raw-json'

test('a kept page is built once; a page not to keep is built every time', () => {
  const listing: object[] = []
  let builds = 0
  const build = () => ({ tools: [], n: ++builds })
  expect(cachedPage(listing, 'v|', true, build).json).toBe('{"tools":[],"n":1}')
  expect(cachedPage(listing, 'v|', true, build).json).toBe('{"tools":[],"n":1}')
  cachedPage(listing, 'v|odd', false, build)
  cachedPage(listing, 'v|odd', false, build)
  expect(builds).toBe(3)
})

test('at most 64 pages per listing are kept', () => {
  const listing: object[] = []
  let builds = 0
  for (let i = 0; i < 65; i++) cachedPage(listing, `v|${i}`, true, () => ++builds)
  cachedPage(listing, 'v|0', true, () => ++builds) // forgotten when the 65th came in
  expect(builds).toBe(66)
})

test('the answer splices the text; JSON.stringify elsewhere gives the value', () => {
  const raw = new RawJson('{"tools":[{"name":"a"}]}')
  expect(serializeAnswer({ jsonrpc: '2.0', id: 'x', result: raw })).toBe(
    '{"jsonrpc":"2.0","id":"x","result":{"tools":[{"name":"a"}]}}',
  )
  expect(JSON.parse(JSON.stringify({ wrapped: raw }))).toEqual({ wrapped: { tools: [{ name: 'a' }] } })
})

test('only the cursors pageAtOffset hands out count as page cursors', () => {
  const all = Array.from({ length: 120 }, (_, i) => i)
  const next = pageAtOffset('tools', all, 50, undefined).next_cursor!
  expect(isPageCursor('tools', next, 50)).toBe(true)
  const odd = Buffer.from(JSON.stringify({ l: 'tools', o: 7 })).toString('base64url')
  const spaced = Buffer.from(JSON.stringify({ l: 'tools', o: 50 }, null, 1)).toString('base64url')
  expect(pageAtOffset('tools', all, 50, odd).items[0]).toBe(7) // still a valid cursor…
  expect(isPageCursor('tools', odd, 50)).toBe(false) // …but not one worth keeping
  expect(isPageCursor('tools', spaced, 50)).toBe(false)
  expect(isPageCursor('prompts', next, 50)).toBe(false)
  expect(isPageCursor('tools', 42, 50)).toBe(false)
})
