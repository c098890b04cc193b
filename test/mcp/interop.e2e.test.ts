// Real third-party clients against a key-protected server: mcp-remote (stdio ↔ Streamable HTTP proxy) and the
// MCP Inspector CLI, each completing a session (initialize, list, call).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { ROOT, startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { NODE, startMcpRemote } from '../helpers/mcp-remote'

const INSPECTOR_BUILD = join(ROOT, 'node_modules/@modelcontextprotocol/inspector-cli/build')

let app: TestApp
let url: string
// mcp-remote keeps OAuth state under its config dir; keep it out of the real home directory.
const home = tempDirs('toolyard-interop-')()

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'interop-kit', [
    {
      name: 'greet',
      description: 'Greets someone by name',
      input_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      code: 'export default async (input) => `Hello, ${input.name}!`',
    },
  ])
  url = (await serverWithToolkits(app, 'interop server', [kit])).url
})
afterAll(async () => {
  await app.stop()
})

test('mcp-remote with --header X-API-Key completes a session over stdio', async () => {
  const { send, response, stop } = startMcpRemote(
    [url, '--header', `X-API-Key:${app.apiKey}`],
    { ...process.env, HOME: home, MCP_REMOTE_CONFIG_DIR: join(home, '.mcp-auth') },
    30_000,
  )
  try {
    send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'stdio-host', version: '1.0.0' } },
    })
    const init = await response(0)
    expect(init.result.serverInfo.name).toBe('interop server')
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    expect((await response(1)).result.tools.map((t: { name: string }) => t.name)).toEqual(['greet'])
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'greet', arguments: { name: 'Remote' } } })
    expect((await response(2)).result).toEqual({ content: [{ type: 'text', text: 'Hello, Remote!' }], isError: false })
  } finally {
    await stop()
  }
}, 40_000)

async function inspector(args: string[]) {
  // inspector-cli 1.0.3 finds its package.json relative to the working directory, so it runs from its build folder.
  const proc = Bun.spawn(
    [NODE, 'index.js', url, '--transport', 'http', '--header', `X-API-Key: ${app.apiKey}`, ...args],
    { cwd: INSPECTOR_BUILD, stdout: 'pipe', stderr: 'pipe' },
  )
  const killer = setTimeout(() => proc.kill(), 30_000)
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ])
  clearTimeout(killer)
  if (code !== 0) throw new Error(`inspector exited ${code}: ${err}`)
  return JSON.parse(out)
}

test('the Inspector CLI lists and calls tools with a custom header', async () => {
  const list = await inspector(['--method', 'tools/list'])
  expect(list.tools.map((t: { name: string }) => t.name)).toEqual(['greet'])
  const call = await inspector(['--method', 'tools/call', '--tool-name', 'greet', '--tool-arg', 'name=Ada'])
  expect(call).toEqual({ content: [{ type: 'text', text: 'Hello, Ada!' }], isError: false })
}, 40_000)
