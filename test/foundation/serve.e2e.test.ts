// The `serve` process: first-start key, data surviving a restart, graceful shutdown on SIGTERM.
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { join } from 'node:path'
import { startServe, tempDirs } from '../helpers/app'
import { waitFor } from '../helpers/poll'

const fresh = tempDirs('toolyard-cli-')

const keysIn = (text: string) => text.match(/tyk_[A-Za-z0-9_-]{43}/g) ?? []

describe('toolyard serve', () => {
  test('first start prints an admin key and an MCP client config with an mcp key once; data survives a restart', async () => {
    const dir = fresh()
    const first = await startServe(dir)
    let key: string
    let serverId: string
    try {
      const out = first.output()
      const keys = [...new Set(keysIn(out))]
      expect(keys).toHaveLength(2)
      key = keys[0]!
      const mcpKey = keys[1]!
      expect(out).toContain('mcpServers')
      // The client config carries the mcp key, which cannot use the admin API.
      expect(out.slice(out.indexOf('mcpServers'))).toContain(mcpKey)
      expect(out.slice(out.indexOf('mcpServers'))).not.toContain(key)
      const refused = await fetch(`${first.base}/servers`, { headers: { 'X-API-Key': mcpKey } })
      expect(refused.status).toBe(403)
      expect((await refused.json()).code).toBe('forbidden')
      expect(out).toContain(`${first.base}/`)
      // The start banner says where the dashboard is, and it answers there.
      expect(out).toContain(`Dashboard: ${first.base}/ui`)
      expect((await fetch(`${first.base}/ui/sign-in`)).status).toBe(200)

      const created = await fetch(`${first.base}/servers`, {
        method: 'POST',
        headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Survivor', display_name: 'Still here' }),
      })
      expect(created.status).toBe(201)
      serverId = (await created.json()).data.id
    } finally {
      expect(await first.stop()).toBe(0)
    }

    const second = await startServe(dir)
    try {
      expect(keysIn(second.output())).toHaveLength(0)
      expect(second.output()).not.toContain('mcpServers')
      expect(second.output()).toContain(`Dashboard: ${second.base}/ui`)
      // The key from the first run still works, and the server is still there.
      const res = await fetch(`${second.base}/servers/${serverId}`, { headers: { 'X-API-Key': key } })
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body.data).toMatchObject({ id: serverId, slug: 'survivor', name: 'Survivor', display_name: 'Still here' })
      // The URL follows the port of the new process.
      expect(body.data.url).toBe(`${second.base}/survivor`)
    } finally {
      expect(await second.stop()).toBe(0)
    }
  })

  test('SIGTERM lets an in-flight request finish, exits 0 and leaves a clean database', async () => {
    const dir = fresh()
    const server = await startServe(dir)
    const key = keysIn(server.output())[0]!

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ name: 'in flight' })
    const half = Math.floor(body.length / 2)
    const socket = connect(server.port, '127.0.0.1')
    let response = ''
    socket.on('data', (d) => (response += d.toString()))
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write(
      `POST /mcp/servers HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-API-Key: ${key}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
    )
    // Give the server a moment to read the request head before the signal (the request is then in flight).
    await Bun.sleep(300)
    server.proc.kill('SIGTERM')

    // Shutdown has begun once new connections are refused.
    await waitFor('the listener to close', async () => {
      try {
        await fetch(`${server.base}/health`)
        return undefined
      } catch {
        return true
      }
    })
    socket.write(body.slice(half))
    await closed
    expect(response).toStartWith('HTTP/1.1 201')
    expect(response).toContain('"slug":"in-flight"')

    expect(await server.proc.exited).toBe(0)
    // The database was closed cleanly: it opens and holds the server created during shutdown.
    const db = new Database(join(dir, 'toolyard.sqlite'))
    try {
      expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
      expect(db.query("SELECT slug FROM servers WHERE slug = 'in-flight'").get()).toEqual({ slug: 'in-flight' })
    } finally {
      db.close()
    }
  })

  test('SIGINT stops the server too', async () => {
    const dir = fresh()
    const server = await startServe(dir)
    expect((await fetch(`${server.base}/health`)).status).toBe(200)
    server.proc.kill('SIGINT')
    expect(await server.proc.exited).toBe(0)
  })
})
