// Resolves a user path inside DATA_DIR/files/<project>/ and refuses anything that would leave that folder.
import { realpathSync } from 'node:fs'
import { isAbsolute, join, normalize, sep } from 'node:path'
import { AppError, badRequest } from '../../../lib/errors'

const projectFilesDir = (dataDir: string, projectId: string) => join(dataDir, 'files', projectId)

/** Static check at registration: relative, no `..` segments, no NUL. */
export function pathProblem(path: string): string | undefined {
  if (path.includes('\0')) return 'path must not contain NUL characters'
  if (isAbsolute(path) || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\'))
    return "path must be relative to the project's files folder"
  if (path.split(/[\\/]+/).includes('..')) return "path must not contain '..' segments"
  return undefined
}

/**
 * The real path of `path` under the project's folder. Symlinks are resolved first, so a link pointing
 * outside the folder is refused like `../` is. Missing file → 404; escape → 400.
 */
export function resolveProjectFile(
  dataDir: string,
  projectId: string,
  path: string,
  what: 'file' | 'database',
): string {
  const problem = pathProblem(path)
  if (problem) throw badRequest(problem, [{ field: what === 'file' ? 'path' : 'database', message: problem }])
  let root: string
  let real: string
  try {
    root = realpathSync(projectFilesDir(dataDir, projectId))
    real = realpathSync(join(root, normalize(path)))
  } catch {
    throw new AppError('not_found', `${what} "${path}" not found in the project's files folder`)
  }
  if (!real.startsWith(root + sep))
    throw badRequest(`${what} path "${path}" resolves outside the project's files folder`)
  return real
}
