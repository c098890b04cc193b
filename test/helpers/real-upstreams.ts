// Upstream MCP servers nobody here wrote, run as their own processes on a chosen 127.0.0.1 port so a test can kill one
// and start it again on the same port: the official reference server (@modelcontextprotocol/server-everything, over
// Streamable HTTP at /mcp or HTTP+SSE at /sse) and a FastMCP server (test/fixtures/fastmcp-server.ts, at /mcp).
import { join } from 'node:path'
import { ROOT } from './app'
import { NODE } from './mcp-remote'
import { waitFor } from './poll'

export type RealUpstreamKind = 'everything-http' | 'everything-sse' | 'fastmcp'

export interface RealUpstream {
  kind: RealUpstreamKind
  port: number
  url: string
  /** Kills the process (SIGKILL: no goodbye to its clients) and waits for it to exit. */
  kill(): Promise<void>
  /** Starts it again on the same port (a new process: every session it had is gone). */
  restart(): Promise<void>
}

const EVERYTHING = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')
const FASTMCP_FIXTURE = join(ROOT, 'test/fixtures/fastmcp-server.ts')

/** A port nothing listens on now (the OS picks it). */
export function freePort(): number {
  const probe = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const { port } = probe
  probe.stop(true)
  return port
}

function command(kind: RealUpstreamKind): string[] {
  if (kind === 'fastmcp') return [process.execPath, FASTMCP_FIXTURE]
  return [NODE, EVERYTHING, kind === 'everything-sse' ? 'sse' : 'streamableHttp']
}

async function listening(port: number) {
  try {
    const socket = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data() {} } })
    socket.end()
    return true
  } catch {
    return false
  }
}

/** Starts the upstream; it is killed after `killAfterMs` at the latest. Call kill() in an afterAll. */
export async function startRealUpstream(kind: RealUpstreamKind, killAfterMs = 120_000): Promise<RealUpstream> {
  const port = freePort()
  let proc: ReturnType<typeof Bun.spawn> | undefined
  let killer: ReturnType<typeof setTimeout> | undefined
  const start = async () => {
    proc = Bun.spawn(command(kind), {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: String(port) },
      stdout: 'ignore',
      stderr: 'ignore',
    })
    killer = setTimeout(() => proc?.kill(9), killAfterMs)
    const started = proc
    await waitFor(`${kind} listening on ${port}`, async () => {
      if (started.exitCode !== null) throw new Error(`${kind} exited with ${started.exitCode}`)
      return listening(port)
    })
  }
  await start()
  return {
    kind,
    port,
    url: `http://127.0.0.1:${port}/${kind === 'everything-sse' ? 'sse' : 'mcp'}`,
    async kill() {
      clearTimeout(killer)
      proc?.kill(9)
      await proc?.exited
    },
    restart: start,
  }
}
