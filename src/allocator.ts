// `serve` runs with mimalloc's purging of freed pages turned off (MIMALLOC_PURGE_DELAY=-1), because under load the
// purge-and-refault cycle cost more CPU than the whole builtin tools/call (docs/decisions.md, "Builtin call under
// load"). mimalloc reads the variable when the process starts, so it cannot be set from here: when it is absent the
// process replaces itself (execve: same pid, same descriptors) with the same command and the variable set, before any
// other module of the binary is evaluated. An operator who sets MIMALLOC_PURGE_DELAY, to any value (10 is mimalloc's
// own default), keeps it and no re-exec happens. Imported first by main.ts, for its side effect only.

const PURGE = 'MIMALLOC_PURGE_DELAY'

/** The argv that runs this same command again: the compiled binary takes its arguments directly. */
function sameCommand(): string[] {
  const [, script = '', ...rest] = process.argv
  // A compiled binary's script is its embedded entry ("/$bunfs/…", "B:/~BUN/…"), not a file to hand to bun again.
  const compiled = script.startsWith('/$bunfs/') || script.includes('~BUN')
  return compiled ? [process.execPath, ...rest] : [process.execPath, ...process.execArgv, script, ...rest]
}

if (
  process.argv[2] === 'serve' &&
  process.env[PURGE] === undefined &&
  process.platform === 'linux' &&
  typeof process.execve === 'function'
) {
  try {
    process.execve(process.execPath, sameCommand(), { ...process.env, [PURGE]: '-1' })
  } catch {
    // Not replaced (a sandbox that forbids exec): it serves as it is, with mimalloc's default.
  }
}
