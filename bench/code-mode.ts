// Code mode against listed tools, in bytes a model reads (docs/decisions/0370-code-mode.md): one multi-step task — find
// an issue, comment on it, label it — on a server carrying an issue tracker's three HTTP tools beside the 863-tool
// evaluation catalog (test/search/fixtures). Listed: tools/list of every tool, then the three calls' results. Code mode:
// tools/list (find_tools + run_code), one find_tools answer per step (with the TypeScript declarations), then one
// run_code result. The tracker is a real local HTTP API (Bun.serve on 127.0.0.1:0) answering a search with 30 issues.
// In process with real parts (buildDeps on a temp data dir). Run alone: `bun bench/code-mode.ts` prints one JSON line;
// `--write` also puts its section into docs/benchmarks.md.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { loadConfig } from '../src/config'
import { buildDeps } from '../src/deps'
import type { OnServer } from '../src/lib/request-context'
import { detachedHost } from '../src/runtime/host'
import { replaceMarkedSection } from './marked-section'
import { evalTools } from './tool-search'

const ROOT = resolve(import.meta.dir, '..')
const START = '<!-- code-mode:start -->'
const END = '<!-- code-mode:end -->'

const ISSUES = Array.from({ length: 30 }, (_, i) => ({
  number: i + 1,
  title: i === 6 ? 'Login page broken on Safari' : `Issue number ${i + 1} about something else`,
  state: 'open',
  body: `Steps to reproduce, expected and actual behaviour of issue ${i + 1}. `.repeat(4),
  labels: [],
  user: { login: `user${i}` },
}))

const api = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: (req) =>
    new URL(req.url).pathname === '/issues'
      ? Response.json({ items: ISSUES })
      : Response.json({ ok: true }, { status: 201 }),
})
const origin = `http://127.0.0.1:${api.port}`

const TRACKER = [
  {
    name: 'tracker_search_issues',
    description: 'Search the issues of the issue tracker by words in their title',
    input_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    http: { url: `${origin}/issues` },
  },
  {
    name: 'tracker_comment_on_issue',
    description: 'Add a comment to an issue of the issue tracker',
    input_schema: {
      type: 'object',
      properties: { issue_number: { type: 'integer' }, body: { type: 'string' } },
      required: ['issue_number', 'body'],
    },
    http: {
      url: `${origin}/issues/{{args.issue_number}}/comments`,
      method: 'POST' as const,
      body: { body: '{{args.body}}' },
    },
  },
  {
    name: 'tracker_label_issue',
    description: 'Add a label to an issue of the issue tracker',
    input_schema: {
      type: 'object',
      properties: { issue_number: { type: 'integer' }, label: { type: 'string' } },
      required: ['issue_number', 'label'],
    },
    http: {
      url: `${origin}/issues/{{args.issue_number}}/labels`,
      method: 'POST' as const,
      body: { label: '{{args.label}}' },
    },
  },
]

const CODE = `const { items } = await tools.tracker_search_issues({ query: 'login' })
const issue = items.find((i) => i.title.includes('Login'))
await tools.tracker_comment_on_issue({ issue_number: issue.number, body: 'Looking into it' })
await tools.tracker_label_issue({ issue_number: issue.number, label: 'bug' })
return { issue: issue.number }`

const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v))

