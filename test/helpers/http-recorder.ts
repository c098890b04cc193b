// A real HTTP API for tests: Bun.serve on 127.0.0.1:0 that records every request exactly as it arrived (method, path,
// raw query, headers, body) and answers with a handler's response (JSON by default).
import { afterAll } from 'bun:test'

export interface RecordedRequest {
  method: string
  path: string
  /** The query string as sent, without "?" ('' when none). */
  query: string
  headers: Record<string, string>
  body: string
}

export function startRecorder(
  answer: (req: RecordedRequest) => Response | Promise<Response> = () => Response.json({ ok: true }),
) {
  const requests: RecordedRequest[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const raw = request.url
      const afterHost = raw.slice(raw.indexOf('/', raw.indexOf('//') + 2))
      const q = afterHost.indexOf('?')
      const recorded: RecordedRequest = {
        method: request.method,
        path: q === -1 ? afterHost : afterHost.slice(0, q),
        query: q === -1 ? '' : afterHost.slice(q + 1),
        headers: Object.fromEntries(request.headers),
        body: await request.text(),
      }
      requests.push(recorded)
      return answer(recorded)
    },
  })
  afterAll(() => server.stop(true))
  return {
    origin: `http://127.0.0.1:${server.port}`,
    requests,
    /** The last request, failing when none arrived. */
    last(): RecordedRequest {
      const r = requests.at(-1)
      if (!r) throw new Error('no request reached the recorder')
      return r
    },
  }
}
