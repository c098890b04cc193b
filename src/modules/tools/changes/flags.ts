// What a reviewer should look at twice in a proposed tool definition (docs/decisions/0348-change-flags.md): links it
// adds, wording aimed at the model rather than at describing the tool, characters a person cannot see, and parameters
// it newly requires. A heuristic to direct attention, never a verdict: every change is held whether flagged or not.

/** One reason to look closely, naming the field (dotted path into the definition) and what was found. */
export interface ChangeFlag {
  kind: 'url' | 'instructions' | 'invisible_unicode' | 'required_parameter'
  field: string
  detail: string
}

/** A definition as reviewed: the fields a client sees of a tool (JSON values, not JSON text). */
export interface ReviewedDefinition {
  title?: string | null
  description?: string | null
  input_schema?: unknown
  output_schema?: unknown
  annotations?: unknown
}

/**
 * Phrases that address the model instead of describing the tool: overriding earlier instructions, commands it must
 * follow, secrecy from the user, pseudo system markup, sensitive local files. Each is matched case-insensitively on
 * text as a model reads it (see `readable`); each is tried on real descriptions (./flags.test.ts) before it is added.
 */
const INSTRUCTION_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  {
    name: 'overrides earlier instructions',
    pattern:
      /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+|the\s+|your\s+)?(previous|prior|above|earlier|preceding|other)\b/i,
  },
  {
    name: 'commands the model',
    pattern: /\byou\s+(must|have\s+to|are\s+required\s+to|should\s+always|will\s+always|shall)\b/i,
  },
  { name: 'commands the model', pattern: /\balways\s+(call|use|run|invoke|include|send|pass|read|execute|prefer)\b/i },
  {
    name: 'commands the model',
    pattern: /\b(before|after|instead\s+of)\s+(using|calling|running|invoking)\s+(this|any|another|other)\s+tools?\b/i,
  },
  { name: 'commands the model', pattern: /\bwhen\s+this\s+tool\s+is\s+(available|present|loaded)\b/i },
  {
    name: 'hides from the user',
    pattern: /\b(do\s+not|don'?t|never)\s+(tell|mention|inform|reveal|show|notify|alert|let)\b[^.]{0,100}\buser\b/i,
  },
  {
    name: 'hides from the user',
    pattern: /\bwithout\s+(telling|informing|notifying|asking|alerting)\s+(the\s+)?user\b/i,
  },
  { name: 'hides from the user', pattern: /\bkeep\s+(this|it|that)\s+(secret|hidden|confidential|between\s+us)\b/i },
  {
    name: 'system-prompt-like',
    pattern: /<\s*\/?\s*(important|system|instructions?|secret|admin|assistant|im_start|im_end)\s*>/i,
  },
  {
    name: 'system-prompt-like',
    pattern: /\b(system\s+prompt|system\s+message|new\s+instructions|developer\s+mode|jailbreak)\b/i,
  },
  { name: 'system-prompt-like', pattern: /\byou\s+are\s+now\b|\bas\s+an\s+ai\b|\bas\s+a\s+language\s+model\b/i },
  {
    name: 'names a sensitive file',
    pattern: /(~\/\.[\w./-]*|\/\.ssh\b|\bid_rsa\b|\bmcp\.json\b|\/etc\/passwd\b|\.aws\/credentials\b)/i,
  },
]

