// `initialize` on the 2025 transports: the server's answer (name, version, title, instructions) and a new session
// bound to the server and the caller, its sealed id in the `mcp-session-id` header.
import type { Principal } from './admission'
import type { ToolsBackend } from './backend'
import { directoryFailure } from './directory-failure'
import { initializeResult } from './dispatch'
import { jsonResponse } from './exchange'
import { isObject, type RpcRequest, success } from './jsonrpc'
import type { Session, SessionStore } from './sessions'

export function sessionInitializer(
  sessions: SessionStore,
  version: string,
  backend: Pick<ToolsBackend, 'instructions'> | undefined,
  /** Logs a failure of the session directory (the client gets a JSON-RPC internal error, HTTP 503; 507 when full). */
  onInternal: (err: unknown) => void,
) {
  return async (req: RpcRequest, who: Principal, h: Record<string, string>): Promise<Response> => {
    const s = who.server
    // The tool-discovery instructions may need a load (a server's settings not read yet): awaited only then.
    const instructions = await (backend?.instructions
      ? backend.instructions(s, s.description ?? undefined)
      : (s.description ?? undefined))
    const result = initializeResult(s.name, version, req.params, {
      title: s.display_name ?? undefined,
      instructions,
    })
    const caps = req.params.capabilities
    let session: Session
    try {
      // Awaited: the id is handed out once the session directory holds it, so any instance can take it up.
      session = await sessions.create({
        serverId: s.id,
        projectId: s.project_id,
        principal: who.principal,
        protocolVersion: result.protocolVersion,
        clientCapabilities: isObject(caps) ? caps : {},
      })
    } catch (err) {
      return directoryFailure(req.id, err, h, onInternal)
    }
    return jsonResponse(success(req.id, result), 200, { ...h, 'mcp-session-id': session.id })
  }
}
