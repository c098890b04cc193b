// Local toolkits: a tenant attaches an operator's server by name; its tools are listed from a child of that server
// (started for the sync credential) on create, on POST /toolkits/{id}/refresh and when the child announces
// notifications/tools/list_changed. Calls run on the child of the call's (toolkit, credential) (./call.ts).
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type { StoragePort } from '../../../../db/store'
import type { CredentialAccess } from '../../../../lib/credentials-port'
import { AppError, badRequest, conflict } from '../../../../lib/errors'
import type { EventBus } from '../../../../lib/events'
import { newId, nowIso } from '../../../../lib/ids'
import type { Logger } from '../../../../lib/log'
import { redactDeep, redactorFor } from '../../../../lib/redact'
import { UniqueViolation } from '../../../../lib/storage-errors'
import type { ToolsRepository } from '../../repository'
import { rowRecord } from '../../sources/registry'
import type { ToolkitRecord } from '../../sources/source'
import { newToolkitRow, type ToolkitsRepository } from '../../toolkits/repository'
import { listUpstreamTools, planSync, type SyncCounts, type UpstreamListLimits } from '../remote/sync'
import { type LocalChild, LocalStartError, startChild } from './child'
import { LocalBusy, type LocalChildren } from './children'
import { LOCAL_TIMEOUT_DEFAULT_MS, type LocalDetail, type LocalSpec, type LocalSpecInput } from './model'
import { type LocalRepository, type LocalRow, localSpecOf } from './repository'
import { type Confiners, launchOf } from './sandbox'
import type { LocalServer } from './servers'

export interface LocalToolkitsDeps {
  store: StoragePort
  toolkits: ToolkitsRepository
  tools: ToolsRepository
  repo: LocalRepository
  credentials: CredentialAccess
  events: EventBus
  children: LocalChildren
  /** The operator's servers by name (TOOLYARD_LOCAL_SERVERS). */
  servers: ReadonlyMap<string, LocalServer>
  confiners: Confiners
  /** The credential a sync uses for `provider` (the remote kind's rule: ../remote/repository.ts). */
  syncCredential: (projectId: string, toolkitId: string, provider: string) => Promise<string | undefined>
  /** Where each child's scratch directory is made; hidden from sandboxed children but for their own. */
  dataDir: string
  /** The PATH children get. */
  path: string
  log: Logger
  checkNames?: (projectId: string, toolkitId: string) => Promise<void>
  limits: UpstreamListLimits
}

export interface CreateLocalInput {
  name: string
  display_name?: string
  description?: string
  local: LocalSpecInput
}

/** A child could not be had: in words for the tenant (the stderr tail is in the toolkit's status). */
class LocalFailure extends Error {}

/** The child's environment: only what is named here, never this process's (docs/decisions/0367-local-server-credentials.md). */
export type ChildEnv = { ok: true; env: Record<string, string>; secrets: string[] } | { ok: false; message: string }

