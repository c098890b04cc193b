// Makes a project match a project file, through the same services as the REST API, in one transaction: every record
// is created, updated, left unchanged or (with prune) deleted, and any failure leaves the database as it was.

import { Value } from '@sinclair/typebox/value'
import { AppError } from '../../lib/errors'
import { isCodeRuntime } from '../../runtime/runtimes'
import { type AuditActor, cliActor } from '../audit/actor'
import { CreateProviderBody } from '../credentials/providers/model'
import { ConditionError, compileCondition } from '../policies/cel'
import { CreatePromptBody } from '../prompts/model'
import { CreateResourceBody } from '../resources/model'
import { CreateServerBody } from '../servers/model'
import { CreateFunctionBody } from '../tools/functions/model'
import { normalizeSpec, type PreparedRemote } from '../tools/kinds/remote/service'
import { CreateToolBody } from '../tools/model'
import { prepareOpenApi } from './apply-openapi'
import { applyRecords } from './apply-records'
import { FileError, type Kind, type ProjectDoc, singular } from './format'
import {
  clean,
  DEFAULT_INPUT_SCHEMA,
  FUNCTION_DEFAULTS,
  POLICY_DEFAULTS,
  PROMPT_DEFAULTS,
  type ProjectServices,
  RESOURCE_DEFAULTS,
  readCurrent,
  remoteDoc,
  resourceMethodDefault,
  SERVER_DEFAULTS,
  stableJson,
  TOOL_DEFAULTS,
} from './snapshot'

type Action = 'created' | 'updated' | 'unchanged' | 'deleted'
export interface PlanLine {
  action: Action
  kind: string
  name: string
  /** Tools only: what model providers may refuse about the name (the tool is applied all the same). */
  warnings?: string[]
}

const REST_BODIES = {
  functions: CreateFunctionBody,
  servers: CreateServerBody,
  resources: CreateResourceBody,
  prompts: CreatePromptBody,
  providers: CreateProviderBody,
} as const

/** The REST API's own body schemas, applied to each record (ids stand in for names), before anything is written. */
function checkAgainstApi(path: string, doc: ProjectDoc): void {
  const problems: string[] = []
  const check = (
    kind: Kind,
    name: string,
    schema: (typeof REST_BODIES)[keyof typeof REST_BODIES] | typeof CreateToolBody,
    body: unknown,
  ) => {
    for (const e of [...Value.Errors(schema, body)].slice(0, 5))
      problems.push(
        `${path}: ${kind === 'toolkits' ? 'tool' : singular(kind)} ${name}: ${e.path.replace(/^\//, '').replace(/\//g, '.')}: ${e.message}`,
      )
  }
  for (const f of doc.functions) {
    const { file: _f, ...body } = f
    check('functions', f.name, REST_BODIES.functions, body)
  }
  for (const k of doc.toolkits)
    for (const t of k.tools ?? [])
      check('toolkits', `${k.name}/${t.name}`, CreateToolBody, {
        input_schema: DEFAULT_INPUT_SCHEMA,
        ...t,
        toolkit_id: 'x',
      })
  for (const s of doc.servers) check('servers', s.name, REST_BODIES.servers, { ...s, toolkits: undefined })
  for (const r of doc.resources) {
    const { server: _s, ...rest } = r
    check('resources', r.uri, REST_BODIES.resources, { ...rest, server_id: 'x' })
  }
  for (const p of doc.prompts) {
    const { server: _s, ...rest } = p
    check('prompts', p.name, REST_BODIES.prompts, rest)
  }
  for (const p of doc.providers) {
    const { client_secret_env: _e, ...rest } = p
    check('providers', p.id, REST_BODIES.providers, rest)
  }
  // A `when` is checked as POST /policies checks it: the position of what does not parse or type-check.
  for (const p of doc.policies ?? []) {
    if (!p.when?.trim()) continue
    try {
      compileCondition(p.when)
    } catch (error) {
      if (!(error instanceof ConditionError)) throw error
      problems.push(`${path}: policy ${p.name}: when: ${error.message}`)
    }
  }
  if (problems.length) throw new FileError(problems.join('\n'))
}

/** Code checks need the sandbox (asynchronous), so they run for every function before the transaction starts. */
async function checkCode(s: ProjectServices, path: string, doc: ProjectDoc): Promise<void> {
  const problems: string[] = []
  for (const f of doc.functions) {
    if (!isCodeRuntime(f.runtime) || f.code === undefined) continue
    try {
      await s.functions.checkCode(f.runtime, f.code)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      problems.push(`${path}: function ${f.name}: ${f.file ? `file ${f.file}` : 'code'}: ${error.message}`)
    }
  }
  if (problems.length) throw new FileError(problems.join('\n'))
}

