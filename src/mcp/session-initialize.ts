// `initialize` on the 2025 transports: the server's answer (name, version, title, instructions) and a new session
// bound to the server and the caller, its id in the `mcp-session-id` header.
import { settle } from '../lib/maybe-promise'
import type { Principal } from './admission'
import type { ToolsBackend } from './backend'
import { initializeResult } from './dispatch'
import { jsonResponse } from './exchange'
import { isObject, type RpcRequest, success } from './jsonrpc'
import type { SessionStore } from './sessions'

export function sessionInitializer(
  sessions: SessionStore,
  version: string,
  backend?: Pick<ToolsBackend, 'instructions'>,
) {
  return (req: RpcRequest, who: Principal, h: Record<string, string>): Response | Promise<Response> => {
    const s = who.server
    const instructions = backend?.instructions
      ? backend.instructions(s, s.description ?? undefined)
      : (s.description ?? undefined)
    return settle(instructions, (text) => respond(req, who, h, text))
  }

  function respond(req: RpcRequest, who: Principal, h: Record<string, string>, instructions: string | undefined) {
    const s = who.server
    const result = initializeResult(s.name, version, req.params, {
      title: s.display_name ?? undefined,
      instructions,
    })
    const caps = req.params.capabilities
    const session = sessions.create({
      serverId: s.id,
      projectId: s.project_id,
      principal: who.principal,
      protocolVersion: result.protocolVersion,
      clientCapabilities: isObject(caps) ? caps : {},
    })
    return jsonResponse(success(req.id, result), 200, { ...h, 'mcp-session-id': session.id })
  }
}
