// The request an operation plan builds, style by style (OpenAPI 3.1 §4.8.12.4 "Style Examples"), and where each kind
// of credential goes.
import { describe, expect, test } from 'bun:test'
import type { OperationPlan, ParamPlan } from './plan'
import { buildRequest, PathValueError } from './request'

const param = (p: Partial<ParamPlan> & Pick<ParamPlan, 'name' | 'in'>): ParamPlan => ({
  arg: p.name,
  style: p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple',
  explode: p.in === 'query' || p.in === 'cookie',
  allowReserved: false,
  json: false,
  ...p,
})
const op = (path: string, parameters: ParamPlan[], extra: Partial<OperationPlan> = {}): OperationPlan => ({
  method: 'GET',
  path,
  server: '',
  parameters,
  security: [],
  ...extra,
})
const url = (o: OperationPlan, args: Record<string, unknown>, cred?: Record<string, unknown>) =>
  buildRequest(o, args, 'https://api.test/', cred).url

describe('path styles', () => {
  const color = { R: 100, G: 200 }
  test.each([
    ['simple', false, [3, 4], '/x/3,4'],
    ['simple', true, color, '/x/R=100,G=200'],
    ['simple', false, color, '/x/R,100,G,200'],
    ['label', false, [3, 4], '/x/.3,4'],
    ['label', true, color, '/x/.R=100.G=200'],
    ['matrix', false, 5, '/x/;id=5'],
    ['matrix', true, [3, 4], '/x/;id=3;id=4'],
    ['matrix', true, color, '/x/;R=100;G=200'],
  ])('%s explode=%s %j', (style, explode, value, expected) => {
    const o = op('/x/{id}', [param({ name: 'id', in: 'path', style, explode })])
    expect(url(o, { id: value })).toBe(`https://api.test${expected}`)
  })
})

describe('query styles and credentials', () => {
  test('form object not exploded, reserved characters encoded unless allowReserved', () => {
    const o = op('/q', [
      param({ name: 'color', in: 'query', explode: false }),
      param({ name: 'next', in: 'query' }),
      param({ name: 'raw', in: 'query', allowReserved: true }),
    ])
    expect(url(o, { color: { R: 1 }, next: 'a/b?c', raw: 'a/b?c' })).toBe(
      'https://api.test/q?color=R,1&next=a%2Fb%3Fc&raw=a/b?c',
    )
  })

  test('a required parameter default is sent when left out', () => {
    const o = op('/q', [param({ name: 'Api-Version', in: 'header', default: '2024-01-01' })])
    expect(buildRequest(o, {}, 'https://api.test', undefined).headers['api-version']).toBe('2024-01-01')
  })

  test('apiKey in a cookie, bearer from an api_key field, basic with a colon in the password', () => {
    const cookie = op('/c', [], {
      security: [{ scheme: 'k', kind: 'api_key', provider: 'p', in: 'cookie', name: 'sid' }],
    })
    expect(buildRequest(cookie, {}, 'https://api.test', { api_key: 'a b' }).headers.cookie).toBe('sid=a%20b')
    const bearer = op('/b', [], { security: [{ scheme: 'b', kind: 'bearer', provider: 'p' }] })
    expect(buildRequest(bearer, {}, 'https://api.test', { api_key: 'k1' }).headers.authorization).toBe('Bearer k1')
    const basic = op('/b', [], { security: [{ scheme: 'b', kind: 'basic', provider: 'p' }] })
    expect(buildRequest(basic, {}, 'https://api.test', { username: 'u', password: 'p:w' }).headers.authorization).toBe(
      `Basic ${btoa('u:p:w')}`,
    )
    expect(() => buildRequest(basic, {}, 'https://api.test', { username: 'u' })).toThrow('username and password')
  })

  test('form bodies nest with brackets', () => {
    const o = op('/f', [], {
      method: 'POST',
      body: { required: true, content_type: 'application/x-www-form-urlencoded' },
    })
    const r = buildRequest(o, { body: { a: 1, meta: { k: 'v w' }, list: ['x', 'y'] } }, 'https://api.test', undefined)
    expect(r.body).toBe('a=1&meta%5Bk%5D=v%20w&list%5B0%5D=x&list%5B1%5D=y')
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded')
  })
})

describe('path values cannot climb', () => {
  const photo = op('/pets/{id}/photos', [param({ name: 'id', in: 'path' })])
  test.each(['..', '.', '%2e%2e', '.%2E', '%2E', '%252e%252e'])('%j makes a dot segment and is refused', (id) => {
    expect(() => url(photo, { id })).toThrow(PathValueError)
  })

  test('a label-style value that makes ".." is refused; dots inside a longer segment are not', () => {
    const label = op('/x/{id}', [param({ name: 'id', in: 'path', style: 'label' })])
    expect(() => url(label, { id: '.' })).toThrow(PathValueError)
    expect(url(label, { id: 'v1' })).toBe('https://api.test/x/.v1')
    expect(url(photo, { id: '..a' })).toBe('https://api.test/pets/..a/photos')
  })

  test('allowReserved is for query parameters: a path value never keeps "/" unescaped', () => {
    const o = op('/files/{path}', [
      param({ name: 'path', in: 'path', allowReserved: true }),
      param({ name: 'q', in: 'query', allowReserved: true }),
    ])
    expect(url(o, { path: 'a/../b', q: 'x/y' })).toBe('https://api.test/files/a%2F..%2Fb?q=x/y')
  })
})
