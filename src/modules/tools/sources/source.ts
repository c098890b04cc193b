// What a kind of toolkit is: where its toolkits and tools come from and how one of its tools runs. Every place that
// used to ask "pre-built or the project's row?" asks the registry (./registry.ts) instead, so a new kind (a remote
// MCP server, an OpenAPI document) is one more source, not one more branch per feature (docs/decisions/README.md,
// "Open kinds").
import type { RequestContext } from '../../../lib/request-context'
import type { RunOutcome } from '../../../runtime/run-function'
import type { ToolRow } from '../repository'

/** A toolkit as every kind shows it (GET /toolkits); `toolkit_type` is the source's kind. */
export interface ToolkitRecord {
  id: string
  name: string
  display_name?: string
  description?: string
  toolkit_type: string
  status: string
  provider?: string
  created_at?: string
  updated_at?: string
}

/**
 * A call that did not reach the tool's implementation but is the tool's failure, not the caller's: argument values
 * that break the input schema (the model can read and correct them), or a credential that cannot be used.
 */
export type ToolFailure =
  | { ok: false; kind: 'invalid_arguments'; message: string; fields: string[] }
  | { ok: false; kind: 'credential'; message: string }
  /**
   * The caller's own credential for the provider is missing or unusable (credential_mode per_user): the user must
   * connect it first (in-band consent: src/modules/users/connect.ts).
   */
  | { ok: false; kind: 'consent'; message: string; userId: string; providerId: string }

/** The toolkits a kind keeps itself (data in the binary): every project sees them, listed before its own rows. */
interface BuiltInToolkits {
  toolkits: readonly ToolkitRecord[]
  toolkit(id: string): ToolkitRecord | undefined
  tool(id: string): ToolRow | undefined
}

export interface ToolkitSource {
  /** The `toolkit_type` value; a kind without `builtIn` keeps its toolkits as the project's rows of this type. */
  readonly kind: string
  readonly builtIn?: BuiltInToolkits
  /** Why REST may not change its toolkits, register tools into them or change their tools (undefined: it may). */
  readonly readOnly?: { toolkit?: string; addTool?: string; tool?: string }
  /** Fields its toolkits add to GET /toolkits/{id} (a remote toolkit's `remote` block). */
  detail?(toolkitId: string): Promise<Record<string, unknown> | undefined>
  /** The tools of one of its toolkits. */
  listTools(toolkitId: string): Promise<ToolRow[]>
  /**
   * Runs one of its tools (arguments already checked against the input schema); throws AppError when it cannot start.
   * `ctx` is the request's one context (request id, principal, project, server, host: the object the protocol and REST
   * routes built at admission); what the call adds is the tool, its arguments and the credential mapped on the server
   * for the tool's provider (undefined: none is).
   */
  callTool(
    ctx: RequestContext,
    tool: ToolRow,
    args: Record<string, unknown>,
    credentialId: string | undefined,
  ): Promise<RunOutcome | ToolFailure>
}
