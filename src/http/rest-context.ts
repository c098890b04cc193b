// The request context of a REST "use" route (tools/call, resources/read, prompts/get): the same type the protocol
// endpoint builds at admission (src/lib/request-context.ts), without a protocol version or session, its server only
// when the body names one. One builder, so every REST route reports the same request id, principal and host.
import type { AuthContext } from '../lib/access'
import { detachedHost } from '../lib/host'
import type { RequestContext, ServerRef } from '../lib/request-context'
import { requestIdOf } from './pipeline'

export function restRequestContext(
  request: Request,
  auth: Pick<AuthContext, 'projectId' | 'keyId'> &
    Partial<Pick<AuthContext, 'role' | 'userId' | 'groups' | 'clientName'>>,
  server?: ServerRef,
): RequestContext {
  return {
    requestId: requestIdOf(request),
    principal: `key:${auth.keyId}`,
    ...(auth.role ? { role: auth.role } : {}),
    ...(auth.userId ? { userId: auth.userId } : {}),
    ...(auth.groups ? { groups: auth.groups } : {}),
    projectId: auth.projectId,
    ...(server ? { server } : {}),
    ...(auth.clientName ? { clientName: auth.clientName } : {}),
    host: detachedHost(request.signal),
  }
}
