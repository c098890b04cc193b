// `toolyard serve --help` names every flag serve accepts, with its variable: the list is read from the code that
// parses the flags, so a new setting with a flag fails here until the help text mentions it.
import { expect, test } from 'bun:test'
import { ConfigError, flagsToEnv } from '../config'
import { ENV_NAMES, FLAG_NAMES } from '../config-names'
import { COMMAND_USAGE } from './usage'

/** The flags `serve` accepts, as flagsToEnv itself says when it refuses an unknown one. */
function acceptedServeFlags(): string[] {
  try {
    flagsToEnv(['--surely-not-a-flag', 'x'], {})
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    const list = /serve accepts (.+)\)$/.exec((error as Error).message)?.[1]
    if (list) return list.split(', ')
  }
  throw new Error('flagsToEnv did not list the flags it accepts')
}

test('serve --help lists every flag serve accepts, each with the variable it sets', () => {
  const help = COMMAND_USAGE.serve!
  const flags = acceptedServeFlags()
  expect(flags.length).toBe(Object.keys(FLAG_NAMES).length)
  const missing = flags.filter((flag) => !new RegExp(`(^|[\\s\\[])${flag}[\\s=\\]]`).test(help))
  expect(missing).toEqual([])
  const variables = Object.entries(FLAG_NAMES).map(([field]) => ENV_NAMES[field as keyof typeof ENV_NAMES])
  expect(variables.filter((name) => !help.includes(name))).toEqual([])
})
