// When an OAuth credential's token is refreshed, read from one row in memory: the same condition as the credentials
// repository's `due` (the refresh job's), so a tool call never refreshes a token the job would not. And how to read the
// row's retry-after time: a lease (a refresh under way: the claim clears last_error) or a backoff after a failure.
import type { CredentialRow } from '../repository'

type DueFields = Pick<
  CredentialRow,
  | 'kind'
  | 'has_refresh_token'
  | 'status'
  | 'expires_at'
  | 'refreshed_at'
  | 'created_at'
  | 'refresh_retry_after'
  | 'last_error'
>

/** Retry-after still in the future: the credential is leased or backing off, and not due. */
const waiting = (row: DueFields, now: number) =>
  row.refresh_retry_after !== null && Date.parse(row.refresh_retry_after) > now

/**
 * Due: a refresh token, not auth_required, expiring within `marginS` — capped at half the token's lifetime (from its
 * last refresh, else the credential's creation), so a short-lived token is refreshed once per half-lifetime — or
 * already expired; and neither leased nor backing off.
 */
export function isRefreshDue(row: DueFields, marginS: number, now = Date.now()): boolean {
  if (row.kind !== 'oauth' || !row.has_refresh_token || row.status === 'auth_required' || row.expires_at === null)
    return false
  if (waiting(row, now)) return false
  const expires = Date.parse(row.expires_at)
  if (expires - now > marginS * 1000) return false
  const obtained = Date.parse(row.refreshed_at ?? row.created_at)
  return expires <= now || (expires - now) * 2 <= expires - obtained
}

/** Another caller (on this instance or another) holds a claim on the credential and is refreshing it now. */
export const isRefreshLeased = (row: DueFields, now = Date.now()) => waiting(row, now) && row.last_error === null

/** Waiting out the backoff after a failed refresh: when the next attempt may happen (ISO), else undefined. */
export const backoffUntil = (row: DueFields, now = Date.now()): string | undefined =>
  waiting(row, now) && row.last_error !== null && row.status !== 'auth_required'
    ? (row.refresh_retry_after ?? undefined)
    : undefined
