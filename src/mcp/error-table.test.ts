// The one AppError → JSON-RPC table (src/mcp/errors.ts) and the backend wrapper that applies it to every feature.
import { describe, expect, test } from 'bun:test'
import { requestContext } from '../../test/helpers/context'
import { AppError, UnknownNameError } from '../lib/errors'
import type { ServerRow } from '../lib/server'
import { detachedHost } from '../runtime/host'
import { type McpBackend, protocolBackend } from './backend'
import { ProtocolError, RPC, toProtocolError } from './errors'

const asRpc = (e: unknown) => {
  if (!(e instanceof ProtocolError)) throw new Error(`expected a ProtocolError, got ${String(e)}`)
  return { code: e.code, message: e.message, ...(e.data !== undefined ? { data: e.data } : {}) }
}

describe('toProtocolError', () => {
  test('the caller’s mistakes are -32602, failures here -32603; the message is kept', () => {
    expect(asRpc(toProtocolError(new AppError('validation_failed', 'Missing required argument: a')))).toEqual({
      code: RPC.INVALID_PARAMS,
      message: 'Missing required argument: a',
    })
    expect(asRpc(toProtocolError(new AppError('tool_not_configured', 'no function')))).toEqual({
      code: RPC.INTERNAL_ERROR,
      message: 'no function',
    })
    expect(asRpc(toProtocolError(new AppError('upstream_error', 'down')))).toEqual({
      code: RPC.INTERNAL_ERROR,
      message: 'down',
    })
  })

  test('an unknown name takes MCP’s wording; another not_found keeps its own', () => {
    const wording = { unknown: 'Unknown prompt: p' }
    expect(asRpc(toProtocolError(new UnknownNameError('prompt not found: p'), wording))).toEqual({
      code: RPC.INVALID_PARAMS,
      message: 'Unknown prompt: p',
    })
    expect(asRpc(toProtocolError(new AppError('not_found', 'server not found'), wording))).toEqual({
      code: RPC.INVALID_PARAMS,
      message: 'server not found',
    })
  })

  test('resources/read: an unknown uri is -32002, any other failure -32603, both with the uri', () => {
    const wording = { resource: 'mcp://x' }
    expect(asRpc(toProtocolError(new UnknownNameError('resource not found: mcp://x'), wording))).toEqual({
      code: RPC.RESOURCE_NOT_FOUND,
      message: 'Resource not found',
      data: { uri: 'mcp://x' },
    })
    expect(asRpc(toProtocolError(new AppError('not_found', 'file "a" not found'), wording))).toEqual({
      code: RPC.INTERNAL_ERROR,
      message: 'file "a" not found',
      data: { uri: 'mcp://x' },
    })
    expect(asRpc(toProtocolError(new AppError('bad_request', 'credential is expired'), wording)).code).toBe(
      RPC.INTERNAL_ERROR,
    )
  })

  test('anything but an AppError passes unchanged (the endpoint answers it as "Internal error")', () => {
    const bug = new TypeError('x is undefined')
    expect(toProtocolError(bug)).toBe(bug)
  })
})

describe('protocolBackend', () => {
  const server = { id: 's', project_id: 'p' } as ServerRow
  const parts: McpBackend = {
    listTools: () => [],
    callTool: async () => {
      throw new UnknownNameError('Unknown tool: t')
    },
    listResources: async () => [],
    listResourceTemplates: async () => [],
    readResource: async (_s, uri) => {
      throw new UnknownNameError(`resource not found: ${uri}`)
    },
    listPrompts: async () => [],
    getPrompt: () => {
      throw new UnknownNameError('prompt not found: p')
    },
    complete: async () => {
      throw new UnknownNameError('prompt not found: q')
    },
  }
  const backend = protocolBackend(parts)
  const rejected = async (p: Promise<unknown>) =>
    asRpc(
      await p.then(
        () => undefined,
        (e: unknown) => e,
      ),
    )

  test('each method’s AppError leaves as its ProtocolError, sync throws included', async () => {
    const host = detachedHost(new AbortController().signal)
    expect(await rejected(backend.callTool(requestContext(server, host), 't', {}))).toEqual({
      code: RPC.INVALID_PARAMS,
      message: 'Unknown tool: t',
    })
    expect((await rejected(backend.readResource(requestContext(server, host), 'mcp://r'))).code).toBe(
      RPC.RESOURCE_NOT_FOUND,
    )
    expect(await rejected(backend.getPrompt(requestContext(server, host), 'p', {}))).toEqual({
      code: RPC.INVALID_PARAMS,
      message: 'Unknown prompt: p',
    })
    let thrown: unknown
    try {
      await backend.complete(requestContext(server, host), { type: 'ref/prompt', name: 'q' }, { name: 'a', value: '' })
    } catch (e) {
      thrown = e
    }
    expect(asRpc(thrown)).toEqual({ code: RPC.INVALID_PARAMS, message: 'Unknown prompt: q' })
  })
})
