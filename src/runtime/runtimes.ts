// The function runtimes a project may choose, declared once: the type, the REST/project-file schema and the runner's
// dispatch all come from this table, and the database keeps no CHECK on the column (docs/decisions/0027-open-kinds.md).
import type { TLiteral, TUnion } from '@sinclair/typebox'
import { t } from 'elysia'

/** `body`: what a function of this runtime carries — source code (run in the sandbox) or an HTTP call template. */
const RUNTIMES = {
  javascript: { body: 'code' },
  typescript: { body: 'code' },
  http: { body: 'http' },
} as const satisfies Record<string, { body: 'code' | 'http' }>

export type Runtime = keyof typeof RUNTIMES
/** The runtimes whose functions are source code. */
export type CodeRuntime = { [R in Runtime]: (typeof RUNTIMES)[R]['body'] extends 'code' ? R : never }[Runtime]

const RUNTIME_NAMES = Object.keys(RUNTIMES) as Runtime[]

export const isCodeRuntime = (runtime: Runtime): runtime is CodeRuntime => RUNTIMES[runtime].body === 'code'

const quoted = RUNTIME_NAMES.map((n) => `"${n}"`)
/** The schema of a `runtime` field, with one message naming every runtime. */
export const RuntimeSchema = t.Union(
  RUNTIME_NAMES.map((n) => t.Literal(n)),
  { error: `runtime must be ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` },
  // TypeBox infers a static type from a tuple only; one literal of the whole union says the same.
) as unknown as TUnion<[TLiteral<Runtime>]>
