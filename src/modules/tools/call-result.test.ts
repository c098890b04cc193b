// A function's value as a tool result (docs/decisions/0007-sandbox.md: results): strings, content objects, other JSON values, structuredContent, errors.
import { describe, expect, test } from 'bun:test'
import { errorResult, toCallToolResult } from './mcp'

const schema = { type: 'object' }

describe('toCallToolResult', () => {
  test('a string is one text item', () => {
    expect(toCallToolResult('hello')).toEqual({ content: [{ type: 'text', text: 'hello' }], isError: false })
  })

  test('an object with a content array is used as is', () => {
    const value = {
      content: [
        { type: 'text', text: 'a' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///x', name: 'x', description: null },
      ],
      structuredContent: { a: 1 },
    }
    expect(toCallToolResult(value)).toEqual({
      content: [
        { type: 'text', text: 'a' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        { type: 'resource_link', uri: 'file:///x', name: 'x' },
      ],
      structuredContent: { a: 1 },
      isError: false,
    })
    expect(toCallToolResult({ content: [{ type: 'text', text: 'bad' }], isError: true })).toEqual({
      content: [{ type: 'text', text: 'bad' }],
      isError: true,
    })
  })

  test('other JSON values become pretty JSON text, with structuredContent only when an output schema is set', () => {
    expect(toCallToolResult({ a: 1 })).toEqual({ content: [{ type: 'text', text: '{\n  "a": 1\n}' }], isError: false })
    expect(toCallToolResult({ a: 1 }, { outputSchema: schema })).toEqual({
      content: [{ type: 'text', text: '{\n  "a": 1\n}' }],
      structuredContent: { a: 1 },
      isError: false,
    })
    expect(toCallToolResult([1, 2], { outputSchema: schema }).structuredContent).toEqual({ result: [1, 2] })
    expect(toCallToolResult(42)).toEqual({ content: [{ type: 'text', text: '42' }], isError: false })
    expect(toCallToolResult(null)).toEqual({ content: [{ type: 'text', text: 'null' }], isError: false })
    expect(toCallToolResult('{"x":1}', { outputSchema: schema }).structuredContent).toEqual({ x: 1 })
  })

  test('undefined is an empty result and no field is ever null or undefined', () => {
    const result = toCallToolResult(undefined)
    expect(result).toEqual({ content: [], isError: false })
    for (const r of [result, toCallToolResult({ a: 1 }), toCallToolResult({ content: [] })]) {
      expect(Object.values(r).some((v) => v === null || v === undefined)).toBe(false)
      expect('structuredContent' in r).toBe(false)
    }
  })
})

test('errorResult carries the message as text with isError', () => {
  expect(errorResult('timed out after 10ms')).toEqual({
    content: [{ type: 'text', text: 'timed out after 10ms' }],
    isError: true,
  })
})
