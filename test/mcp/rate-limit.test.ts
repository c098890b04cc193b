// The protocol endpoint's rate limit: HTTP 429 with Retry-After once the `protocol` group is exhausted.
import { expect, test } from 'bun:test'
import { createServer } from '../helpers/api'
import { startTestApp } from '../helpers/app'
import { post } from '../helpers/mcp'

const json = async (res: Response) => (await res.json()) as Record<string, any>

test('the protocol group answers 429 with Retry-After', async () => {
  const limited = await startTestApp({ TOOLYARD_RATE_LIMITS: JSON.stringify({ protocol: 2 }) })
  try {
    const s = (await createServer(limited, { name: 'limited' })).slug
    expect((await post(limited, s, { jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(200)
    expect((await post(limited, s, { jsonrpc: '2.0', id: 2, method: 'ping' })).status).toBe(200)
    const res = await post(limited, s, { jsonrpc: '2.0', id: 3, method: 'ping' })
    expect(res.status).toBe(429)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await json(res)).error).toEqual(expect.any(String))
  } finally {
    await limited.stop()
  }
})

test('public servers are limited per client address, without a key', async () => {
  const limited = await startTestApp({ TOOLYARD_RATE_LIMITS: JSON.stringify({ protocol: 1 }) })
  try {
    const s = (await createServer(limited, { name: 'limited public', auth: 'none' })).slug
    expect((await post(limited, s, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: null })).status).toBe(200)
    const res = await post(limited, s, { jsonrpc: '2.0', id: 2, method: 'ping' }, { key: null })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).not.toBeNull()
  } finally {
    await limited.stop()
  }
})
