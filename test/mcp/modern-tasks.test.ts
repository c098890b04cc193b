// The tasks extension on 2026-07-28 tool calls over raw HTTP: capability gating (-32021), task creation, polling
// with the inlined result, a run longer than the function's timeout_ms, questions parked until tasks/update,
// cancellation, ctx.fail as a failed task, and unknown ids.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { createFunction, createServer, createTool, createToolkit } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

const V = '2026-07-28'
const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } }
const rj = (r: Response): Promise<any> => r.json()

let app: TestApp
let slug: string

beforeAll(async () => {
  app = await startTestApp()
  const kit = (await createToolkit(app, 'tasks-kit')).id
  const tool = async (name: string, body: string, extra: Record<string, unknown>, timeout_ms = 10_000) => {
    await createFunction(app, {
      name: `tasks.${name}`,
      runtime: 'javascript',
      code: `export default async (input, ctx) => {\n${body}\n}`,
      timeout_ms,
    })
    await createTool(app, { toolkit_id: kit, name, description: name, function_name: `tasks.${name}`, ...extra })
  }
  await tool(
    'nap',
    `await ctx.sleep(input.ms || 0); return 'slept ' + (input.ms || 0)`,
    { task_support: 'optional' },
    1000,
  )
  await tool('must_task', `return 'done'`, { task_support: 'required' })
  await tool(
    'confirm',
    `const r = await ctx.elicit({ message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } })
return 'ok=' + r.content.ok`,
    { task_support: 'optional' },
  )
  await tool(
    'named_task',
    `const r = await ctx.elicit({ message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }, { key: 'who' })
return 'task for ' + r.content.name`,
    { task_support: 'required' },
  )
  await tool('boom', `ctx.fail(-32050, 'boom'); return 'never'`, { task_support: 'optional' })
  slug = (await createServer(app, { name: 'tasks-srv', toolkits: [{ toolkit_id: kit }] })).slug
})
afterAll(async () => {
  await app.stop()
})

function send(method: string, params: Record<string, unknown>, caps: Record<string, unknown> = TASKS) {
  const name = method === 'tools/call' ? params.name : params.taskId
  return post(
    app,
    slug,
    {
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': V,
          'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, ...caps },
        },
      },
    },
    {
      headers: {
        'mcp-protocol-version': V,
        'mcp-method': method,
        ...(name !== undefined ? { 'mcp-name': String(name) } : {}),
      },
    },
  )
}
const call = (name: string, args: Record<string, unknown> = {}, caps?: Record<string, unknown>) =>
  send('tools/call', { name, arguments: args }, caps).then(rj)
const get = (taskId: string) => send('tasks/get', { taskId }).then(rj)
const settled = async (taskId: string, status: string) => {
  let last: any
  await waitFor(`task ${status}`, async () => {
    last = (await get(taskId)).result
    return last.status === status
  })
  return last
}

test('discover advertises the extension; without it tasks/* and required tools are -32021 (HTTP 400)', async () => {
  const discover = await rj(await send('server/discover', {}))
  expect(discover.result.capabilities.extensions).toEqual({ 'io.modelcontextprotocol/tasks': {} })
  const res = await send('tasks/get', { taskId: 'x' }, {})
  expect(res.status).toBe(400)
  expect((await rj(res)).error.data).toEqual({
    requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } },
  })
  expect((await call('must_task', {}, {})).error.code).toBe(-32021)
  // An optional tool simply runs when the client does not offer tasks.
  expect((await call('nap', { ms: 0 }, {})).result).toMatchObject({
    resultType: 'complete',
    content: [{ text: 'slept 0' }],
  })
})

test('a task runs past its function timeout_ms, and tasks/get inlines the result', async () => {
  // Without a task the 1 s timeout_ms ends it.
  expect((await call('nap', { ms: 1500 }, {})).result.isError).toBe(true)
  const created = (await call('nap', { ms: 1500 })).result
  expect(created).toMatchObject({ resultType: 'task', status: 'working', ttlMs: 300000, pollIntervalMs: 250 })
  expect(created).not.toHaveProperty('result')
  const done = await settled(created.taskId, 'completed')
  expect(done).toMatchObject({ resultType: 'complete', result: { content: [{ type: 'text', text: 'slept 1500' }] } })
})

test('a question parks the task until tasks/update answers it', async () => {
  const { taskId } = (await call('confirm')).result
  const parked = await settled(taskId, 'input_required')
  const [key, request] = Object.entries(parked.inputRequests)[0] as [string, any]
  expect(request).toMatchObject({ method: 'elicitation/create', params: { message: 'Sure?' } })
  const ack = await send('tasks/update', {
    taskId,
    inputResponses: { [key]: { action: 'accept', content: { ok: true } } },
  })
  expect((await rj(ack)).result).toEqual({ resultType: 'complete' })
  expect((await settled(taskId, 'completed')).result.content[0].text).toBe('ok=true')
})

test('cancel stops a running task, idempotently; ctx.fail ends one failed; unknown ids are -32602', async () => {
  const { taskId } = (await call('nap', { ms: 60_000 })).result
  const cancel = async () => (await rj(await send('tasks/cancel', { taskId }))).result
  expect(await cancel()).toEqual({ resultType: 'complete' })
  expect(await cancel()).toEqual({ resultType: 'complete' })
  expect((await get(taskId)).result.status).toBe('cancelled')
  const failing = (await call('boom')).result
  const failed = await settled(failing.taskId, 'failed')
  expect(failed.error).toEqual({ code: -32050, message: 'boom' })
  expect(failed).not.toHaveProperty('result')
  expect((await get('nope')).error.code).toBe(-32602)
})

test('a tool that must be a task asks for its inputs first (MRTR), then becomes the task', async () => {
  const r1 = (await call('named_task')).result
  expect(r1).toMatchObject({ resultType: 'input_required', inputRequests: { who: { method: 'elicitation/create' } } })
  expect(r1).not.toHaveProperty('taskId')
  const r2 = (
    await rj(
      await send('tools/call', {
        name: 'named_task',
        arguments: {},
        requestState: r1.requestState,
        inputResponses: { who: { action: 'accept', content: { name: 'Alice' } } },
      }),
    )
  ).result
  expect(r2).toMatchObject({ resultType: 'task' })
  expect(r2).not.toHaveProperty('requestState')
  const done = await settled(r2.taskId, 'completed')
  expect(done.result.content[0].text).toBe('task for Alice')
})
