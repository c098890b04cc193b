// How the egress client reads an answer's body (docs/decisions/0399-egress-bodies-by-declared-length.md): a declared
// length that fits is read in one step, one over the cap is refused unread, a compressed or chunked body is still
// counted as it inflates, a HEAD answer has no body, and the deadline and the caller's cancel cover the body either way.
// The streaming fetch behind remote toolkits keeps its cap on every body too.
import { afterAll, describe, expect, test } from 'bun:test'
import { gzipSync } from 'node:zlib'
import { createEgress, createStreamingFetch, EgressError } from '../../src/egress/client'

/** A raw HTTP server: each request is answered with exactly `reply` (headers and whatever body part), then kept open. */
function rawServer(reply: (path: string, method: string) => Uint8Array | string) {
  const server = Bun.listen<{ buffer: string }>({
    hostname: '127.0.0.1',
    port: 0,
    socket: {
      open(socket) {
        socket.data = { buffer: '' }
      },
      data(socket, chunk) {
        socket.data.buffer += chunk.toString()
        const end = socket.data.buffer.indexOf('\r\n\r\n')
        if (end < 0) return
        const [method = 'GET', path = '/'] = socket.data.buffer.slice(0, end).split(' ')
        socket.data.buffer = ''
        socket.write(reply(path, method))
      },
    },
  })
  return { origin: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) }
}

const head = (lines: string[]) => `HTTP/1.1 200 OK\r\n${lines.join('\r\n')}\r\n\r\n`

const server = rawServer((path) => {
  if (path === '/declares-more') return `${head(['content-length: 10000', 'content-type: text/plain'])}only a start`
  if (path === '/stalls') return `${head(['content-length: 100', 'content-type: text/plain'])}first ten!`
  if (path === '/head') return head(['content-length: 50000', 'content-type: text/plain'])
  if (path === '/gzip') {
    const body = gzipSync(Buffer.from('x'.repeat(5000)))
    return Buffer.concat([
      Buffer.from(head([`content-length: ${body.length}`, 'content-encoding: gzip', 'content-type: text/plain'])),
      body,
    ])
  }
  if (path === '/big-whole') return `${head(['content-length: 4096', 'content-type: text/plain'])}${'y'.repeat(4096)}`
  return `${head(['content-length: 5', 'content-type: text/plain'])}small`
})
afterAll(() => server.stop())

const failure = async (promise: Promise<unknown>): Promise<EgressError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(EgressError)
  return error as EgressError
}

describe('createEgress', () => {
  const egress = createEgress({ allowPrivate: true, maxBodyBytes: 1024 })

  test('a body that declares more than the cap is refused without waiting for it', async () => {
    // Only the start is ever sent: reading it chunk by chunk would wait for the deadline instead.
    const error = await failure(egress.fetch(`${server.origin}/declares-more`, { timeoutMs: 5000 }))
    expect(error.reason).toBe('too_large')
    expect(error.message).toBe(`egress failed: response from ${server.origin}/declares-more is larger than 1024 bytes`)
  })

  test('a declared length that fits is read as sent', async () => {
    const answer = await egress.fetch(`${server.origin}/small`)
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('small')
  })

  test('a compressed body is capped by what it inflates to, not by its declared length', async () => {
    const error = await failure(egress.fetch(`${server.origin}/gzip`))
    expect(error.reason).toBe('too_large')
  })

  test("a HEAD answer's Content-Length is not a body", async () => {
    const answer = await egress.fetch(`${server.origin}/head`, { method: 'HEAD' })
    expect(answer.status).toBe(200)
    expect(answer.text).toBe('')
  })

  test('a body that stalls after its headers fails at the deadline, or when the caller cancels', async () => {
    const late = await failure(egress.fetch(`${server.origin}/stalls`, { timeoutMs: 300 }))
    expect(late.reason).toBe('timeout')
    const caller = new AbortController()
    const pending = failure(egress.fetch(`${server.origin}/stalls`, { timeoutMs: 30_000, signal: caller.signal }))
    setTimeout(() => caller.abort(), 100)
    expect((await pending).reason).toBe('aborted')
  })
})

describe('createStreamingFetch', () => {
  const streaming = createStreamingFetch({ allowPrivate: true, maxBodyBytes: 1024 })

  test('a declared-length answer within the cap is read as sent', async () => {
    expect(await (await streaming(`${server.origin}/small`)).text()).toBe('small')
  })

  test('a declared length over the cap still fails when read past the cap', async () => {
    const response = await streaming(`${server.origin}/big-whole`)
    const error = await failure(response.text())
    expect(error.reason).toBe('too_large')
  })
})
