// GitHub's real OpenAPI description (@octokit/openapi, 1,200+ operations, 13 MB), material nobody here wrote: served
// from 127.0.0.1 and imported by spec_url at the default settings with `auth` (the document declares no security
// scheme), then operations of many tags called against a local echo server, each request checked as it arrived.
// The provider is not the catalog's `github` (whose base_url would send the calls to api.github.com itself).
// One import for the whole file: planning and compiling the description costs a few seconds of CPU.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { githubTasks, scoreBm25, scoreToolyard, toolkitTools } from '../../bench/search-sets'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'

const DESCRIPTION = `${import.meta.dir}/../../node_modules/@octokit/openapi/generated/api.github.com.json`
const TOKEN = 'ghp_test-token-0123456789'

const echo = startRecorder(() => Response.json({ ok: true }))
const documents = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch: () => new Response(Bun.file(DESCRIPTION), { headers: { 'content-type': 'application/json' } }),
})
afterAll(() => documents.stop(true))

let app: TestApp
let serverId: string
let serverSlug: string
let imported: { status: number; body: Record<string, any> }
let dryRun: { status: number; body: Record<string, any> }
let operations: number

beforeAll(async () => {
  app = await startTestApp()
  const description = (await Bun.file(DESCRIPTION).json()) as { paths: Record<string, Record<string, unknown>> }
  operations = Object.values(description.paths).reduce(
    (n, item) =>
      n + ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'].filter((m) => m in item).length,
    0,
  )
  const body = {
    name: 'github',
    spec_url: `http://127.0.0.1:${documents.port}/api.github.com.json`,
    base_url: echo.origin,
    max_tools: 5000,
  }
  dryRun = await call(app, '/toolkits/import/openapi', { body: { ...body, dry_run: true } })
  imported = await call(app, '/toolkits/import/openapi', {
    body: { ...body, auth: { type: 'bearer', credential_provider: 'github-rest' } },
  })
  if (imported.status !== 201) return
  const credential = await json(
    await app.api('/credentials', {
      body: { name: 'github-token', provider_id: 'github-rest', credential_data: { access_token: TOKEN } },
    }),
    201,
  )
  const server = await createServer(app, {
    name: 'github-server',
    toolkits: [{ toolkit_id: imported.body.toolkit.id, credentials: { 'github-rest': credential.id } }],
  })
  serverId = server.id
  serverSlug = server.slug
}, 120_000)
afterAll(() => app?.stop())