/**
 * Remote toolkits that are new or whose upstream changed are listed before the transaction (network calls never run
 * inside one); an upstream that cannot be listed stops the apply before anything is written.
 */
async function prepareRemotes(s: ProjectServices, doc: ProjectDoc, o: ApplyOptions) {
  const prepared = new Map<string, PreparedRemote>()
  const project = await s.projects.projectByName(o.projectName)
  const current = project ? await readCurrent(s, project.id) : undefined
  const problems: string[] = []
  for (const k of doc.toolkits) {
    if (k.toolkit_type !== 'remote' || !k.remote) continue
    const stored = current?.toolkits.get(k.name)
    const isRemote = stored?.doc.toolkit_type === 'remote'
    try {
      const wanted = remoteDoc(normalizeSpec(k.remote, 'remote'))
      if (isRemote && stableJson(stored.doc.remote) === stableJson(wanted)) continue
      prepared.set(
        k.name,
        await s.remoteToolkits.prepare(project?.id ?? '', isRemote ? stored.id : undefined, k.remote, 'remote'),
      )
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      problems.push(`${o.path}: ${new RecordError('toolkit', k.name, error).message}`)
    }
  }
  if (problems.length) {
    for (const p of prepared.values()) s.remoteToolkits.settle(p, false)
    throw new FileError(problems.join('\n'))
  }
  return { prepared, used: new Set<string>() }
}

/** Rolls the transaction back after a dry run has computed its plan. */
class DryRun extends Error {}

export interface ApplyOptions {
  path: string
  projectName: string
  dryRun: boolean
  prune: boolean
  /** Accepts OpenAPI toolkits whose credentials would go to a new host or through a changed scheme (else refused). */
  confirm?: boolean
  env: Record<string, string | undefined>
  /** Who applies (the audit trail's actor); the command line's user when absent. */
  actor?: AuditActor
}

export async function applyProjectFile(s: ProjectServices, doc: ProjectDoc, o: ApplyOptions): Promise<PlanLine[]> {
  checkAgainstApi(o.path, doc)
  await checkCode(s, o.path, doc)
  const remote = await prepareRemotes(s, doc, o)
  const openapi = await prepareOpenApi(s.openapi, o.path, doc, (await s.projects.projectByName(o.projectName))?.id)
  const lines: PlanLine[] = []
  let committed = false
  try {
    await s.store.tx(async () => {
      const project = await s.projects.projectOrCreate(o.projectName)
      const current = await readCurrent(s, project.id)
      await applyRecords({ s, projectId: project.id, doc, current, lines, options: o, remote, openapi })
      if (o.dryRun) throw new DryRun()
      // Each change joins the audit trail in the same transaction: an apply that rolls back leaves no entry.
      await s.audit?.appendNow(
        project.id,
        lines
          .filter((l) => l.action !== 'unchanged')
          .map((l) => ({
            actor: o.actor ?? cliActor(),
            action: l.action === 'created' ? 'create' : l.action === 'updated' ? 'update' : 'delete',
            resource: l.kind === 'policy' ? 'policies' : l.kind.endsWith('s') ? l.kind : `${l.kind}s`,
            resourceId: l.name,
            detail: { via: 'apply', file: o.path },
          })),
      )
    })
    committed = true
  } catch (error) {
    if (error instanceof DryRun) return lines
    if (error instanceof RecordError) throw new FileError(`${o.path}: ${error.message}`)
    throw error
  } finally {
    for (const [name, p] of remote.prepared) s.remoteToolkits.settle(p, committed && remote.used.has(name))
  }
  return lines
}

/** A service refused a record: names the record and the field(s) it objected to. */
export class RecordError extends Error {
  constructor(kind: string, name: string, error: AppError) {
    const fields = (error.details ?? []).map((d) => d.field.replace(/^body\./, '')).filter(Boolean)
    super(`${kind} ${name}: ${fields.length ? `${[...new Set(fields)].join(', ')}: ` : ''}${error.message}`)
  }
}

/** Canonical JSON of a record for comparison: defaults and absent fields dropped, keys sorted. */
export function canonical(kind: Kind | 'tools', doc: object): string {
  const defaults = {
    functions: FUNCTION_DEFAULTS,
    tools: TOOL_DEFAULTS,
    toolkits: {},
    servers: SERVER_DEFAULTS,
    resources: RESOURCE_DEFAULTS,
    prompts: PROMPT_DEFAULTS,
    providers: {},
    policies: POLICY_DEFAULTS,
  }[kind]
  const { file: _f, tools: _t, ...rest } = doc as Record<string, unknown>
  let cleaned = clean(rest, defaults)
  if (kind === 'resources') cleaned = resourceMethodDefault(cleaned as never)
  return stableJson(cleaned)
}
