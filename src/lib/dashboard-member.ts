// The dashboard's REST calls are made in-process (src/ui/api-client.ts); each names the member whose session made it
// here, under the request id it carries, so the audit trail can say "this change came from the dashboard, by whom".
// A request id is a fresh UUIDv7 per call and is forgotten when the call ends: an outside caller cannot claim one.
const members = new Map<string, string>()

/** Runs `call` with `requestId` known as the dashboard member `member`'s. */
export async function asDashboardMember<T>(requestId: string, member: string, call: () => Promise<T>): Promise<T> {
  members.set(requestId, member)
  try {
    return await call()
  } finally {
    members.delete(requestId)
  }
}

/** The dashboard member a request was made for, when the dashboard made it. */
export const dashboardMemberOf = (requestId: string): string | undefined => members.get(requestId)
