// The request context of a REST "use" route (tools/call, resources/read, prompts/get): the same type the protocol
// endpoint builds at admission (src/lib/request-context.ts), without a protocol version or session, its server only
// when the body names one. One builder, so every REST route reports the same request id, principal and host.
import { detachedHost } from '../lib/host'
import type { Logger } from '../lib/log'
import type { RestRequestContext, ServerRef } from '../lib/request-context'
import { requestIdOf } from './pipeline'

export function restRequestContext(
  request: Request,
  auth: { projectId: string; keyId: string },
  log: Logger,
  server?: ServerRef,
): RestRequestContext {
  return {
    requestId: requestIdOf(request),
    principal: `key:${auth.keyId}`,
    projectId: auth.projectId,
    ...(server ? { server } : {}),
    host: detachedHost(request.signal),
    log,
  }
}