async function measure() {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-bench-code-'))
  const deps = buildDeps(
    loadConfig({
      TOOLYARD_DATA_DIR: dataDir,
      TOOLYARD_LOG_LEVEL: 'silent',
      TOOLYARD_RATE_LIMITS: 'off',
      TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
    }),
    { background: false },
  )
  try {
    const project = await deps.projects.projectOrCreate('code-mode')
    const kits = new Map<string, string>()
    const catalog = evalTools()
    for (const t of catalog) {
      let kit = kits.get(t.toolkit)
      if (!kit) {
        kit = (await deps.toolkits.create(project.id, { name: t.toolkit, display_name: t.toolkit_display })).id
        kits.set(t.toolkit, kit)
      }
      await deps.tools.create(project.id, {
        toolkit_id: kit,
        name: t.name,
        description: t.description,
        function_name: 'builtin.utilities.echo',
        input_schema: t.input_schema,
      })
    }
    const tracker = (await deps.toolkits.create(project.id, { name: 'tracker', display_name: 'Issue tracker' })).id
    for (const t of TRACKER) {
      await deps.functions.create(project.id, { name: `tracker.${t.name}`, runtime: 'http', http: t.http })
      await deps.tools.create(project.id, {
        toolkit_id: tracker,
        name: t.name,
        description: t.description,
        function_name: `tracker.${t.name}`,
        input_schema: t.input_schema,
      })
    }
    const server = await deps.servers.create(project.id, {
      name: 'code mode bench',
      toolkits: [...kits.values(), tracker].map((toolkit_id) => ({ toolkit_id })),
    })
    const ref = { id: server.id, slug: server.slug, project_id: project.id }
    const ctx: OnServer = {
      requestId: 'bench',
      principal: 'bench',
      projectId: project.id,
      server: ref,
      version: '2025-11-25',
      host: detachedHost(new AbortController().signal),
    }
    const backend = deps.mcpBackend
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = await backend.callTool(ctx, name, args)
      if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`)
      return result
    }

    // Listed: every tool's definition, then each step's call and its whole result.
    const listedList = bytes({ tools: await backend.listTools(ref) })
    const steps: [string, Record<string, unknown>][] = [
      ['tracker_search_issues', { query: 'login' }],
      ['tracker_comment_on_issue', { issue_number: 7, body: 'Looking into it' }],
      ['tracker_label_issue', { issue_number: 7, label: 'bug' }],
    ]
    let listedResults = 0
    let listedWritten = 0
    for (const [name, args] of steps) {
      listedResults += bytes(await call(name, args))
      listedWritten += bytes({ name, arguments: args })
    }

    // Code mode: the short listing, one search per step (declarations included), one run.
    await deps.servers.update(project.id, server.id, { tool_discovery: { mode: 'code' } })
    const codeList = bytes({ tools: await backend.listTools(ref) })
    let findBytes = 0
    let codeWritten = 0
    for (const query of ['search issues in the issue tracker', 'comment on an issue', 'label an issue']) {
      const found = await call('find_tools', { query, limit: 3 })
      const names = ((found.structuredContent?.tools ?? []) as { name: string }[]).map((t) => t.name)
      if (!names.some((n) => n.startsWith('tracker_'))) throw new Error(`find_tools missed the tracker for "${query}"`)
      findBytes += bytes(found)
      codeWritten += bytes({ name: 'find_tools', arguments: { query, limit: 3 } })
    }
    const run = await call('run_code', { code: CODE })
    const runBytes = bytes(run)
    codeWritten += bytes({ name: 'run_code', arguments: { code: CODE } })
    return {
      tools: catalog.length + TRACKER.length,
      listed: { list: listedList, results: listedResults, read: listedList + listedResults, written: listedWritten },
      code: {
        list: codeList,
        find: findBytes,
        run: runBytes,
        read: codeList + findBytes + runBytes,
        written: codeWritten,
      },
    }
  } finally {
    await deps.shutdown()
    deps.close()
    rmSync(dataDir, { recursive: true, force: true })
    api.stop(true)
  }
}

type Figures = Awaited<ReturnType<typeof measure>>
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

function section(f: Figures): string {
  return `${START}
## Code mode (\`bench/code-mode.ts\`, in process)

One task — find an issue, comment on it, label it — on a server carrying ${f.tools} tools (the evaluation catalog plus
an issue tracker's three HTTP tools, answering a search with 30 issues). Bytes are the JSON of what the server answers
(the model reads it) and of the calls' names and arguments (the model writes them).

| | Listed tools (\`tools/list\` + 3 calls) | Code mode (\`find_tools\` × 3 + one \`run_code\`) |
|---|---:|---:|
| \`tools/list\` | ${kb(f.listed.list)} | ${kb(f.code.list)} |
| \`find_tools\` answers (with TypeScript declarations) | | ${kb(f.code.find)} |
| tool results | ${kb(f.listed.results)} | ${kb(f.code.run)} |
| **read by the model** | **${kb(f.listed.read)}** | **${kb(f.code.read)}** (${(f.listed.read / f.code.read).toFixed(0)} × less) |
| written by the model (calls and code) | ${kb(f.listed.written)} | ${kb(f.code.written)} |
${END}
`
}

const figures = await measure()
console.log(JSON.stringify(figures))
if (process.argv.includes('--write')) replaceMarkedSection(ROOT, START, END, section(figures))
