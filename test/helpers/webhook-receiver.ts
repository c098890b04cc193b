// A real webhook receiver (Bun.serve on 127.0.0.1:0) whose answer to the n-th request is scripted.
interface Received {
  headers: Record<string, string>
  body: string
  json: any
}

/** 'hang' never answers (until the receiver stops); a number answers with that status. */
export type Reply = number | 'hang'

export function startReceiver(script: (n: number) => Reply = () => 200) {
  const received: Received[] = []
  const hanging: (() => void)[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 60,
    async fetch(req) {
      const body = await req.text()
      let json: unknown
      try {
        json = JSON.parse(body)
      } catch {
        json = undefined
      }
      received.push({ headers: Object.fromEntries(req.headers), body, json })
      const reply = script(received.length)
      if (reply === 'hang') {
        await new Promise<void>((resolve) => hanging.push(resolve))
        return new Response('too late', { status: 200 })
      }
      return new Response(reply >= 200 && reply < 300 ? 'ok' : 'nope', { status: reply })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    port: server.port,
    received,
    async stop() {
      for (const h of hanging) h()
      await server.stop(true)
    },
  }
}
