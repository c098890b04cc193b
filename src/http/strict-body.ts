// Finds unknown body fields so they can be answered 400 by name. Elysia's normalizer would silently
// strip them from `additionalProperties: false` schemas before validating, so they are looked for first.
import type { TSchema } from '@sinclair/typebox'
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler'
import { ValueErrorType } from '@sinclair/typebox/errors'
import { Value } from '@sinclair/typebox/value'
import type { ErrorDetail } from '../lib/errors'

/** The part of Elysia's route list this needs: method, full path and the route's body schema. */
export interface RouteInfo {
  method: string
  path: string
  hooks?: { body?: unknown }
}

/** `/toolkits/0/a~1b` → `toolkits.0.a/b` (JSON Pointer unescaped, dotted). */
export function pointerToField(where: string, pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  return parts.length ? `${where}.${parts.join('.')}` : where
}

function hasClosedObject(schema: unknown, depth = 0): boolean {
  if (!schema || typeof schema !== 'object' || depth > 20) return false
  const s = schema as Record<string, unknown>
  if (s.additionalProperties === false) return true
  return Object.values(s).some((v) =>
    Array.isArray(v) ? v.some((x) => hasClosedObject(x, depth + 1)) : hasClosedObject(v, depth + 1),
  )
}

/** Builds the check lazily (routes are all registered before the first request arrives). */
export function createStrictBodyCheck(routes: () => readonly RouteInfo[]) {
  let indexedCount = -1
  const checks = new Map<string, TypeCheck<TSchema> | null>()

  const checkFor = (method: string, path: string): TypeCheck<TSchema> | null => {
    const all = routes()
    if (all.length !== indexedCount) {
      checks.clear()
      indexedCount = all.length
      for (const r of all) {
        const body = r.hooks?.body
        if (body && typeof body === 'object' && hasClosedObject(body)) checks.set(`${r.method} ${r.path}`, null)
      }
    }
    const key = `${method} ${path}`
    if (!checks.has(key)) return null
    let compiled = checks.get(key)!
    if (!compiled) {
      const schema = routes().find((r) => `${r.method} ${r.path}` === key)!.hooks!.body as TSchema
      try {
        compiled = TypeCompiler.Compile(schema)
      } catch {
        checks.delete(key) // A schema TypeBox cannot compile (refs to models) is left to Elysia.
        return null
      }
      checks.set(key, compiled)
    }
    return compiled
  }

  /**
   * The details of a 400 naming every bad field when the body carries a field its schema does not
   * know; null when it does not. Callers raise it after authentication (see errors-plugin).
   */
  return (method: string, route: string, body: unknown): ErrorDetail[] | null => {
    if (!body || typeof body !== 'object') return null
    const check = checkFor(method, route)
    if (!check) return null
    const withDefaults = Value.Default(check.Schema(), structuredClone(body))
    if (check.Check(withDefaults)) return null
    const all = [...check.Errors(withDefaults)]
    // Elysia reports the rest, except a non-object where an object is due: its normalizer would turn a string into an
    // object of its characters (`"ab"` → `{"0":{},"1":{}}`, one per character, slow for a long string) and accept it.
    const errors = all.some((e) => e.type === ValueErrorType.ObjectAdditionalProperties)
      ? all
      : all.filter((e) => notAnObject(e.value) && expectsOnlyObject(e.schema))
    if (errors.length === 0) return null
    const seen = new Set<string>()
    const details: ErrorDetail[] = []
    for (const e of errors) {
      const field = pointerToField('body', e.path)
      const unknown = e.type === ValueErrorType.ObjectAdditionalProperties
      const custom = (e.schema as { error?: unknown }).error
      if (seen.has(field)) continue
      seen.add(field)
      const message = unknown
        ? 'unknown field'
        : typeof custom === 'string'
          ? custom
          : notAnObject(e.value) && expectsOnlyObject(e.schema)
            ? 'expected an object'
            : e.message
      details.push({ field, message })
    }
    return details
  }
}

const notAnObject = (value: unknown) =>
  value !== null && value !== undefined && (typeof value !== 'object' || Array.isArray(value))

/** An object schema, or a union whose only non-null members are object schemas (`nullable(t.Record(…))`). */
function expectsOnlyObject(schema: TSchema): boolean {
  const s = schema as { type?: unknown; anyOf?: { type?: unknown }[] }
  if (s.type === 'object') return true
  const members = s.anyOf?.filter((m) => m.type !== 'null')
  return !!members?.length && members.every((m) => m.type === 'object')
}
