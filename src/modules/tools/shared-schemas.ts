// Input schemas shared by text among the tool sets the read model holds (docs/decisions/0406-tool-sets-in-memory.md):
// every cached tool with one schema text (a toolkit's hundred tools taking `{}`, a catalog toolkit attached in a
// thousand projects) holds one entry — the text once, its parsed form for listings, its compiled validator — and the
// entry is forgotten when the last tool set holding it leaves memory, so a deleted tool's validator goes with it.
import type { ValidateFunction } from 'ajv'
import { compileSchema } from './json-schema'

/** Freezes a parsed JSON value through and through (a shared form nobody may change for the next holder). */
export const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const x of Object.values(v)) deepFreeze(x)
  }
  return v
}

/** One schema text as every tool set holding it shares it. Both forms are made on first use. */
export class SharedSchema {
  /** Tool sets holding it (a set with several tools of this text counts once per tool). */
  holders = 0
  private parsedForm: Record<string, unknown> | undefined
  private compiled: ValidateFunction | undefined
  constructor(readonly text: string) {}

  /** The schema parsed and frozen: what a listing shows (callers only serialize it). */
  parsed(): Record<string, unknown> {
    this.parsedForm ??= deepFreeze(JSON.parse(this.text) as Record<string, unknown>)
    return this.parsedForm
  }

  /** The compiled validator, compiled on the first call of a tool with this schema. */
  validator(): ValidateFunction {
    this.compiled ??= compileSchema(JSON.parse(this.text) as Record<string, unknown>)
    return this.compiled
  }

  get isCompiled(): boolean {
    return this.compiled !== undefined
  }
}

export interface SharedSchemas {
  /** The entry for `text`, counted as held once more. */
  acquire(text: string): SharedSchema
  /** One holder fewer; the last one's release forgets the entry (a holder still using it keeps a working copy). */
  release(schema: SharedSchema): void
  /** The entry for `text` while some tool set holds it. */
  peek(text: string): SharedSchema | undefined
  /** Entries held now, and how many of them have a compiled validator (what a test counts). */
  counts(): { schemas: number; validators: number }
}

export function sharedSchemas(): SharedSchemas {
  const byText = new Map<string, SharedSchema>()
  return {
    acquire(text) {
      let s = byText.get(text)
      if (!s) {
        s = new SharedSchema(text)
        byText.set(text, s)
      }
      s.holders++
      return s
    },
    release(s) {
      if (--s.holders === 0 && byText.get(s.text) === s) byText.delete(s.text)
    },
    peek: (text) => byText.get(text),
    counts() {
      let validators = 0
      for (const s of byText.values()) if (s.isCompiled) validators++
      return { schemas: byText.size, validators }
    },
  }
}
