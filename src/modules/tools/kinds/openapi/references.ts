// The document's internal `$ref`s, checked in one walk: each must point at something, and the document followed
// through them must stay under a node budget. Shared targets are counted once and their size reused (never walked
// again per path that reaches them), so the check costs one visit per node of the document whatever its `$ref`s
// fan out to (docs/openapi.md, "Hostile documents").
type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Nodes the document may expand to once every `$ref` is replaced by its target (a cycle counted once). GitHub's full
 * REST description (about 1,100 operations, 13 MB) expands to about 2 million; a layered fan-out of `$ref`s (ten
 * schemas each referring to all ten of the next layer, eight layers) to a hundred million.
 */
export const MAX_REF_EXPANDED_NODES = 10_000_000
/** Levels of nesting counted through `$ref`s: a chain of thousands of schemas would otherwise overflow the stack. */
const MAX_REF_DEPTH = 1_000

/** The value a local JSON pointer (`#/a/b`) names in the document, or undefined (a malformed escape included). */
export function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined
  let node: unknown = doc
  for (const raw of ref.slice(1).split('/').slice(1)) {
    let key: string
    try {
      key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~')
    } catch {
      return undefined
    }
    if (!isObject(node) && !Array.isArray(node)) return undefined
    if (!Object.hasOwn(node, key)) return undefined
    node = (node as Json)[key]
  }
  return node
}

export type ReferenceProblem =
  | { kind: 'dangling'; at: string[]; ref: string }
  | { kind: 'too_deep'; at: string[] }
  | { kind: 'too_large'; nodes: number; largest?: { ref: string; nodes: number } }

/**
 * Walks the document once. Returns the first `$ref` that points at nothing, a nesting past MAX_REF_DEPTH through
 * `$ref`s, or an expansion past `budget`; undefined when the document is fine. `visits` counts the nodes walked
 * (a test checks it is the document's size, not its expansion).
 */
export function referenceProblem(
  doc: unknown,
  budget = MAX_REF_EXPANDED_NODES,
  visits = { count: 0 },
): ReferenceProblem | undefined {
  // Expanded size by node: a node reached again (through another $ref) costs a lookup, not a walk.
  const sizes = new Map<object, number>()
  const inProgress = new Set<object>()
  let largest: { ref: string; nodes: number } | undefined
  let problem: ReferenceProblem | undefined

  // Where a node sits, as a linked list (built per node without copying; turned into a path only for a report).
  type At = { key: string; up: At } | null
  const pathOf = (at: At): string[] => {
    const out: string[] = []
    for (let a = at; a; a = a.up) out.push(a.key)
    return out.reverse()
  }
  const pointerAt = (ref: string): At =>
    ref
      .slice(1)
      .split('/')
      .slice(1)
      .reduce<At>((up, raw) => ({ key: raw.replace(/~1/g, '/').replace(/~0/g, '~'), up }), null)

  const size = (value: unknown, at: At, depth: number): number => {
    if (problem || typeof value !== 'object' || value === null) return 1
    const known = sizes.get(value)
    if (known !== undefined) return known
    if (inProgress.has(value)) return 1
    if (depth > MAX_REF_DEPTH) {
      problem = { kind: 'too_deep', at: pathOf(at) }
      return 1
    }
    visits.count++
    inProgress.add(value)
    let total = 1
    if (!Array.isArray(value) && typeof (value as Json).$ref === 'string') {
      const ref = (value as Json).$ref as string
      if (ref.startsWith('#')) {
        const target = resolvePointer(doc, ref)
        if (target === undefined) {
          problem = { kind: 'dangling', at: [...pathOf(at), '$ref'], ref }
          inProgress.delete(value)
          return 1
        }
        const nodes = size(target, pointerAt(ref), depth + 1)
        if (!largest || nodes > largest.nodes) largest = { ref, nodes }
        total += nodes
      }
    }
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value)
    for (const [key, child] of entries) {
      if (key === '$ref') continue
      total += size(child, { key: String(key), up: at }, depth + 1)
    }
    inProgress.delete(value)
    sizes.set(value, total)
    return total
  }

  const nodes = size(doc, null, 0)
  if (problem) return problem
  if (nodes > budget) return { kind: 'too_large', nodes, ...(largest ? { largest } : {}) }
  return undefined
}
