// Credentials owned by an end user (docs/decisions/0332-user-credentials.md): what the credentials feature needs of the
// users feature to store one — the user exists, the new row (or OAuth flow) is marked as theirs, and whoever waits for
// that user's connection hears of it (a connect link's in-band consent: src/modules/users/connect.ts).
import type { StoragePort } from '../../db/store'
import { notFound } from '../../lib/errors'

export interface CredentialOwners {
  tx: StoragePort['tx']
  userExists(projectId: string, userId: string): Promise<boolean>
  ownCredential(credentialId: string, userId: string): Promise<void>
  ownFlow(state: string, userId: string): Promise<void>
  flowOwner(state: string): Promise<string | null>
  /** Told after a user's credential for a provider is stored (committed). */
  connected(projectId: string, userId: string, providerId: string): void
}

/** 404 `user` when the project has no such user (another project's user is unknown too). */
export async function assertUser(owners: CredentialOwners | undefined, projectId: string, userId: string) {
  if (!owners || !(await owners.userExists(projectId, userId))) throw notFound('user')
}
