// Cutting a credential out of text an upstream sent back (an answer, an error, a log line) before a caller, a log or
// the call log sees it. An upstream may echo the secret as sent or in a form it made of it: base64 (standard or
// url-safe, with or without padding, alone or inside a `user:secret` Basic value), URL-encoded, or hex. Each form
// is replaced by "[redacted]".

const REDACTED = '[redacted]'
/** Shorter secrets are not looked for: "[redacted]" in place of every "abc" would garble answers and hide nothing. */
const MIN_SECRET = 4
/** A base64 fragment shorter than this is too likely to occur by chance in ordinary text. */
const MIN_FRAGMENT = 8

/** The fields of a stored credential that hold a secret (what OpenAPI schemes, remote auth and HTTP templates send). */
const SECRET_FIELDS = [
  'access_token',
  'refresh_token',
  'id_token',
  'token',
  'api_key',
  'apiKey',
  'key',
  'secret',
  'password',
  'client_secret',
] as const

/**
 * The secret values of an opened credential, and the `user:password` pair a Basic scheme makes of it (its base64 is
 * what an upstream would echo back from an Authorization header).
 */
export function credentialSecrets(data: unknown): string[] {
  if (!data || typeof data !== 'object') return []
  const d = data as Record<string, unknown>
  const out: string[] = []
  for (const f of SECRET_FIELDS) if (typeof d[f] === 'string') out.push(d[f] as string)
  if (typeof d.username === 'string' && typeof d.password === 'string') out.push(`${d.username}:${d.password}`)
  if (typeof d.client_id === 'string' && typeof d.client_secret === 'string')
    out.push(`${d.client_id}:${d.client_secret}`)
  return out.filter((s) => s.length >= MIN_SECRET)
}

const padded = (b64url: string) => b64url + '='.repeat((4 - (b64url.length % 4)) % 4)

/**
 * What the secret's base64 looks like inside any longer base64 text: the secret's bytes can start at any of three
 * offsets of a 3-byte group, and for each the whole groups it fills encode the same way wherever the text starts.
 */
function base64Fragments(bytes: Buffer): string[] {
  const out: string[] = []
  for (let skip = 1; skip < 3; skip++) {
    const whole = Math.floor((bytes.length - skip) / 3) * 3
    if (whole <= 0) continue
    const part = bytes.subarray(skip, skip + whole)
    out.push(part.toString('base64'), part.toString('base64url'))
  }
  // Aligned at the start: the whole groups alone (the last, partial group depends on what follows the secret).
  const whole = Math.floor(bytes.length / 3) * 3
  if (whole > 0) {
    const part = bytes.subarray(0, whole)
    out.push(part.toString('base64'), part.toString('base64url'))
  }
  return out.filter((f) => f.length >= MIN_FRAGMENT)
}

/**
 * The forms of recently used secret sets: a credential is used call after call, and working its forms out again each
 * time would cost every call some base64 and hex encoding. Bounded; the secrets are in memory anyway while in use.
 */
const recentForms = new Map<string, string[]>()
const RECENT_FORMS = 1024

/** Every form of each secret to look for, longest first (so a long form is replaced before a piece of it). */
function secretForms(secrets: readonly string[]): string[] {
  const key = secrets.join('\u0000')
  const known = recentForms.get(key)
  if (known) return known
  const forms = formsOf(secrets)
  if (recentForms.size >= RECENT_FORMS) recentForms.delete(recentForms.keys().next().value!)
  recentForms.set(key, forms)
  return forms
}

function formsOf(secrets: readonly string[]): string[] {
  const forms = new Set<string>()
  for (const s of secrets) {
    if (s.length < MIN_SECRET) continue
    const bytes = Buffer.from(s, 'utf8')
    const b64 = bytes.toString('base64')
    const b64url = bytes.toString('base64url')
    const hex = bytes.toString('hex')
    for (const f of [
      s,
      b64,
      b64.replace(/=+$/, ''),
      b64url,
      padded(b64url),
      encodeURIComponent(s),
      new URLSearchParams({ v: s }).toString().slice(2),
      hex,
      hex.toUpperCase(),
      ...base64Fragments(bytes),
    ])
      if (f.length >= MIN_SECRET) forms.add(f)
  }
  return [...forms].sort((a, b) => b.length - a.length)
}

/** The text with each form (from secretForms) replaced by "[redacted]". */
const cut = (text: string, forms: readonly string[]): string => {
  for (const f of forms) if (text.includes(f)) text = text.replaceAll(f, REDACTED)
  return text
}

/** The text with every form of every secret (4 characters or more) replaced by "[redacted]". */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.length ? cut(text, secretForms(secrets)) : text
}

/** `value` with every string (keys too) that holds a form cut; `value` itself when none does (one JSON.stringify). */
function cutDeep<T>(value: T, forms: readonly string[]): T {
  if (!forms.length) return value
  const whole = JSON.stringify(value) ?? ''
  // A form JSON escapes (a quote, a backslash, a control character) is looked for as escaped text.
  if (!forms.some((f) => whole.includes(JSON.stringify(f).slice(1, -1)))) return value
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return cut(v, forms)
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [cut(k, forms), walk(x)]))
    return v
  }
  return walk(value) as T
}

/** A value (an upstream's answer) with every string that holds any form of a secret redacted. */
export function redactDeep<T>(value: T, secrets: readonly string[]): T {
  return secrets.length ? cutDeep(value, secretForms(secrets)) : value
}

/** A redactor for one call: the forms worked out once. */
export function redactorFor(secrets: readonly string[]) {
  const forms = secretForms(secrets)
  return {
    text: (text: string) => (forms.length ? cut(text, forms) : text),
    deep: <T>(value: T): T => cutDeep(value, forms),
  }
}

/** Field names that hold a secret wherever they appear (tool arguments kept "redacted" in the audit trail). */
const SECRET_NAME = /token|secret|passw|api[_-]?key|authorization|cookie|credential|private[_-]?key|^key$/i
const isSecretName = (name: string) => SECRET_NAME.test(name) || (SECRET_FIELDS as readonly string[]).includes(name)

/**
 * `value` with the value of every field whose name says it holds a secret replaced by "[redacted]", and every other
 * form of those values cut wherever else they appear (redactDeep).
 */
export function redactSecretFields<T>(value: T): T {
  const found: string[] = []
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => {
          if (!isSecretName(k)) return [k, walk(x)]
          if (typeof x === 'string') found.push(x)
          return [k, REDACTED]
        }),
      )
    return v
  }
  return redactDeep(walk(value) as T, found)
}
