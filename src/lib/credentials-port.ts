// What tools and resources need from the credentials feature: a status for display and the opened data at run time.
export type CredentialStatus = 'not_required' | 'configured' | 'missing' | 'expired' | 'auth_required'

/**
 * Why an opened credential cannot be used now: a stored status, or `unreachable` — an OAuth token expired and its
 * provider could not be reached to refresh it; the refresh is retried, and `message` says when.
 */
type OpenStatus = Exclude<CredentialStatus, 'not_required'> | 'unreachable'

/** An opened credential: its data when configured, the caller's words (no secret in them) when unreachable. */
type OpenedCredential =
  | { status: 'unreachable'; message: string }
  | { status: Exclude<OpenStatus, 'unreachable'>; data?: Record<string, unknown> }

/** A credential that cannot be used, as the function runner reports it. */
export type CredentialRefusal =
  | { status: 'unreachable'; message: string }
  | { status: Exclude<OpenStatus, 'unreachable' | 'configured'> }

export interface CredentialAccess {
  /** Status of a stored credential of the project (no decryption); 'missing' when it does not exist. */
  status(projectId: string, credentialId: string): Promise<Exclude<CredentialStatus, 'not_required'>>
  /**
   * Opens the credential for a run: refreshes an OAuth token first when it is due (as the refresh job would).
   * Returns the decrypted data only on 'configured'; on 'unreachable' a message for the caller (no secret in it).
   * Never log what it returns.
   */
  open(projectId: string, credentialId: string): Promise<OpenedCredential>
  /** The end user who owns the credential (docs/decisions/0332-user-credentials.md); null: the project's own. */
  ownerOf?(projectId: string, credentialId: string): Promise<string | null>
}

/** The words a caller gets for a credential that cannot be used: `problem` for the stored statuses, or the
 *  unreachable provider's message as the access port wrote it. */
export const refusalWords = (
  refused: CredentialRefusal,
  problem: (status: Exclude<CredentialStatus, 'not_required' | 'configured'>) => string,
): string => (refused.status === 'unreachable' ? refused.message : problem(refused.status))
