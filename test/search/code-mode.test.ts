// Code mode over the protocol with the real SDK client: a server with tool_discovery.mode "code" lists find_tools (its
// answer carries TypeScript declarations) and run_code, whose `tools.<name>(args)` calls go through the same call path
// as tools/call (schema validation, call log). The task — find an issue, comment on it, label it — runs in ONE run_code
// against a real local HTTP API exposed as HTTP-template tools.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createFunction, createServer, createTool, createToolkit, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { connectClient, post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

const MAX_CALLS = 5
let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_CODE_MAX_CALLS: String(MAX_CALLS) })
})
afterAll(async () => {
  await app.stop()
})

// An issue tracker: a search, comments and labels, every request recorded.
const api = startRecorder((req) => {
  if (req.method === 'GET' && req.path === '/issues')
    return Response.json({
      items: [
        { number: 7, title: 'Login page broken on Safari' },
        { number: 8, title: 'Typo in the docs' },
      ],
    })
  return Response.json({ ok: true }, { status: 201 })
})

const ISSUE_TOOLS = [
  {
    name: 'search_issues',
    description: 'Search the issues of the tracker by words in their title',
    input_schema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Words to look for' } },
      required: ['query'],
    },
    http: { url: `${api.origin}/issues` },
  },
  {
    name: 'comment_on_issue',
    description: 'Add a comment to an issue',
    input_schema: {
      type: 'object',
      properties: { issue_number: { type: 'integer' }, body: { type: 'string', description: 'The comment text' } },
      required: ['issue_number', 'body'],
      additionalProperties: false,
    },
    http: {
      url: `${api.origin}/issues/{{args.issue_number}}/comments`,
      method: 'POST',
      body: { body: '{{args.body}}' },
    },
  },
  {
    name: 'format_comment',
    description: 'Format a comment with a greeting (a JavaScript tool: runs in the sandbox too)',
    input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    code: 'export default async ({ text }) => ({ formatted: `Hello! ${text}` })',
  },
  {
    name: 'label_issue',
    description: 'Add a label to an issue',
    input_schema: {
      type: 'object',
      properties: {
        issue_number: { type: 'integer' },
        label: { type: 'string', enum: ['bug', 'docs', 'question'] },
      },
      required: ['issue_number', 'label'],
    },
    http: {
      url: `${api.origin}/issues/{{args.issue_number}}/labels`,
      method: 'POST',
      body: { label: '{{args.label}}' },
    },
  },
]

let slug = ''
let serverId = ''
beforeAll(async () => {
  const kit = await toolkitWithTools(app, 'tracker', ISSUE_TOOLS)
  // A tool that needs an "acme" credential the server has none for: its calls are refused before it runs.
  const locked = await createToolkit(app, 'locked')
  await createFunction(app, {
    name: 'locked.whoami',
    runtime: 'javascript',
    code: 'export default async (_, ctx) => ctx.credentials',
  })
  await createTool(app, {
    toolkit_id: locked.id,
    name: 'whoami',
    function_name: 'locked.whoami',
    credential_provider: 'acme',
  })
  const s = await createServer(app, {
    name: 'code mode',
    toolkits: [{ toolkit_id: kit }, { toolkit_id: locked.id }],
    tool_discovery: { mode: 'code' },
  })
  slug = s.slug
  serverId = s.id
})

type Text = { type: string; text: string }
const textOf = (r: object) => (r as { content: Text[] }).content.map((c) => c.text).join('\n')

async function runCode(code: string) {
  const { client } = await connectClient(app, slug)
  try {
    return (await client.callTool({ name: 'run_code', arguments: { code } })) as {
      content: Text[]
      isError?: boolean
    }
  } finally {
    await client.close()
  }
}

