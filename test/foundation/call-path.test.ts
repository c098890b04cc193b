// The builtin call path of docs/architecture.md ("Call paths, file by file") against a real call: a protocol
// tools/call of the pre-built `http_request` over HTTP, on the hit path. The files are read off JavaScriptCore's stacks
// (async frames included) at two points the call really reaches: where the request body is parsed (JSON.parse) and
// where the builtin first reads the request's cancellation (the AbortController made on that read). Both are the
// runtime's own globals, wrapped for this one request; nothing of ours is replaced. The table's rows marked seen must
// be exactly those files, in that order.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { prebuiltToolkitId, serverWithToolkits } from '../helpers/api'
import { ROOT, startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'

const MARKER = 'call-path-innermost'
let app: TestApp
let target: ReturnType<typeof Bun.serve>
let slug: string
beforeAll(async () => {
  app = await startTestApp()
  // The builtin's outbound call lands here, on 127.0.0.1 (the test app allows private egress).
  target = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('ok') })
  slug = (await serverWithToolkits(app, 'call-path', [await prebuiltToolkitId(app, 'utilities')])).slug
})
afterAll(async () => {
  target.stop(true)
  await app.stop()
})

const callBody = () => ({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'http_request', arguments: { url: `http://127.0.0.1:${target.port}/${MARKER}` } },
})
const call = async () => {
  const res = await post(app, slug, callBody(), { headers: { 'mcp-protocol-version': '2025-06-18' } })
  const body = (await res.json()) as { result?: { isError?: boolean } }
  expect(body.result?.isError).toBe(false)
}

/** The repository's source files on a stack, outermost first, each once (a file re-entered deeper is the same file). */
function filesOf(stack: string): string[] {
  const files: string[] = []
  for (const line of stack.split('\n').reverse()) {
    const m = /\((\/[^():]+\.ts):\d+:\d+\)/.exec(line)
    if (!m || !m[1]!.startsWith(join(ROOT, 'src/'))) continue
    const file = m[1]!.slice(ROOT.length + 1)
    if (!files.includes(file)) files.push(file)
  }
  return files
}

/** Runs one call with the two points watched; returns the stack at each. */
async function captured(): Promise<{ parsed: string; signal: string }> {
  const stacks = { parsed: '', signal: '' }
  const realParse = JSON.parse
  const RealAbortController = globalThis.AbortController
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 200
  JSON.parse = ((text: string, reviver?: (this: unknown, key: string, value: unknown) => unknown) => {
    if (!stacks.parsed && typeof text === 'string' && text.includes(MARKER)) stacks.parsed = new Error().stack ?? ''
    return realParse(text, reviver)
  }) as typeof JSON.parse
  globalThis.AbortController = class extends RealAbortController {
    constructor() {
      super()
      const stack = new Error().stack ?? ''
      if (!stacks.signal && stack.includes('/src/runtime/builtins.ts')) stacks.signal = stack
    }
  }
  try {
    await call()
  } finally {
    JSON.parse = realParse
    globalThis.AbortController = RealAbortController
    Error.stackTraceLimit = limit
  }
  return stacks
}

/** The rows of one table of the call paths section: [file, seen]. */
function table(heading: string): { file: string; seen: boolean }[] {
  const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8')
  const from = doc.indexOf(heading)
  expect(from).toBeGreaterThan(-1)
  const rows: { file: string; seen: boolean }[] = []
  let inTable = false
  for (const line of doc.slice(from).split('\n').slice(1)) {
    if (!line.startsWith('|')) {
      if (inTable) break
      continue
    }
    inTable = true
    const cells = line.split('|').map((c) => c.trim())
    const file = /^`(src\/[^`]+)`$/.exec(cells[2] ?? '')?.[1]
    if (file) rows.push({ file, seen: cells[4] === '✓' })
  }
  return rows
}

test('a builtin tools/call passes the files of the builtin table, in its order', async () => {
  // The hit path: the first call loads the server's tool set and the function; the second is the one observed.
  await call()
  const { parsed, signal } = await captured()
  expect(parsed).not.toBe('')
  expect(signal).not.toBe('')
  const seen = [...filesOf(parsed), ...filesOf(signal)]
  const documented = table('**Builtin**')
    .filter((r) => r.seen)
    .map((r) => r.file)
  expect(seen).toEqual(documented)
})

test('every file the call path tables name exists', () => {
  for (const heading of ['**Builtin**', '**JavaScript**', '**Remote**', '**OpenAPI**', '**REST**']) {
    const rows = table(heading)
    expect(rows.length).toBeGreaterThan(0)
    for (const { file } of rows)
      expect({ heading, file, exists: existsSync(join(ROOT, file)) }).toEqual({ heading, file, exists: true })
  }
})
