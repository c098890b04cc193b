// A generated bad-input sweep: every operation in /mcp/openapi.json gets missing, wrong-typed, huge, deep and unknown
// fields, bad ids, bad query values, bad JSON and wrong content types; the protocol endpoint gets malformed JSON-RPC.
// Nothing may answer 5xx or show a stack trace; every REST error is the envelope {error, code, details?, request_id}.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createFunction, createServer, createToolkit, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession } from '../helpers/mcp'
import { mib, recordFigures } from './figures'

const BODY_LIMIT = 256 * 1024
let app: TestApp
let ids: Record<string, string> = {}

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_MAX_BODY_BYTES: String(BODY_LIMIT) })
  const kit = await toolkitWithTools(app, 'sweep', [{ name: 'echo', code: 'export default async (i) => i' }])
  const server = await createServer(app, { name: 'sweep', toolkits: [{ toolkit_id: kit }] })
  const fn = await createFunction(app, { name: 'sweep.extra', runtime: 'javascript', code: 'export default () => 1' })
  const tools = await json(await app.api(`/tools?toolkit_id=${kit}`), 200)
  const resource = await json(
    await app.api('/resources', {
      body: { server_id: server.id, name: 'r', uri: 'mcp://sweep', resource_type: 'static', content: 'x' },
    }),
    201,
  )
  const prompt = await json(
    await app.api('/prompts', { body: { server_id: server.id, name: 'p', template: 'hi {{name}}' } }),
    201,
  )
  const other = await createToolkit(app, 'sweep-empty')
  ids = {
    server: server.id,
    toolkit: other.id,
    tool: tools.tools?.[0]?.id ?? tools.data?.[0]?.id ?? 'none',
    function: fn.id,
    resource: resource.id ?? resource.data?.id,
    prompt: prompt.id ?? prompt.data?.id,
  }
})
afterAll(async () => {
  await app.stop()
})

interface Problem {
  what: string
  status: number
  text: string
}
const problems: Problem[] = []
let tried = 0
let fiveXx = 0

const STACK = /\n\s+at |\.ts:\d+|node_modules|RangeError|TypeError|SyntaxError/

/** Sends one request and checks the answer: no 5xx, no stack, REST errors in the envelope with the request id. */
async function probe(what: string, url: string, init: RequestInit, kind: 'rest' | 'rpc' | 'page'): Promise<void> {
  tried++
  const requestId = `sweep-${tried}`
  const headers = new Headers(init.headers)
  headers.set('x-request-id', requestId)
  let res: Response
  try {
    res = await fetch(url, { ...init, headers })
  } catch (error) {
    problems.push({ what, status: 0, text: String(error) })
    return
  }
  const text = await res.text()
  const fail = (why: string) => {
    problems.push({ what: `${what}: ${why}`, status: res.status, text: text.slice(0, 300) })
  }
  if (res.status >= 500) {
    fiveXx++
    return fail('5xx')
  }
  if (STACK.test(text)) return fail('stack trace or internal name in the body')
  // Pages, metrics and OAuth endpoints answer in their own formats: no 5xx and no stack is what they promise here.
  if (kind === 'page') return
  if (res.status < 400 && kind === 'rest') return
  if (!text) return res.status === 202 || res.status === 204 || res.status === 405 ? undefined : fail('empty body')
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text)
  } catch {
    return fail('body is not JSON')
  }
  // The protocol answers JSON-RPC (or, on /mcp/initialize without an envelope, bare results); its 429 and the
  // standalone initialize's 401 are the REST envelope.
  if (kind === 'rpc' && typeof body.error !== 'string') {
    if (body.jsonrpc !== '2.0' && !Array.isArray(body) && res.status !== 200) fail('not a JSON-RPC body')
    // Everything sent here is the client's own doing: an internal error would blame the server for it.
    const answers = Array.isArray(body) ? body : [body]
    if (answers.some((a) => (a as { error?: { code?: number } })?.error?.code === -32603))
      fail('-32603 for client input')
    return
  }
  if (typeof body.error !== 'string' || typeof body.code !== 'string') return fail('not the error envelope')
  if (body.request_id !== requestId || res.headers.get('x-request-id') !== requestId) fail('request_id mismatch')
}

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; anyOf?: Schema[] }

