// A policy's `when`: a CEL expression over the call (args, user, tool, server, now), on @marcbachmann/cel-js. Checked
// at save (parse and types, with the error's position) and evaluated under a cost bound: the library has structural
// limits but no evaluation budget, so the cost of a run is bounded before it starts (docs/decisions/0341-policy-conditions.md).
import { Environment } from '@marcbachmann/cel-js'
import { re2RegExp, UnsupportedPatternError } from '../tools/re2-regexp'

/** The longest `when` accepted, in characters. */
const MAX_EXPRESSION_CHARS = 2000
/** Nested comprehensions (all, exists, exists_one, map, filter inside each other) an expression may hold. */
const MAX_COMPREHENSION_DEPTH = 2
/**
 * The evaluation budget, in node visits: an expression's node count times (1 + the size of the call's arguments) for
 * each level of nested comprehension. A run estimated past it is not started: the policy denies and says so.
 */
export const COST_LIMIT = 1_000_000

const MACROS = new Set(['all', 'exists', 'exists_one', 'map', 'filter'])

const env = new Environment({
  limits: { maxAstNodes: 256, maxDepth: 32, maxListElements: 64, maxMapEntries: 64, maxCallArguments: 8 },
})
  .registerVariable('args', 'map<string, dyn>')
  .registerVariable('user', 'map<string, dyn>')
  .registerVariable('tool', 'string')
  .registerVariable('server', 'string')
  .registerVariable('now', 'google.protobuf.Timestamp')
  // JavaScript's RegExp (what the library's `s.matches(p)` runs) can backtrack for ever on a crafted input; this form
  // runs on RE2, linear in the input, and the receiver form is refused at save.
  .registerFunction('matches(string, string): bool', (text: string, pattern: string) =>
    re2RegExp(pattern, '').test(text),
  )

/** A checked expression, ready to run: its evaluator and what its cost estimate needs. */
export interface CompiledCondition {
  readonly source: string
  readonly nodes: number
  readonly comprehensionDepth: number
  run(vars: ConditionVars): unknown
}

interface ConditionVars {
  args: Record<string, unknown>
  user: Record<string, unknown>
  tool: string
  server: string
  now: Date
}

/** Why an expression was refused at save: the message and where (a 0-based character offset, line and column). */
export class ConditionError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly line: number,
    readonly column: number,
  ) {
    super(message)
  }
}

type AstNode = { op: string; args: unknown; start?: number; pos?: number }
const isNode = (v: unknown): v is AstNode => typeof v === 'object' && v !== null && 'op' in v && 'args' in v

/** Node count, deepest comprehension nesting, and the first receiver-form `matches` call (refused), without recursion. */
function shape(root: AstNode) {
  let nodes = 0
  let depth = 0
  let receiverMatches: AstNode | undefined
  const stack: [unknown, number][] = [[root, 0]]
  while (stack.length) {
    const [item, d] = stack.pop()!
    if (Array.isArray(item)) {
      for (const x of item) stack.push([x, d])
      continue
    }
    if (!isNode(item)) continue
    nodes++
    if (item.op === 'rcall' && Array.isArray(item.args)) {
      const [name, receiver, list] = item.args as [unknown, unknown, unknown]
      const macro = typeof name === 'string' && MACROS.has(name)
      if (name === 'matches') receiverMatches ??= item
      if (macro) depth = Math.max(depth, d + 1)
      // The receiver is evaluated once; the macro's arguments once per element.
      stack.push([receiver, d], [list, macro ? d + 1 : d])
    } else stack.push([item.args, d])
  }
  return { nodes, depth, receiverMatches }
}

function located(message: string, source: string, position: number): ConditionError {
  const before = source.slice(0, position)
  const line = before.split('\n').length
  const column = position - (before.lastIndexOf('\n') + 1) + 1
  // The library's message repeats the source with a caret; the first line says what is wrong.
  const what = message.split('\n')[0]!.trim()
  return new ConditionError(`${what} (at position ${position}, line ${line}, column ${column})`, position, line, column)
}

/** Parses and type-checks `source`; throws ConditionError naming the position when it is refused. */
export function compileCondition(source: string): CompiledCondition {
  if (source.length > MAX_EXPRESSION_CHARS)
    throw located(`expression is longer than ${MAX_EXPRESSION_CHARS} characters`, source, MAX_EXPRESSION_CHARS)
  let parsed: ReturnType<typeof env.parse>
  try {
    parsed = env.parse(source)
  } catch (error) {
    throw fromLibrary(error, source)
  }
  const checked = parsed.check()
  if (!checked.valid) throw fromLibrary(checked.error, source)
  if (checked.type !== 'bool' && checked.type !== 'dyn')
    throw located(`expression must be a bool, not ${checked.type}`, source, 0)
  const { nodes, depth, receiverMatches } = shape(parsed.ast as unknown as AstNode)
  if (receiverMatches)
    throw located(
      'text.matches(pattern) is not available: use matches(text, pattern), which runs on RE2',
      source,
      receiverMatches.start ?? 0,
    )
  if (depth > MAX_COMPREHENSION_DEPTH)
    throw located(
      `comprehensions (all, exists, exists_one, map, filter) nest at most ${MAX_COMPREHENSION_DEPTH} deep`,
      source,
      0,
    )
  checkPatterns(parsed.ast as unknown as AstNode, source)
  return { source, nodes, comprehensionDepth: depth, run: (vars) => parsed(vars as unknown as Record<string, unknown>) }
}

/** A literal pattern of matches(text, pattern) RE2 cannot compile is refused at save, where it stands. */
function checkPatterns(root: AstNode, source: string) {
  const stack: unknown[] = [root]
  while (stack.length) {
    const node = stack.pop()
    if (Array.isArray(node)) {
      stack.push(...node)
      continue
    }
    if (!isNode(node)) continue
    if (node.op === 'call' && Array.isArray(node.args) && node.args[0] === 'matches') {
      const pattern = (node.args[1] as unknown[])?.[1]
      if (isNode(pattern) && pattern.op === 'value' && typeof pattern.args === 'string')
        try {
          re2RegExp(pattern.args, '')
        } catch (error) {
          if (error instanceof UnsupportedPatternError) throw located(error.message, source, pattern.start ?? 0)
          throw error
        }
    }
    stack.push(node.args)
  }
}

function fromLibrary(error: unknown, source: string): ConditionError {
  const e = error as { message?: string; range?: { start: number } }
  return located(e?.message ?? String(error), source, e?.range?.start ?? 0)
}

/**
 * The size of a call's arguments for the cost estimate: every value counts one, and a string as many as its characters
 * (a split or a comprehension over it grows with them). Stops counting once past `cap`.
 */
export function argumentSize(args: unknown, cap: number): number {
  let n = 0
  const stack: unknown[] = [args]
  while (stack.length && n <= cap) {
    const v = stack.pop()
    n++
    if (typeof v === 'string') n += v.length
    else if (Array.isArray(v)) for (const x of v) stack.push(x)
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) stack.push(k, x)
  }
  return n
}

/** The estimated node visits of a run over arguments of `size`; a condition without comprehensions costs its nodes. */
export function estimatedCost(c: Pick<CompiledCondition, 'nodes' | 'comprehensionDepth'>, size: number): number {
  return c.nodes * (1 + size) ** c.comprehensionDepth
}
