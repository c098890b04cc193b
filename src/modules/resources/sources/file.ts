// `file` resources: a file under DATA_DIR/files/<project>/, text or base64 blob by mime type.
import { readFileSync, statSync } from 'node:fs'
import { AppError } from '../../../lib/errors'
import type { ResourceContents } from '../../../mcp/backend'
import { fromBytes } from './contents'
import { resolveProjectFile } from './safe-path'

const MAX_BYTES = 10 * 1024 * 1024

export function readFile(
  dataDir: string,
  projectId: string,
  path: string,
  uri: string,
  mimeType: string,
): ResourceContents[] {
  const real = resolveProjectFile(dataDir, projectId, path, 'file')
  const info = statSync(real)
  if (!info.isFile()) throw new AppError('not_found', `file "${path}" is not a regular file`)
  if (info.size > MAX_BYTES) throw new AppError('payload_too_large', `file "${path}" is larger than 10 MB`)
  return [fromBytes(uri, mimeType, readFileSync(real))]
}