/** A value of the wrong type for `schema`. */
function wrongTyped(schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : (schema.type ?? schema.anyOf?.[0]?.type)
  switch (type) {
    case 'string':
      return 12345
    case 'integer':
    case 'number':
      return 'not a number'
    case 'boolean':
      return 'yes'
    case 'array':
      return { not: 'an array' }
    case 'object':
      return ['not', 'an', 'object']
    default:
      return Symbol.for('skip')
  }
}

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`
const BAD_IDS = ['nope', 'a'.repeat(3000), '%00', '..%2F..%2Fetc', "'%20OR%201=1--", '%F0%9D%93%A4', '-1', '0']
const idFor: Record<string, string> = {}

/** The distinct kinds of problem seen (first two words of each, from the first 200), for a readable failure. */
const problemKinds = () =>
  problems
    .slice(0, 200)
    .map((p) => p.what.split(' ').slice(0, 2).join(' '))
    .filter((v, i, a) => a.indexOf(v) === i)

test('every REST operation in /mcp/openapi.json survives bad input', async () => {
  Bun.gc(true)
  const rssBefore = process.memoryUsage().rss
  const doc = (await (await fetch(`${app.base}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>
  }
  Object.assign(idFor, {
    '/mcp/servers/{id}': ids.server,
    '/mcp/toolkits/{id}': ids.toolkit,
    '/mcp/tools/{id}': ids.tool,
    '/mcp/functions/{id}': ids.function,
    '/mcp/resources/{id}': ids.resource,
    '/mcp/prompts/{id}': ids.prompt,
  })
  const key = { 'x-api-key': app.apiKey }
  const jsonHeaders = { ...key, 'content-type': 'application/json' }
  let operations = 0
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (path === '/mcp/{slug}' || path === '/mcp/initialize') continue // the protocol endpoint: below
    for (const [method, op] of Object.entries(ops)) {
      operations++
      const m = method.toUpperCase()
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!)
      const real = path.replace(/\{(\w+)\}/g, (_, p) =>
        p === 'tool_id' ? ids.tool! : p === 'subscription_id' ? 'nope' : (idFor[path] ?? ids.server!),
      )
      const url = (p: string, query = '') => `http://127.0.0.1:${app.server.port}${p}${query}`
      // Pages (the dashboard, docs, connect links), metrics and the OAuth authorization server (RFC 6749 error bodies,
      // redirects) are not the REST API.
      const kind = /^\/mcp\/(ui|docs|metrics|connect|oauth\/(register|authorize|token|redirect|revoke|idp))(\/|$)/.test(
        path,
      )
        ? 'page'
        : 'rest'
      const send = (what: string, p: string, init: RequestInit, query = '') =>
        probe(`${m} ${path} ${what}`, url(p, query), { method: m, ...init }, kind)
      // Bad ids in every path parameter.
      for (const bad of BAD_IDS)
        for (const p of params)
          await send(`bad ${p}=${bad.slice(0, 12)}`, path.replace(`{${p}}`, bad).replace(/\{\w+\}/g, 'x'), {
            headers: key,
          })
      // Bad query values.
      for (const q of [
        '?limit=-1',
        '?limit=abc',
        '?limit=1e400',
        '?cursor=%%%',
        '?cursor=bm9wZQ',
        '?limit=10&limit=20',
      ])
        await send(`query ${q}`, real, { headers: key }, q)
      if (m === 'GET' || m === 'DELETE') {
        await send('no key', real, {})
        continue
      }
      const schema = op.requestBody?.content?.['application/json']?.schema ?? {}
      const bodies: [string, string][] = [
        ['no key', '{}'],
        ['empty object', '{}'],
        ['empty body', ''],
        ['bad JSON', '{"name": '],
        ['array', '[]'],
        ['null', 'null'],
        ['string', '"text"'],
        ['number', '42'],
        ['unknown field', '{"zzz_unknown": true}'],
        ['deep 100', deep(100)],
        ['deep 100000', `{"name":${'['.repeat(100_000)}${']'.repeat(100_000)}}`],
        ['huge body', JSON.stringify({ name: 'x'.repeat(BODY_LIMIT + 1) })],
      ]
      for (const [prop, propSchema] of Object.entries(schema.properties ?? {})) {
        const wrong = wrongTyped(propSchema)
        if (wrong !== Symbol.for('skip')) bodies.push([`wrong type ${prop}`, JSON.stringify({ [prop]: wrong })])
        bodies.push([`huge ${prop}`, JSON.stringify({ [prop]: 'h'.repeat(BODY_LIMIT / 2) })])
        // PostgreSQL's text cannot hold NUL: never a 500 (docs/reliability.md).
        bodies.push([`NUL in ${prop}`, JSON.stringify({ [prop]: 'n\u0000ul' })])
        bodies.push([`null ${prop}`, JSON.stringify({ [prop]: null })])
      }
      for (const [what, body] of bodies) await send(what, real, { headers: what === 'no key' ? {} : jsonHeaders, body })
      // Wrong content types.
      await send('text/plain', real, { headers: { ...key, 'content-type': 'text/plain' }, body: 'just text' })
      await send('form', real, {
        headers: { ...key, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=b&name=',
      })
      await send('octet', real, {
        headers: { ...key, 'content-type': 'application/octet-stream' },
        body: '\u0000\u0001',
      })
      await send('bad charset', real, {
        headers: { ...key, 'content-type': 'application/json; charset=nope' },
        body: '{}',
      })
    }
  }
  Bun.gc(true)
  const rssAfter = process.memoryUsage().rss
  recordFigures({
    'REST operations swept': operations,
    'REST bad-input requests tried': tried,
    'REST 5xx seen': fiveXx,
    'RSS before / after the REST sweep': `${mib(rssBefore)} / ${mib(rssAfter)}`,
  })
  expect(operations).toBeGreaterThan(50)
  expect(problemKinds()).toEqual([])
}, 60_000)

