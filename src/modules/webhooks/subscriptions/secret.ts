// Webhook signing secrets: generation (whsec_ + base64 of 32 random bytes) and the storage port that seals them.

import type { Sealer } from '../../../crypto/seal'
import { randomBytes } from '../../../lib/node-crypto'

export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/**
 * How a subscription's secret is kept at rest. It must be recoverable (every delivery signs with it),
 * so it is sealed rather than hashed; the subscription id binds the ciphertext to its row.
 */
export interface SecretBox {
  seal(subscriptionId: string, projectId: string, secret: string): Promise<string>
  open(subscriptionId: string, projectId: string, stored: string): Promise<string>
}

/** Seals with the credentials vault (AES-256-GCM, per-project data key); a value stored before sealing was wired opens as is. */
export function sealedSecrets(sealer: Sealer): SecretBox {
  const context = (id: string) => `subscription:${id}:secret`
  return {
    seal: (id, projectId, secret) => sealer.seal(projectId, context(id), secret),
    open: async (id, projectId, stored) =>
      stored.startsWith('whsec_') ? stored : sealer.open(projectId, context(id), stored),
  }
}
