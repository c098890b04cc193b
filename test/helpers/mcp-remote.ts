// Drives mcp-remote (the stdio ↔ Streamable HTTP proxy) as a child process: JSON-RPC lines in, responses by id out.
import { join } from 'node:path'
import { ROOT } from './app'
import { waitFor } from './poll'

const MCP_REMOTE = join(ROOT, 'node_modules/mcp-remote/dist/proxy.js')
/** Node programs run with the machine's node like a user would (Bun when there is none). */
export const NODE = Bun.which('node') ?? join(ROOT, 'node_modules/.bin/bun')

/** Starts `mcp-remote <args>`; it is killed after `killAfterMs` at the latest. Call stop() in a finally. */
export function startMcpRemote(args: string[], env: Record<string, string | undefined>, killAfterMs: number) {
  const proc = Bun.spawn([NODE, MCP_REMOTE, ...args], { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', env })
  const killer = setTimeout(() => proc.kill(), killAfterMs)
  const responses = new Map<number, any>()
  const reader = (async () => {
    let buffer = ''
    for await (const chunk of proc.stdout) {
      buffer += new TextDecoder().decode(chunk)
      for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
        const line = buffer.slice(0, nl).trim()
        buffer = buffer.slice(nl + 1)
        if (!line) continue
        const msg = JSON.parse(line)
        if (msg.id !== undefined) responses.set(msg.id, msg)
      }
    }
  })()
  const send = (msg: unknown) => {
    proc.stdin.write(`${JSON.stringify(msg)}\n`)
    proc.stdin.flush()
  }
  /** Throws with mcp-remote's stderr once it has exited. */
  const alive = async () => {
    if (proc.exitCode !== null)
      throw new Error(`mcp-remote exited with ${proc.exitCode}: ${await new Response(proc.stderr).text()}`)
  }
  const response = (id: number) =>
    waitFor(
      `response ${id} from mcp-remote`,
      async () => {
        await alive()
        return responses.get(id)
      },
      { timeoutMs: 30_000 },
    )
  const stop = async () => {
    clearTimeout(killer)
    proc.kill()
    await proc.exited
    await reader.catch(() => {})
  }
  return { send, alive, response, stop }
}
