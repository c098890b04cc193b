// Envelope encryption (AES-256-GCM): secrets are sealed with a per-project data key, data keys are wrapped by the
// master key. A sealed value is `v1.<data key id>.<nonce>.<ciphertext+tag>`; associated data binds it to its record.

import { newId, nowIso } from '../lib/ids'
import { createCipheriv, createDecipheriv, randomBytes } from '../lib/node-crypto'
import type { Keyring, MasterKey } from './master-key'
import type { DataKeysRepository } from './seal-repository'

const NONCE_BYTES = 12
const TAG_BYTES = 16

export class SealError extends Error {}

function gcmSeal(key: Buffer, plaintext: Buffer, aad: string): string {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(Buffer.from(aad, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()])
  return `${nonce.toString('base64url')}.${body.toString('base64url')}`
}

function gcmOpen(key: Buffer, sealed: string, aad: string): Buffer {
  const [nonceText, bodyText] = sealed.split('.')
  if (!nonceText || !bodyText) throw new SealError('sealed value is malformed')
  const nonce = Buffer.from(nonceText, 'base64url')
  const body = Buffer.from(bodyText, 'base64url')
  if (nonce.length !== NONCE_BYTES || body.length < TAG_BYTES) throw new SealError('sealed value is malformed')
  const decipher = createDecipheriv('aes-256-gcm', key, nonce)
  decipher.setAAD(Buffer.from(aad, 'utf8'))
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES))
  try {
    return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()])
  } catch {
    // Wrong key, tampered bytes or a value moved to another record (associated data differs).
    throw new SealError('sealed value failed authentication')
  }
}

/** The associated data of a wrapped data key: its id and project, so a wrapped key cannot be swapped between rows. */
const wrapAad = (id: string, projectId: string) => `toolyard:data-key:${id}:${projectId}`

export const wrapDataKey = (master: MasterKey, id: string, projectId: string, dataKey: Buffer) =>
  gcmSeal(master.key, dataKey, wrapAad(id, projectId))
export const unwrapDataKey = (master: MasterKey, id: string, projectId: string, wrapped: string) =>
  gcmOpen(master.key, wrapped, wrapAad(id, projectId))

export interface Sealer {
  /** Seals `plaintext` with the project's data key (created on first use); `context` names the record and field. */
  seal(projectId: string, context: string, plaintext: string): Promise<string>
  /** Opens a value sealed for the same project and context; rejects with SealError otherwise. */
  open(projectId: string, context: string, sealed: string): Promise<string>
}

export function createSealer(keyring: Keyring, repo: DataKeysRepository): Sealer {
  // Unwrapped data keys stay in memory; they do not change when the master key rotates (only their wrapping does).
  // A hit answers without a query, so opening a credential at call time reads the data keys once per process.
  const cache = new Map<string, { projectId: string; key: Buffer }>()

  const unwrap = async (id: string): Promise<{ projectId: string; key: Buffer }> => {
    const hit = cache.get(id)
    if (hit) return hit
    const row = await repo.byId(id)
    if (!row) throw new SealError('data key not found')
    const master = keyring.byId(row.master_key_id)
    if (!master)
      throw new SealError(
        `master key ${row.master_key_id} is not available (check DATA_DIR/master.key* and TOOLYARD_MASTER_KEY)`,
      )
    const entry = { projectId: row.project_id, key: unwrapDataKey(master, row.id, row.project_id, row.wrapped) }
    cache.set(id, entry)
    return entry
  }

  // Two first seals of one project at once may each create a key (as two processes always could): harmless, every
  // sealed value names its key and later seals take the newest. Sharing one creation instead could deadlock: a seal
  // inside a transaction would wait for an insert that itself waits for that transaction to end.
  const createDataKey = async (projectId: string): Promise<{ id: string; key: Buffer }> => {
    // A rotation may have happened in another process since start-up: wrap with the newest master key on disk.
    keyring.reload()
    const master = keyring.current()
    const id = newId()
    const key = randomBytes(32)
    await repo.insert({
      id,
      project_id: projectId,
      master_key_id: master.id,
      wrapped: wrapDataKey(master, id, projectId, key),
      created_at: nowIso(),
    })
    cache.set(id, { projectId, key })
    return { id, key }
  }

  const dataKeyFor = async (projectId: string): Promise<{ id: string; key: Buffer }> => {
    const row = await repo.latestForProject(projectId)
    if (row) return { id: row.id, key: (await unwrap(row.id)).key }
    return createDataKey(projectId)
  }

  const aad = (keyId: string, projectId: string, context: string) => `toolyard:v1:${keyId}:${projectId}:${context}`

  return {
    async seal(projectId, context, plaintext) {
      const dk = await dataKeyFor(projectId)
      return `v1.${dk.id}.${gcmSeal(dk.key, Buffer.from(plaintext, 'utf8'), aad(dk.id, projectId, context))}`
    },
    async open(projectId, context, sealed) {
      const [version, keyId, nonce, body] = sealed.split('.')
      if (version !== 'v1' || !keyId || !nonce || !body) throw new SealError('sealed value is malformed')
      const dk = await unwrap(keyId)
      if (dk.projectId !== projectId) throw new SealError('sealed value belongs to another project')
      return gcmOpen(dk.key, `${nonce}.${body}`, aad(keyId, projectId, context)).toString('utf8')
    },
  }
}