describe('code mode', () => {
  test('lists find_tools and run_code, and find_tools answers with TypeScript declarations', async () => {
    const { client } = await connectClient(app, slug)
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['find_tools', 'run_code'])
    const found = await client.callTool({ name: 'find_tools', arguments: { query: 'comment on an issue' } })
    expect(found.isError).toBe(false)
    const { tools, declarations } = found.structuredContent as { tools: { name: string }[]; declarations: string }
    expect(tools.map((t) => t.name)).toContain('comment_on_issue')
    expect(declarations).toContain('declare const tools: Tools')
    expect(declarations).toContain(
      'comment_on_issue(args: { issue_number: number; /** The comment text */ body: string }): Promise<unknown>',
    )
    // The text a model reads holds the same declarations.
    expect(textOf(found)).toContain(declarations)
    await client.close()
  })

  test('a multi-step task (find an issue, comment on it, label it) runs in one run_code over the real API', async () => {
    const before = api.requests.length
    const result = await runCode(`const found = await tools.search_issues({ query: 'login' })
const issue = found.items.find((i) => i.title.includes('Login'))
await tools.comment_on_issue({ issue_number: issue.number, body: 'Looking into it' })
await tools.label_issue({ issue_number: issue.number, label: 'bug' })
return { issue: issue.number }`)
    expect(result.isError).toBe(false)
    expect(JSON.parse(textOf(result))).toEqual({ issue: 7 })
    const seen = api.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.query}${r.body}`)
    expect(seen).toEqual([
      'GET /issues query=login',
      'POST /issues/7/comments {"body":"Looking into it"}',
      'POST /issues/7/labels {"label":"bug"}',
    ])
  })

  test('a JavaScript tool runs from inside run_code (a sandboxed call within a sandboxed run)', async () => {
    const result = await runCode(`const r = await tools.format_comment({ text: 'on it' }); return r.formatted`)
    expect(result.isError).toBe(false)
    expect(textOf(result)).toBe('Hello! on it')
  })

  test('the time and memory limits end a run with an error naming the limit', async () => {
    const slow = await runCode('while (true) {}')
    expect(slow.isError).toBe(true)
    expect(textOf(slow)).toContain('time limit of 10000 ms')
    const big = await runCode("const a = []; while (true) a.push('x'.repeat(1e6) + a.length)")
    expect(big.isError).toBe(true)
    expect(textOf(big)).toContain('memory limit of 64 MB')
  }, 30_000) // the run's own 10 s limit must pass first

  test('what the code returns is bounded as any tool result (TOOLYARD_MAX_RESULT_BYTES)', async () => {
    const result = await runCode(`return 'x'.repeat(5 * 1024 * 1024)`)
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('result too large')
  })

  test('each nested call is in the call log as its own tool, under the run_code call’s request id', async () => {
    await runCode(`await tools.label_issue({ issue_number: 8, label: 'docs' }); return 'ok'`)
    type Row = { name: string; request_id: string; outcome: string }
    let rows: Row[] = []
    await waitFor('the calls in the log', async () => {
      rows = (await json(await app.api(`/calls?server_id=${serverId}&limit=200`), 200)).calls as Row[]
      return rows.some((r) => r.name === 'run_code') && rows.some((r) => r.name === 'label_issue')
    })
    const run = rows.find((r) => r.name === 'run_code') as Row
    const nested = rows.find((r) => r.name === 'label_issue' && r.request_id === run.request_id)
    expect(nested?.outcome).toBe('ok')
  })

  test('code that throws is an isError result with its message and line', async () => {
    const result = await runCode(`const a = 1
throw new Error('no issue to work on')`)
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('no issue to work on')
    expect(textOf(result)).toContain('(line 2)')
  })

  test('a syntax error names its line', async () => {
    const result = await runCode(`const a = 1
const = 2`)
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain('(line 2)')
  })

  test('a nested call refused by the schema is an error the code can catch, and nothing is sent', async () => {
    const before = api.requests.length
    const result = await runCode(`try {
  await tools.label_issue({ issue_number: 7, label: 'not-a-label' })
  return 'sent'
} catch (e) {
  return 'refused: ' + e.message
}`)
    expect(result.isError).toBe(false)
    expect(textOf(result)).toStartWith('refused: ')
    expect(textOf(result)).toContain('label')
    expect(api.requests.length).toBe(before)
  })

  test('a nested call refused for its missing credential is an error the code can catch', async () => {
    const result = await runCode(`try { return await tools.whoami({}) } catch (e) { return 'refused: ' + e.message }`)
    expect(result.isError).toBe(false)
    expect(textOf(result)).toStartWith('refused: ')
    expect(textOf(result)).toContain('missing')
  })

  test('an unknown tool and the discovery tools themselves are refused inside the run', async () => {
    const result = await runCode(`const out = []
for (const name of ['no_such_tool', 'run_code', 'find_tools']) {
  try { await tools[name]({}) } catch (e) { out.push(e.message) }
}
return out`)
    const messages = JSON.parse(textOf(result)) as string[]
    expect(messages[0]).toContain('Unknown tool: no_such_tool')
    expect(messages[1]).toBe('run_code cannot call run_code')
    expect(messages[2]).toBe('run_code cannot call find_tools')
  })

  test('the nested-call limit ends the run with an error naming it, even when the code catches it', async () => {
    const result = await runCode(`let n = 0
for (let i = 0; i < ${MAX_CALLS + 3}; i++) {
  try { await tools.search_issues({ query: 'x' }); n++ } catch {}
}
return n`)
    expect(result.isError).toBe(true)
    expect(textOf(result)).toContain(`nested tool call limit of ${MAX_CALLS} calls`)
    expect(textOf(result)).toContain('TOOLYARD_CODE_MAX_CALLS')
  })

  test('run_code on a server not in code mode is refused; bad code argument is a tool error', async () => {
    const kit = await toolkitWithTools(app, 'tracker-two', ISSUE_TOOLS.slice(0, 1))
    const s = await createServer(app, {
      name: 'always',
      toolkits: [{ toolkit_id: kit }],
      tool_discovery: { mode: 'always' },
    })
    const { client } = await connectClient(app, s.slug)
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['find_tools', 'call_tool'])
    const refused = await client.callTool({ name: 'run_code', arguments: { code: 'return 1' } })
    expect(refused.isError).toBe(true)
    expect(textOf(refused)).toContain('code')
    await client.close()
    const empty = await runCode('   ')
    expect(empty.isError).toBe(true)
    expect(textOf(empty)).toContain('code must be a non-empty string')
  })
})

describe('code mode under a rate limit', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await startTestApp({ TOOLYARD_RATE_LIMITS: '{"protocol":4}' })
  })
  afterAll(async () => {
    await limited.stop()
  })

  test("each nested call counts against the caller's protocol rate limit; one over it is refused inside the run", async () => {
    const kit = await toolkitWithTools(limited, 'tracker', ISSUE_TOOLS.slice(0, 1))
    const s = await createServer(limited, {
      name: 'limited',
      toolkits: [{ toolkit_id: kit }],
      tool_discovery: { mode: 'code' },
    })
    const code = `const out = []
for (let i = 0; i < 6; i++) {
  try { await tools.search_issues({ query: 'x' }); out.push('ok') } catch (e) { out.push(e.message) }
}
return out`
    // One stateless tools/call message (counted at admission), then six nested calls (each counted as it is made).
    const res = await post(limited, s.slug, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'run_code', arguments: { code } },
    })
    const body = (await res.json()) as { result: { content: Text[]; isError: boolean } }
    expect(body.result.isError).toBe(false)
    const outcomes = JSON.parse(textOf(body.result)) as string[]
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3)
    const refused = outcomes.filter((o) => o !== 'ok')
    expect(refused).toHaveLength(3)
    for (const r of refused) expect(r).toContain('TOOLYARD_RATE_LIMITS')
  })
})
