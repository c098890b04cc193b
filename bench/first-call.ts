// The first call of a function version after a start (docs/decisions/0036-hot-path-at-the-limit.md): the binary is
// started again on the bench's data dir and the first `tools/call` of the pre-built echo and of the JavaScript tool
// are timed from the client, then the second of each (warm: Ajv's validator compiled, the sandbox worker and the
// function's module loaded). Best of RUNS restarts; the figures include loopback and the JSON-RPC round trip.
import { startUntil } from './procs'
import { toolyardEnv } from './toolyard'

const RUNS = Number(process.env.FIRST_CALL_RUNS ?? 3)

export interface FirstCallFigures {
  builtin: { first_ms: number; second_ms: number }
  js: { first_ms: number; second_ms: number }
}

const body = (name: string) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { text: 'hello' } } })

export async function measureFirstCalls(
  binary: string,
  dataDir: string,
  headers: Record<string, string>,
  slugs: { small: string; js: string },
): Promise<FirstCallFigures> {
  const best = { builtin: [Infinity, Infinity], js: [Infinity, Infinity] }
  for (let run = 0; run < RUNS; run++) {
    const started = await startUntil([binary, 'serve'], toolyardEnv(dataDir), /port (\d+)\)/)
    const base = `http://127.0.0.1:${started.port}/mcp`
    const timed = async (slug: string, tool: string) => {
      const t0 = performance.now()
      const res = await fetch(`${base}/${slug}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: body(tool),
      })
      const text = await res.text()
      if (!res.ok || !text.includes('"result"') || text.includes('"isError":true'))
        throw new Error(`first call of ${tool}: ${res.status} ${text.slice(0, 200)}`)
      return performance.now() - t0
    }
    try {
      for (const [key, slug, tool] of [
        ['builtin', slugs.small, 'echo'],
        ['js', slugs.js, 'js_echo'],
      ] as const) {
        const first = await timed(slug, tool)
        const second = await timed(slug, tool)
        best[key] = [Math.min(best[key][0]!, first), Math.min(best[key][1]!, second)]
      }
    } finally {
      await started.stop()
    }
  }
  const ms = (n: number | undefined) => Number((n ?? 0).toFixed(1))
  return {
    builtin: { first_ms: ms(best.builtin[0]), second_ms: ms(best.builtin[1]) },
    js: { first_ms: ms(best.js[0]), second_ms: ms(best.js[1]) },
  }
}
