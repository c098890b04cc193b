// Reading a command's argv: flags with values, repeatable flags, switches; what is left over is refused.
export class UsageError extends Error {}

export function takeFlag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const value = args[i + 1]
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`)
  args.splice(i, 2)
  return value
}

/** Every value of a repeatable flag. */
export function takeAll(args: string[], name: string): string[] {
  const values: string[] = []
  for (let v = takeFlag(args, name); v !== undefined; v = takeFlag(args, name)) values.push(v)
  return values
}

export function takeSwitch(args: string[], name: string): boolean {
  const i = args.indexOf(name)
  if (i < 0) return false
  args.splice(i, 1)
  return true
}

/** Refuses flags a command does not know, so a typo is not silently ignored. */
export function noMoreFlags(args: string[]) {
  const stray = args.find((a) => a.startsWith('-'))
  if (stray) throw new UsageError(`unknown option ${stray}`)
}