test('the protocol endpoint survives malformed JSON-RPC', async () => {
  const before = tried
  const beforeFive = fiveXx
  // A server of its own: the REST sweep above may have changed the first one.
  const kit = await toolkitWithTools(app, 'rpc', [{ name: 'echo', code: 'export default async (i) => i' }])
  const rpcSlug = (await createServer(app, { name: 'rpc sweep', toolkits: [{ toolkit_id: kit }] })).slug
  const { headers: session } = await openSession(app, rpcSlug)
  const old = await openSession(app, rpcSlug, '2025-03-26')
  const rpc = (what: string, body: string, headers: Record<string, string> = {}, method = 'POST', target = rpcSlug) =>
    probe(
      `rpc ${what}`,
      `${app.base}/${target}`,
      {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-api-key': app.apiKey,
          ...headers,
        },
        body: method === 'POST' ? body : undefined,
      },
      'rpc',
    )
  const msg = (method: string, params?: unknown, id: unknown = 1) =>
    JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) })
  const raw: [string, string][] = [
    ['bad JSON', '{"jsonrpc":'],
    ['empty', ''],
    ['null', 'null'],
    ['number', '7'],
    ['no jsonrpc', '{"id":1,"method":"ping"}'],
    ['id object', msg('ping', undefined, { a: 1 })],
    ['id array', msg('ping', undefined, [1])],
    ['method number', '{"jsonrpc":"2.0","id":1,"method":5}'],
    ['unknown method', msg('nope/nothing')],
    ['deep', `{"jsonrpc":"2.0","id":1,"method":"ping","params":${deep(5000)}}`],
    [
      'deep 100000',
      `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
    ],
    ['huge', msg('ping', { pad: 'x'.repeat(BODY_LIMIT) })],
    ['params array', msg('tools/list', [1, 2])],
    ['params string', msg('tools/call', 'x')],
    ['tools/call name number', msg('tools/call', { name: 5 })],
    ['tools/call args string', msg('tools/call', { name: 'echo', arguments: 'x' })],
    ['tools/call unknown', msg('tools/call', { name: 'nope' })],
    ['tools/call huge name', msg('tools/call', { name: 'n'.repeat(100_000) })],
    ['resources/read uri object', msg('resources/read', { uri: {} })],
    ['resources/read bad uri', msg('resources/read', { uri: '../../etc/passwd' })],
    ['resources/subscribe no uri', msg('resources/subscribe', {})],
    ['resources/subscribe NUL uri', msg('resources/subscribe', { uri: 'x://a\u0000b' })],
    ['resources/read NUL uri', msg('resources/read', { uri: 'x://a\u0000b' })],
    ['tools/call NUL name', msg('tools/call', { name: 'ec\u0000ho', arguments: { a: '\u0000' } })],
    ['prompts/get NUL name', msg('prompts/get', { name: 'p\u0000' })],
    ['prompts/get args array', msg('prompts/get', { name: 'p', arguments: [] })],
    ['prompts/get unknown', msg('prompts/get', { name: 'nope' })],
    ['completion bad ref', msg('completion/complete', { ref: 5, argument: {} })],
    ['logging bad level', msg('logging/setLevel', { level: 'loudest' })],
    ['cursor garbage', msg('tools/list', { cursor: '%%%' })],
    ['initialize bad params', msg('initialize', { protocolVersion: 5, capabilities: 'x' })],
    ['response without request', '{"jsonrpc":"2.0","id":99,"result":{}}'],
    ['cancel unknown', '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":{}}}'],
  ]
  for (const [what, body] of raw) {
    await rpc(what, body)
    await rpc(`${what} (session)`, body, session)
  }
  const junkBatch = JSON.stringify([1, null, 'x', { jsonrpc: '2.0' }, { jsonrpc: '2.0', id: 1, method: 'ping' }])
  await rpc('junk batch', junkBatch, old.headers)
  await rpc(
    '51 batch',
    JSON.stringify(Array.from({ length: 51 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }))),
    old.headers,
  )
  await rpc('batch in 2025-11-25', junkBatch, session)
  await rpc('empty batch', '[]', old.headers)
  await rpc('no key', msg('ping'), { 'x-api-key': '' })
  await rpc('wrong key', msg('ping'), { 'x-api-key': 'tyk_nope' })
  await rpc('unknown slug', msg('ping'), {}, 'POST', 'no-such-server')
  await rpc('bad version header', msg('ping'), { 'mcp-protocol-version': '1999-01-01' })
  await rpc('unknown session', msg('ping'), { 'mcp-session-id': 'nope' })
  await rpc('huge session id', msg('ping'), { 'mcp-session-id': 's'.repeat(8000) })
  await rpc('bad origin', msg('ping'), { origin: 'http://evil.example' })
  await rpc('GET without session', '', {}, 'GET')
  await rpc('GET wrong accept', '', { ...session, accept: 'text/html' }, 'GET')
  await rpc('DELETE without session', '', {}, 'DELETE')
  await rpc('DELETE unknown session', '', { 'mcp-session-id': 'nope' }, 'DELETE')
  await probe('initialize without key', `${app.base}/initialize`, { method: 'POST', body: '{}' }, 'rpc')
  for (const body of ['{"a":', deep(5000), JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT) }), '[]', '{"jsonrpc":"2.0"}'])
    await probe(
      'initialize',
      `${app.base}/initialize`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': app.apiKey }, body },
      'rpc',
    )
  recordFigures({
    'protocol bad-input requests tried': tried - before,
    'protocol 5xx seen': fiveXx - beforeFive,
  })
  expect(problemKinds()).toEqual([])
}, 30_000)