/** Characters that change what a model reads without showing: tag characters, zero-width ones and bidi controls. */
const INVISIBLE: readonly { name: string; test: (cp: number) => boolean }[] = [
  { name: 'tag character', test: (cp) => cp >= 0xe0000 && cp <= 0xe007f },
  {
    name: 'zero-width',
    test: (cp) => (cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff || cp === 0x180e,
  },
  {
    name: 'bidi control',
    test: (cp) =>
      (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2066 && cp <= 0x2069) ||
      cp === 0x200e ||
      cp === 0x200f ||
      cp === 0x061c,
  },
]

const URL_PATTERN =
  /\b(?:https?|ftp|file|data|javascript):[^\s"'<>)\]}]+|\bwww\.[a-z0-9-]+(?:\.[a-z0-9-]+)+[^\s"'<>)\]}]*/gi

/** Schema keywords whose value is a URL by design (a JSON Schema dialect or reference), not text for the model. */
const URL_KEYWORDS = new Set(['$schema', '$id', '$ref', '$dynamicRef'])

const FIELDS = ['title', 'description', 'input_schema', 'output_schema', 'annotations'] as const

/** Every string of a definition with its dotted path; object keys are text a model reads too. */
function strings(def: ReviewedDefinition | undefined): { path: string; text: string; key?: string }[] {
  const out: { path: string; text: string; key?: string }[] = []
  const walk = (v: unknown, path: string, key?: string) => {
    if (typeof v === 'string') out.push({ path, text: v, ...(key ? { key } : {}) })
    else if (Array.isArray(v))
      v.forEach((x, i) => {
        walk(x, `${path}.${i}`)
      })
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push({ path: `${path}.${k}`, text: k, key: '(name)' })
        walk(x, `${path}.${k}`, k)
      }
  }
  for (const f of FIELDS) walk(def?.[f], f)
  return out
}

/**
 * The text as a model reads it: a run of tag characters spelled out in the ASCII it encodes (models decode them; a
 * person sees nothing), zero-width characters and bidi controls dropped (they split words to dodge a filter).
 */
const readable = (text: string) =>
  text
    .replace(/[\u{E0000}-\u{E007F}]+/gu, (run) =>
      [' ', ...[...run].map((ch) => String.fromCharCode((ch.codePointAt(0) ?? 0) - 0xe0000)), ' ']
        .join('')
        .replace(/[^\x20-\x7e]/g, ''),
    )
    .replace(/[\u200b-\u200f\u2060\ufeff\u180e\u202a-\u202e\u2066-\u2069\u061c]/g, '')

const cut = (s: string, n = 80) => (s.length > n ? `${s.slice(0, n)}…` : s)

const requiredOf = (schema: unknown): string[] => {
  const r = (schema as { required?: unknown } | null | undefined)?.required
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string') : []
}

/** The flags of a change from `before` (undefined: a new tool) to `after`. */
export function flagChange(before: ReviewedDefinition | undefined, after: ReviewedDefinition): ChangeFlag[] {
  const flags: ChangeFlag[] = []
  const old = strings(before)
  const oldUrls = new Set(old.flatMap((s) => (URL_KEYWORDS.has(s.key ?? '') ? [] : (s.text.match(URL_PATTERN) ?? []))))
  const oldPhrases = new Set(
    old.flatMap((s) => INSTRUCTION_PATTERNS.flatMap((p) => readable(s.text).match(p.pattern)?.[0].toLowerCase() ?? [])),
  )
  for (const s of strings(after)) {
    if (!URL_KEYWORDS.has(s.key ?? ''))
      for (const url of new Set(s.text.match(URL_PATTERN) ?? []))
        if (!oldUrls.has(url)) flags.push({ kind: 'url', field: s.path, detail: `adds ${cut(url)}` })
    const text = readable(s.text)
    for (const p of INSTRUCTION_PATTERNS) {
      const m = text.match(p.pattern)?.[0]
      if (m && !oldPhrases.has(m.toLowerCase()))
        flags.push({ kind: 'instructions', field: s.path, detail: `${p.name}: "${cut(m)}"` })
    }
    const counts = new Map<string, number>()
    for (const ch of s.text) {
      const cp = ch.codePointAt(0) ?? 0
      const kind = INVISIBLE.find((i) => i.test(cp))
      if (kind) counts.set(kind.name, (counts.get(kind.name) ?? 0) + 1)
    }
    for (const [name, n] of counts)
      flags.push({ kind: 'invisible_unicode', field: s.path, detail: `${n} invisible ${name}${n === 1 ? '' : 's'}` })
  }
  if (before) {
    const had = new Set(requiredOf(before.input_schema))
    for (const name of requiredOf(after.input_schema))
      if (!had.has(name))
        flags.push({
          kind: 'required_parameter',
          field: 'input_schema.required',
          detail: `newly requires "${cut(name)}"`,
        })
  }
  return dedupe(flags).slice(0, MAX_FLAGS)
}

/** Flags kept per change: a definition of many fields each with a link still makes a short list to read. */
const MAX_FLAGS = 50

function dedupe(flags: ChangeFlag[]): ChangeFlag[] {
  const seen = new Set<string>()
  return flags.filter((f) => {
    const key = `${f.kind}\u0000${f.field}\u0000${f.detail}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
