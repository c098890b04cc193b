// A plain round-robin load balancer for the scale-out tests: each request (POST, GET stream, DELETE) goes to the next
// instance in turn, bodies and streams passed through untouched, no stickiness of any kind — what the instances
// must work behind (docs/scale-out.md). It counts which instance served each request, so a test can show the spread.

export interface RoundRobinProxy {
  url: string
  port: number
  /** Requests sent to each upstream so far, by upstream index. */
  served: number[]
  /** Replaces the upstreams (an instance removed after it was killed, say). */
  setUpstreams(origins: string[]): void
  stop(): void
}

export function startRoundRobin(origins: string[] = []): RoundRobinProxy {
  let upstreams = [...origins]
  let next = 0
  const served: number[] = upstreams.map(() => 0)
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    // SSE streams stay open as long as the client holds them.
    idleTimeout: 0,
    async fetch(req) {
      if (upstreams.length === 0) return new Response('no upstream', { status: 502 })
      const index = next++ % upstreams.length
      served[index] = (served[index] ?? 0) + 1
      const incoming = new URL(req.url)
      const target = `${upstreams[index]}${incoming.pathname}${incoming.search}`
      const headers = new Headers(req.headers)
      headers.delete('host')
      headers.set('x-forwarded-host', incoming.host)
      try {
        const res = await fetch(target, {
          method: req.method,
          headers,
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer(),
          redirect: 'manual',
          signal: req.signal,
          // The upstream's own encoding is passed through as it is.
          decompress: false,
        } as RequestInit)
        return new Response(res.body, { status: res.status, statusText: res.statusText, headers: res.headers })
      } catch {
        return new Response('upstream unavailable', { status: 502 })
      }
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}`,
    port: server.port as number,
    served,
    setUpstreams(list) {
      upstreams = [...list]
      served.length = 0
      for (let i = 0; i < list.length; i++) served.push(0)
    },
    stop: () => server.stop(true),
  }
}
