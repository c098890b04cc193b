// What tools and resources need from the credentials feature: a status for display and the opened data at run time.
export type CredentialStatus = 'not_required' | 'configured' | 'missing' | 'expired' | 'auth_required'

export interface CredentialAccess {
  /** Status of a stored credential of the project (no decryption); 'missing' when it does not exist. */
  status(projectId: string, credentialId: string): Promise<Exclude<CredentialStatus, 'not_required'>>
  /**
   * Opens the credential for a run: refreshes an OAuth token first when it is expired or inside the margin.
   * Returns the decrypted data only on 'configured'. Never log what it returns.
   */
  open(
    projectId: string,
    credentialId: string,
  ): Promise<{ status: Exclude<CredentialStatus, 'not_required'>; data?: Record<string, unknown> }>
}