export function localToolkits(d: LocalToolkitsDeps) {
  const pending = new Map<string, ReturnType<typeof setTimeout>>()
  const running = new Map<string, Promise<SyncCounts>>()

  function normalize(input: LocalSpecInput, field = 'body.local'): LocalSpec {
    if (!d.servers.has(input.server)) {
      const known = [...d.servers.keys()]
      const message = known.length
        ? `is not a local server of this installation (known: ${known.slice(0, 20).join(', ')})`
        : 'is not a local server of this installation (it declares none: TOOLYARD_LOCAL_SERVERS)'
      throw badRequest(`local.server "${input.server.slice(0, 100)}" ${message}`, [
        { field: `${field}.server`, message },
      ])
    }
    return {
      server: input.server,
      auth: input.auth ?? { type: 'none' },
      prefix: input.prefix ?? '',
      timeout_ms: input.timeout_ms ?? LOCAL_TIMEOUT_DEFAULT_MS,
    }
  }

  /** The credential's fields as the variables `auth` names. */
  async function childEnv(projectId: string, spec: LocalSpec, credentialId: string | undefined): Promise<ChildEnv> {
    if (spec.auth.type === 'none') return { ok: true, env: {}, secrets: [] }
    const provider = spec.auth.credential_provider
    const problem = (words: string) => ({
      ok: false as const,
      message: `The ${provider} credential for this local toolkit ${words}`,
    })
    if (!credentialId)
      return problem('is missing: map a credential for this provider on the server (toolkit credentials)')
    const opened = await d.credentials.open(projectId, credentialId)
    if (opened.status === 'unreachable') return { ok: false, message: opened.message }
    if (opened.status !== 'configured' || !opened.data) return problem(`cannot be used (${opened.status})`)
    const env: Record<string, string> = {}
    for (const [name, field] of Object.entries(spec.auth.variables)) {
      const value = opened.data[field]
      if (typeof value !== 'string' || value === '')
        return problem(`holds no ${JSON.stringify(field)} field for ${name}`)
      env[name] = value
    }
    return { ok: true, env, secrets: Object.values(env) }
  }

  /** The running child of (toolkit, credential), started when there is none; release it with `children.release`. */
  async function childFor(
    projectId: string,
    toolkitId: string,
    spec: LocalSpec,
    credentialId: string | undefined,
    secrets: ChildEnv & { ok: true },
  ): Promise<{ child: LocalChild; key: string }> {
    const server = d.servers.get(spec.server)
    if (!server) throw new LocalFailure(`the local server "${spec.server}" is no longer declared by this installation`)
    const key = `${toolkitId}\u0000${credentialId ?? ''}\u0000${Bun.hash(JSON.stringify(secrets.env)).toString(36)}`
    const scratch = join(d.dataDir, 'local-scratch', `${toolkitId}-${Bun.hash(credentialId ?? '').toString(36)}`)
    const child = await d.children.acquire(projectId, key, (onExit) => {
      mkdirSync(scratch, { recursive: true, mode: 0o700 })
      const redact = redactorFor(secrets.secrets).text
      const operatorEnv = Object.fromEntries(
        Object.entries(server.env).map(([k, v]) => [k, v.replaceAll('${HOME}', scratch)]),
      )
      return startChild({
        launch: launchOf(server, scratch, [d.dataDir], d.confiners),
        env: { ...operatorEnv, ...secrets.env, PATH: d.path, HOME: scratch, TMPDIR: scratch },
        cwd: scratch,
        timeoutMs: spec.timeout_ms,
        onToolsChanged: () => soon(projectId, toolkitId),
        onExit: (stderr) => {
          d.log.warn('local server exited', { server: spec.server, toolkit_id: toolkitId })
          onExit(stderr)
        },
        // A server may write its credential to stderr: the tail is shown to the tenant, so it is redacted first.
        redact,
      })
    })
    return { child, key }
  }

  const changed = (projectId: string) => d.events.publish({ type: 'list_changed', list: 'tools', projectId })

  /** Words for a child that could not be had: its failure and the stderr tail's last line. */
  const failureWords = (server: string, error: unknown) => {
    if (error instanceof LocalStartError) {
      const last = error.stderr.at(-1)
      return `local server ${server} ${error.message}${last ? `: ${last.slice(0, 500)}` : ''}`
    }
    if (error instanceof LocalFailure || error instanceof LocalBusy || error instanceof AppError) return error.message
    return `local server ${server} failed: ${error instanceof Error ? error.message.slice(0, 300) : 'internal error'}`
  }

  async function syncNow(projectId: string, toolkitId: string): Promise<SyncCounts> {
    const row = await d.repo.byToolkit(toolkitId)
    if (!row || row.project_id !== projectId) throw new AppError('not_found', 'toolkit not found')
    const spec = localSpecOf(row)
    const status = (error: string | null, child?: LocalChild) =>
      d.repo.setStatus(toolkitId, {
        last_sync_at: nowIso(),
        last_error: error,
        server_info: child?.serverInfo ? JSON.stringify(shownServerInfo(child.serverInfo)) : null,
        protocol_version: child?.protocolVersion ?? null,
      })
    try {
      const provider = spec.auth.type === 'none' ? undefined : spec.auth.credential_provider
      const credentialId = provider ? await d.syncCredential(projectId, toolkitId, provider) : undefined
      const env = await childEnv(projectId, spec, credentialId)
      if (!env.ok) throw new LocalFailure(env.message)
      const { child, key } = await childFor(projectId, toolkitId, spec, credentialId, env)
      try {
        const listed = await listUpstreamTools(child, spec.timeout_ms, d.limits, spec.prefix)
        const tools = redactDeep(listed.tools, env.secrets)
        const counts = await d.store.tx(async () => {
          const plan = planSync(projectId, toolkitId, spec, tools, await d.tools.byToolkit(toolkitId))
          for (const r of plan.remove) await d.tools.remove(projectId, r.id)
          for (const r of plan.update) await d.tools.update(r)
          for (const r of plan.insert) await d.tools.insert(r)
          await d.checkNames?.(projectId, toolkitId)
          await status(null, child)
          return plan.counts
        })
        if (counts.added + counts.updated + counts.removed > 0) changed(projectId)
        return counts
      } finally {
        d.children.release(key)
      }
    } catch (error) {
      const message =
        error instanceof AppError && error.code === 'conflict'
          ? `the tools of local server ${spec.server} were not synced: ${error.message}`
          : `could not list the tools of local server ${spec.server}: ${failureWords(spec.server, error)}`
      await status(message)
      throw new LocalFailure(message)
    }
  }

  function sync(projectId: string, toolkitId: string): Promise<SyncCounts> {
    const next = (running.get(toolkitId) ?? Promise.resolve())
      .catch(() => {})
      .then(() => syncNow(projectId, toolkitId))
      .finally(() => {
        if (running.get(toolkitId) === next) running.delete(toolkitId)
      })
    running.set(toolkitId, next)
    return next
  }

  /** The child said its tools changed: re-list shortly (a burst of notices makes one sync). */
  function soon(projectId: string, toolkitId: string) {
    if (pending.has(toolkitId)) return
    pending.set(
      toolkitId,
      setTimeout(() => {
        pending.delete(toolkitId)
        sync(projectId, toolkitId).catch((error: unknown) =>
          d.log.warn('local toolkit re-list failed', { toolkit_id: toolkitId, error: String(error) }),
        )
      }, 200),
    )
  }

  return {
    childEnv,
    childFor,
    failureWords,

    /**
     * POST /toolkits {toolkit_type: "local"}: stored at once, then its tools listed from a child. A server that cannot
     * start still leaves the toolkit, whose status says why (last_error, stderr); POST /toolkits/{id}/refresh retries.
     */
    async create(projectId: string, input: CreateLocalInput): Promise<ToolkitRecord> {
      const spec = normalize(input.local)
      const row = newToolkitRow(newId(), projectId, 'local', input)
      try {
        await d.store.tx(async () => {
          await d.toolkits.insert(row)
          await d.repo.insert({
            toolkit_id: row.id,
            project_id: projectId,
            server: spec.server,
            auth: JSON.stringify(spec.auth),
            prefix: spec.prefix,
            timeout_ms: spec.timeout_ms,
            last_sync_at: null,
            last_error: null,
            server_info: null,
            protocol_version: null,
          })
        })
      } catch (error) {
        if (error instanceof UniqueViolation)
          throw conflict(`a toolkit named "${input.name}" already exists in this project`)
        throw error
      }
      await sync(projectId, row.id).catch(() => {})
      return rowRecord(row)
    },

    /** POST /toolkits/{id}/refresh: 400 upstream_failed with the words of a child that cannot start or list. */
    async refresh(projectId: string, toolkitId: string): Promise<SyncCounts> {
      try {
        return await sync(projectId, toolkitId)
      } catch (error) {
        if (error instanceof AppError) throw error
        throw new AppError('upstream_failed', error instanceof LocalFailure ? error.message : 'internal error')
      }
    },

    async detail(toolkitId: string): Promise<{ local: LocalDetail } | undefined> {
      const row = await d.repo.byToolkit(toolkitId)
      return row ? { local: detailOf(row, d.children.states(`${toolkitId}\u0000`), d.confiners) } : undefined
    },

    /** The toolkit is gone: its children stop, then their scratch directories (a server's saved state) are removed. */
    forget(toolkitId: string) {
      void d.children.forget(`${toolkitId}\u0000`).then(() => {
        const root = join(d.dataDir, 'local-scratch')
        const mine = existsSync(root) ? readdirSync(root).filter((n) => n.startsWith(`${toolkitId}-`)) : []
        for (const n of mine) rmSync(join(root, n), { recursive: true, force: true })
      })
      const t = pending.get(toolkitId)
      if (t) clearTimeout(t)
      pending.delete(toolkitId)
    },

    /**
     * The operator's server for an MCP Registry package (`registryType`, `identifier` of a server.json `packages`
     * entry), when one declares it: what a registry import attaches as a local toolkit instead of refusing it.
     */
    serverForPackage(registryType: string, identifier: string): string | undefined {
      const wanted = `${registryType}:${identifier}`
      return [...d.servers.values()].find((s) => s.package === wanted)?.name
    },

    /** Stops the children idle for TOOLYARD_LOCAL_IDLE_S as of `now` (the children's own timer also does). */
    sweepIdle: (now?: number) => d.children.sweep(now),
    /** Children running now (tests and diagnostics). */
    running: () => d.children.running(),

    close() {
      for (const t of pending.values()) clearTimeout(t)
      pending.clear()
      d.children.close()
    },
  }
}
export type LocalToolkits = ReturnType<typeof localToolkits>

/** The stored status with what the children say now: a failing child's words and stderr come first. */
function detailOf(row: LocalRow, states: ReturnType<LocalChildren['states']>, c: Confiners): LocalDetail {
  const failed = states.find((s) => s.state === 'failed')
  const state = states.some((s) => s.state === 'running')
    ? 'running'
    : failed
      ? 'failed'
      : row.last_error
        ? 'failed'
        : 'stopped'
  return {
    server: row.server,
    prefix: row.prefix,
    timeout_ms: row.timeout_ms,
    sandbox: c.bwrap ? 'bwrap' : 'off',
    state,
    last_sync_at: row.last_sync_at,
    last_error: failed?.last_error
      ? `local server ${row.server} ${failed.last_error}${failed.stderr.length ? `: ${failed.stderr.at(-1)!.slice(0, 500)}` : ''}`
      : row.last_error,
    stderr: failed?.stderr ?? [],
    server_info: row.server_info ? (JSON.parse(row.server_info) as LocalDetail['server_info']) : null,
    protocol_version: row.protocol_version,
  }
}

function shownServerInfo(info: Record<string, unknown>) {
  const cut = (v: unknown) => String(v ?? '').slice(0, 200)
  return { name: cut(info.name), version: cut(info.version) }
}
