// A request context for tests that call the protocol backend directly, as the endpoint builds one at admission
// (docs/decisions/0029-one-request-context.md). The default version is before SEP-1303 (argument errors as -32602).
import type { FunctionHost } from '../../src/lib/host'
import type { OnServer, ServerRef } from '../../src/lib/request-context'

export function requestContext(
  server: ServerRef,
  host: FunctionHost,
  { version = '2025-06-18', requestId = 'test-request' } = {},
): OnServer {
  return {
    requestId,
    principal: 'test',
    projectId: server.project_id,
    server,
    version,
    host,
  }
}
