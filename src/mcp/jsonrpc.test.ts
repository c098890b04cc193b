// Unit tests of JSON-RPC framing: classifying every kind of incoming message and the shapes of what goes out.
import { describe, expect, test } from 'bun:test'
import { ProtocolError, RPC } from './errors'
import { classify, failure, failureFrom, idOf, notification, success } from './jsonrpc'

describe('classify', () => {
  test('a request keeps its id (0 and "" included) and defaults params to {}', () => {
    expect(classify({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({
      kind: 'request',
      msg: { id: 1, method: 'ping', params: {} },
    })
    expect(classify({ jsonrpc: '2.0', id: 0, method: 'ping' })).toMatchObject({ kind: 'request', msg: { id: 0 } })
    expect(classify({ jsonrpc: '2.0', id: '', method: 'ping' })).toMatchObject({ kind: 'request', msg: { id: '' } })
    expect(classify({ jsonrpc: '2.0', id: 'a', method: 'tools/call', params: { name: 'x' } })).toEqual({
      kind: 'request',
      msg: { id: 'a', method: 'tools/call', params: { name: 'x' } },
    })
  })

  test('a message with a method and no id is a notification', () => {
    expect(classify({ jsonrpc: '2.0', method: 'notifications/initialized' })).toEqual({
      kind: 'notification',
      msg: { method: 'notifications/initialized', params: {} },
    })
    expect(classify({ jsonrpc: '2.0', method: 'n', params: undefined })).toMatchObject({ kind: 'notification' })
  })

  test('a message with an id and exactly one of result/error is a response', () => {
    expect(classify({ jsonrpc: '2.0', id: 3, result: {} })).toMatchObject({ kind: 'response', msg: { id: 3 } })
    expect(classify({ jsonrpc: '2.0', id: 3, result: null })).toMatchObject({ kind: 'response' })
    expect(classify({ jsonrpc: '2.0', id: 'e', error: { code: -1, message: 'no' } })).toMatchObject({
      kind: 'response',
    })
  })

  test.each([
    ['null', null],
    ['an array (batches are not supported)', [{ jsonrpc: '2.0', id: 1, method: 'ping' }]],
    ['a string', 'ping'],
    ['a number', 42],
  ])('%s is invalid without an id', (_, body) => {
    const c = classify(body)
    expect(c.kind).toBe('invalid')
    expect(c).not.toHaveProperty('id')
  })

  test.each([
    ['jsonrpc missing', { id: 7, method: 'ping' }, 'jsonrpc must be "2.0"'],
    ['jsonrpc 1.0', { jsonrpc: '1.0', id: 7, method: 'ping' }, 'jsonrpc must be "2.0"'],
    ['an empty method', { jsonrpc: '2.0', id: 7, method: '' }, 'method must be a non-empty string'],
    ['a numeric method', { jsonrpc: '2.0', id: 7, method: 5 }, 'method must be a non-empty string'],
    ['array params', { jsonrpc: '2.0', id: 7, method: 'm', params: [1] }, 'params must be an object'],
    ['null params', { jsonrpc: '2.0', id: 7, method: 'm', params: null }, 'params must be an object'],
    ['both result and error', { jsonrpc: '2.0', id: 7, result: 1, error: {} }, 'not a JSON-RPC request'],
    ['neither method, result nor error', { jsonrpc: '2.0', id: 7 }, 'not a JSON-RPC request'],
  ])('%s is invalid and keeps the id for the error', (_, body, message) => {
    const c = classify(body)
    expect(c).toMatchObject({ kind: 'invalid', id: 7 })
    expect((c as { message: string }).message).toContain(message)
  })

  test('an id that is neither a string nor a number makes a request invalid (not a notification)', () => {
    for (const id of [null, true, { n: 1 }, [1]]) {
      const c = classify({ jsonrpc: '2.0', id, method: 'ping' })
      expect(c.kind).toBe('invalid')
      expect((c as { message: string }).message).toContain('id must be a string or a number')
    }
  })

  test('a response without a usable id is invalid', () => {
    expect(classify({ jsonrpc: '2.0', result: {} }).kind).toBe('invalid')
    expect(classify({ jsonrpc: '2.0', id: null, result: {} }).kind).toBe('invalid')
  })
})

describe('idOf', () => {
  test('reads a string or finite number id even from an otherwise invalid message', () => {
    expect(idOf({ id: 9, method: 5 })).toBe(9)
    expect(idOf({ id: 'x' })).toBe('x')
    expect(idOf({ id: Number.NaN })).toBeUndefined()
    expect(idOf({ id: Number.POSITIVE_INFINITY })).toBeUndefined()
    expect(idOf([{ id: 1 }])).toBeUndefined()
    expect(idOf(null)).toBeUndefined()
  })
})

describe('outgoing messages', () => {
  test('success and notification carry jsonrpc 2.0', () => {
    expect(success(1, { ok: true })).toEqual({ jsonrpc: '2.0', id: 1, result: { ok: true } })
    expect(notification('notifications/tools/list_changed', {})).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: {},
    })
  })

  test('failure omits an unknown id and absent data instead of sending null', () => {
    expect(failure(undefined, RPC.INVALID_REQUEST, 'bad')).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'bad' },
    })
    expect(failure(0, RPC.INVALID_PARAMS, 'bad', { field: 'name' })).toEqual({
      jsonrpc: '2.0',
      id: 0,
      error: { code: -32602, message: 'bad', data: { field: 'name' } },
    })
  })

  test('failureFrom passes a ProtocolError through and hides anything else as -32603', () => {
    const internal: unknown[] = []
    const onInternal = (e: unknown) => internal.push(e)
    expect(
      failureFrom(1, new ProtocolError(RPC.RESOURCE_NOT_FOUND, 'no such resource', { uri: 'x://y' }), onInternal),
    ).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32002, message: 'no such resource', data: { uri: 'x://y' } } })
    expect(internal).toEqual([])

    const secret = new Error('database password is hunter2')
    const hidden = failureFrom(2, secret, onInternal)
    expect(hidden).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32603, message: 'Internal error' } })
    expect(JSON.stringify(hidden)).not.toContain('hunter2')
    expect(internal).toEqual([secret])
  })
})