describe("GitHub's description", () => {
  test('the dry run says the document defines no security scheme', () => {
    expect(dryRun.status).toBe(200)
    expect(dryRun.body.security_source).toBe('none')
    expect(dryRun.body.warnings).toContain(
      'the document defines no security scheme: its tools send no credential (give auth to add one)',
    )
  })

  test('imported whole by spec_url at the default size limit: every operation becomes a tool', () => {
    expect(imported.status).toBe(201)
    expect(operations).toBeGreaterThan(1000)
    expect(imported.body.tools.length).toBe(operations)
    expect(imported.body.skipped).toEqual([])
  })

  // [tool, arguments, method, path, query, body]
  const calls: [string, Record<string, unknown>, string, string, string, unknown][] = [
    ['meta_root', {}, 'GET', '/', '', undefined],
    ['users_get-authenticated', {}, 'GET', '/user', '', undefined],
    ['repos_get', { owner: 'octo', repo: 'hello' }, 'GET', '/repos/octo/hello', '', undefined],
    [
      'issues_list-for-repo',
      { owner: 'octo', repo: 'hello', state: 'open', labels: 'bug,ui', per_page: 5 },
      'GET',
      '/repos/octo/hello/issues',
      'labels=bug%2Cui&state=open&per_page=5',
      undefined,
    ],
    [
      'issues_create',
      { owner: 'octo', repo: 'hello', body: { title: 'Broken', labels: ['bug'] } },
      'POST',
      '/repos/octo/hello/issues',
      '',
      { title: 'Broken', labels: ['bug'] },
    ],
    [
      'issues_update',
      { owner: 'octo', repo: 'hello', issue_number: 12, body: { state: 'closed' } },
      'PATCH',
      '/repos/octo/hello/issues/12',
      '',
      { state: 'closed' },
    ],
    [
      'pulls_create',
      { owner: 'octo', repo: 'hello', body: { title: 'Fix', head: 'fix', base: 'main' } },
      'POST',
      '/repos/octo/hello/pulls',
      '',
      { title: 'Fix', head: 'fix', base: 'main' },
    ],
    [
      'pulls_merge',
      { owner: 'octo', repo: 'hello', pull_number: 3, body: { merge_method: 'squash' } },
      'PUT',
      '/repos/octo/hello/pulls/3/merge',
      '',
      { merge_method: 'squash' },
    ],
    [
      'search_repos',
      { q: 'language:go stars:>10', sort: 'stars' },
      'GET',
      '/search/repositories',
      'q=language%3Ago%20stars%3A%3E10&sort=stars',
      undefined,
    ],
    [
      'repos_create-for-authenticated-user',
      { body: { name: 'new-repo', private: true } },
      'POST',
      '/user/repos',
      '',
      { name: 'new-repo', private: true },
    ],
    [
      'gists_create',
      { body: { files: { 'a.txt': { content: 'hi' } } } },
      'POST',
      '/gists',
      '',
      { files: { 'a.txt': { content: 'hi' } } },
    ],
    ['orgs_get', { org: 'acme' }, 'GET', '/orgs/acme', '', undefined],
    ['teams_list', { org: 'acme', page: 2 }, 'GET', '/orgs/acme/teams', 'page=2', undefined],
    ['repos_list-for-org', { org: 'acme', type: 'public' }, 'GET', '/orgs/acme/repos', 'type=public', undefined],
    [
      'actions_list-workflow-runs-for-repo',
      { owner: 'octo', repo: 'hello', branch: 'main', status: 'success' },
      'GET',
      '/repos/octo/hello/actions/runs',
      'branch=main&status=success',
      undefined,
    ],
    [
      'git_create-ref',
      { owner: 'octo', repo: 'hello', body: { ref: 'refs/heads/x', sha: 'abc' } },
      'POST',
      '/repos/octo/hello/git/refs',
      '',
      { ref: 'refs/heads/x', sha: 'abc' },
    ],
    [
      'reactions_create-for-issue',
      { owner: 'octo', repo: 'hello', issue_number: 4, body: { content: 'heart' } },
      'POST',
      '/repos/octo/hello/issues/4/reactions',
      '',
      { content: 'heart' },
    ],
    [
      'repos_get-content',
      { owner: 'octo', repo: 'hello', path: 'docs/read me.md', ref: 'main' },
      'GET',
      '/repos/octo/hello/contents/docs%2Fread%20me.md',
      'ref=main',
      undefined,
    ],
    [
      'activity_list-notifications-for-authenticated-user',
      { all: true },
      'GET',
      '/notifications',
      'all=true',
      undefined,
    ],
    [
      'checks_create',
      { owner: 'octo', repo: 'hello', body: { name: 'ci', head_sha: 'abc' } },
      'POST',
      '/repos/octo/hello/check-runs',
      '',
      { name: 'ci', head_sha: 'abc' },
    ],
    ['markdown_render', { body: { text: '# Hi' } }, 'POST', '/markdown', '', { text: '# Hi' }],
    ['apps_get-authenticated', {}, 'GET', '/app', '', undefined],
    ['repos_delete', { owner: 'octo', repo: 'old' }, 'DELETE', '/repos/octo/old', '', undefined],
  ]

  test.each(calls)(
    '%s sends the request GitHub expects, with the token',
    async (name, args, method, path, query, body) => {
      const res = await call(app, '/tools/call', { body: { name, arguments: args, server_id: serverId } })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ isError: false })
      const r = echo.last()
      expect(r.method).toBe(method)
      expect(r.path).toBe(path)
      const sorted = (q: string) => [...new URLSearchParams(q)].sort(([a], [b]) => (a < b ? -1 : 1))
      expect(sorted(r.query)).toEqual(sorted(query))
      expect(r.headers.authorization).toBe(`Bearer ${TOKEN}`)
      expect(r.headers.accept).toBe('application/json')
      if (body === undefined) expect(r.body).toBe('')
      else {
        expect(r.headers['content-type']).toBe('application/json')
        expect(JSON.parse(r.body)).toEqual(body)
      }
    },
  )

  test("the calls span many of the description's tags", () => {
    const tags = new Set(calls.map(([name]) => name.split('_')[0]))
    expect(tags.size).toBeGreaterThanOrEqual(15)
  })
})

describe('finding tools in the whole description', () => {
  test('120 everyday tasks: hit@5 ≥ 0.8, and ≥ 10 points over plain BM25 on name and description', async () => {
    const { deps } = app.server
    const tasks = githubTasks()
    const server = { id: serverId, slug: serverSlug } as Parameters<typeof scoreToolyard>[1]
    const toolyard = await scoreToolyard(deps, server, app.projectId, tasks)
    const tools = await toolkitTools(deps, app.projectId, imported.body.toolkit.id)
    const bm25 = scoreBm25(tools, tasks)
    console.log(
      `GitHub (${tools.length} tools, ${tasks.length} tasks): Toolyard hit@1 ${toolyard.hit1} hit@5 ${toolyard.hit5}; plain BM25 hit@1 ${bm25.hit1} hit@5 ${bm25.hit5}`,
    )
    for (const m of toolyard.misses)
      console.log(`  miss: "${m.query}" expected ${m.expected.join(' or ')}; top 5: ${m.top5.join(', ')}`)
    expect(tools.length).toBeGreaterThan(1000)
    expect(toolyard.hit5).toBeGreaterThanOrEqual(0.8)
    expect(toolyard.hit5).toBeGreaterThanOrEqual(bm25.hit5 + 0.1)
  }, 60_000)
})
