// The configuration's data dir check, kept apart from src/config.ts so that file stays small.
import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

/** The data dir must be a writable directory, or creatable under the nearest existing parent. */
export function dataDirProblem(dir: string): string | null {
  let probe = resolve(dir)
  let missing = false
  while (!existsSync(probe)) {
    missing = true
    const parent = dirname(probe)
    if (parent === probe) return 'no existing parent directory'
    probe = parent
  }
  if (!statSync(probe).isDirectory()) return `${probe} is not a directory`
  try {
    accessSync(probe, constants.W_OK | constants.X_OK)
  } catch {
    return missing ? `cannot create it: ${probe} is not writable` : `${probe} is not writable`
  }
  return null
}
