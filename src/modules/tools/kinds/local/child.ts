// One local server's child process as an MCP client over stdio (the SDK's StdioClientTransport): started with exactly
// the environment given (never this process's), its stderr kept as a bounded tail for the toolkit's status, and its
// end (a crash, or our close) told to the caller.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { VERSION } from '../../../../version'
import { loadSdk } from '../remote/sdk'
import type { Launch } from './sandbox'

/** How much of a child's stderr is kept: its last lines, within bytes. */
const STDERR_LINES = 20
const STDERR_BYTES = 4096

export interface LocalChild {
  client: Client
  serverInfo?: { name: string; version: string; [k: string]: unknown }
  protocolVersion?: string
  listChanged: boolean
  readonly closed: boolean
  /** The last lines it wrote to stderr (at most STDERR_LINES, STDERR_BYTES), oldest first. */
  stderr(): string[]
  close(): Promise<void>
}

export interface StartOptions {
  launch: Launch
  /** The child's whole environment (the SDK adds only its short list of harmless defaults under ours). */
  env: Record<string, string>
  cwd: string
  timeoutMs: number
  onToolsChanged?: () => void
  /** The child ended without our close: its stderr tail. */
  onExit?: (stderr: string[]) => void
  /** Applied to every stderr line shown (the child may write the credential it was given there). */
  redact?: (line: string) => string
}

/** A child that could not start: its words, with its stderr tail. */
export class LocalStartError extends Error {
  constructor(
    message: string,
    readonly stderr: string[],
  ) {
    super(message)
  }
}

/** A bounded tail of text lines. */
function tail() {
  let lines: string[] = []
  let partial = ''
  const bound = () => {
    if (lines.length > STDERR_LINES) lines = lines.slice(-STDERR_LINES)
    while (lines.length > 1 && lines.reduce((n, l) => n + l.length + 1, 0) > STDERR_BYTES) lines.shift()
    if (lines.length === 1 && lines[0]!.length > STDERR_BYTES) lines[0] = lines[0]!.slice(-STDERR_BYTES)
  }
  return {
    push(chunk: string) {
      const parts = (partial + chunk).split('\n')
      partial = parts.pop()!.slice(-STDERR_BYTES)
      lines.push(...parts.map((l) => l.replace(/\r$/, '')).filter((l) => l !== ''))
      bound()
    },
    lines: () => [...lines, ...(partial ? [partial] : [])].slice(-STDERR_LINES),
  }
}

/** Starts the child and initializes it; throws LocalStartError when it exits, fails or stays silent. */
export async function startChild(o: StartOptions): Promise<LocalChild> {
  const sdk = await loadSdk()
  // Loaded with the first local child, as the SDK itself (../remote/sdk.ts).
  const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js')
  const raw = tail()
  const errs = { push: raw.push, lines: () => (o.redact ? raw.lines().map(o.redact) : raw.lines()) }
  const transport = new StdioClientTransport({
    command: o.launch.command,
    args: o.launch.args,
    env: o.env,
    cwd: o.cwd,
    stderr: 'pipe',
  })
  transport.stderr?.on('data', (chunk: Buffer | string) => errs.push(String(chunk)))
  const client = new sdk.Client({ name: 'toolyard', version: VERSION }, { capabilities: {} })
  client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => o.onToolsChanged?.())
  let closed = false
  let closing = false
  let started = false
  let protocolVersion: string | undefined
  // The negotiated version, as the SDK hands it to a transport after initialize (stdio's has no setter of its own).
  const versioned = transport as Transport
  const setVersion = versioned.setProtocolVersion?.bind(transport)
  versioned.setProtocolVersion = (v: string) => {
    protocolVersion = v
    setVersion?.(v)
  }
  // stderr is piped through a stream: its last chunk may come after the process closed, so what it wrote is read once
  // the stream ended (bounded: a grandchild holding the pipe open must not hold the report back).
  const stderrEnded = new Promise<void>((resolve) => {
    const stream = transport.stderr
    if (!stream) return resolve()
    stream.once('end', () => resolve())
    stream.once('close', () => resolve())
    stream.once('error', () => resolve())
  })
  const drained = () => Promise.race([stderrEnded, Bun.sleep(2000)])
  client.onclose = () => {
    closed = true
    if (!closing && started) void drained().then(() => o.onExit?.(errs.lines()))
  }
  client.onerror = () => {}
  try {
    await client.connect(transport, { timeout: o.timeoutMs })
  } catch (error) {
    closing = true
    await client.close().catch(() => {})
    await drained()
    const why = closed ? 'exited at start' : `did not start: ${error instanceof Error ? error.message : String(error)}`
    throw new LocalStartError(why.slice(0, 500), errs.lines())
  }
  started = true
  return {
    client,
    ...(client.getServerVersion() ? { serverInfo: client.getServerVersion() } : {}),
    get protocolVersion() {
      return protocolVersion
    },
    listChanged: client.getServerCapabilities()?.tools?.listChanged === true,
    get closed() {
      return closed
    },
    stderr: () => errs.lines(),
    async close() {
      closing = true
      closed = true
      await client.close().catch(() => {})
    },
  }
}
