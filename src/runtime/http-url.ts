// An HTTP function's URL template rendered so that an argument cannot change which URL is called: values in the path,
// query and fragment are percent-encoded (`../admin` goes out as `..%2Fadmin`), a path value of `.` or `..` is
// refused, and a value inside the host cannot end the host (docs/decisions/0018-function-source-is-data.md).
import Mustache from 'mustache'

/** A value that would change the URL's shape: the call fails with this message (no request is sent). */
class UrlValueError extends Error {}

/**
 * Whether a path segment is `.` or `..` once its percent-encoding is undone, however many times (`..`, `%2e%2e`,
 * `.%2E`, `%252e%252e`): URL parsers resolve such a segment, and a server that decodes again would too. HTTP
 * templates and OpenAPI calls refuse a value that makes one.
 */
export function isDotSegment(segment: string): boolean {
  let s = segment
  for (let i = 0; i < 4 && s.includes('%'); i++) {
    try {
      const decoded = decodeURIComponent(s)
      if (decoded === s) break
      s = decoded
    } catch {
      // A malformed escape: decode the dots alone, which is what a lenient server would do.
      s = s.replace(/%(25)*2e/gi, '.')
      break
    }
  }
  return s === '.' || s === '..'
}

const HOST_BREAKERS = /[/?#@\\\s]/
const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))

/** What a URL template needs at every render, made once per template text: its tags as plain ones, and its marks. */
interface CompiledUrl {
  plain: string
  mark: string
  placeholder: RegExp
}

/** Compiled templates by text (a function's URL changes with its version, which is a new text): bounded, oldest out. */
const compiled = new Map<string, CompiledUrl>()
const MAX_COMPILED = 2_000

function compile(template: string): CompiledUrl {
  const hit = compiled.get(template)
  if (hit) return hit
  if (/\{\{\s*=/.test(template)) throw new UrlValueError('url: set-delimiter tags are not supported')
  // Triple and `&` tags skip escaping; in a URL every value is escaped, so they are read as plain tags.
  const plain = template.replace(/\{\{\{\s*([^}]*?)\s*\}\}\}/g, '{{$1}}').replace(/\{\{&\s*/g, '{{')
  // Placeholders are letters and digits only (no URL delimiter), drawn after the template's text exists and absent
  // from it, so no text can forge one; values never reach the skeleton (each is escaped into a placeholder). The
  // regular expression is made once: a new one per render was compiled per render (~60 µs of an HTTP-template call).
  let mark: string
  do mark = `v${crypto.randomUUID().replaceAll('-', '')}`
  while (plain.includes(mark))
  const made = { plain, mark, placeholder: new RegExp(`${mark}n(\\d+)x`, 'g') }
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!)
  compiled.set(template, made)
  return made
}

/**
 * Renders `template` over `view`. Each value is first put in as a placeholder, so the URL's parts are found from the
 * template's own text; a value at the very start (a base URL the author supplies, e.g. from credentials) goes in as is.
 */
export function renderUrl(template: string, view: object): string {
  // No tag: no value goes in, and the template is its own rendering.
  if (!template.includes('{{')) return template
  const { plain, mark, placeholder } = compile(template)
  const values: string[] = []
  const skeleton = Mustache.render(
    plain,
    view,
    {},
    {
      escape: (v: unknown) => `${mark}n${values.push(text(v)) - 1}x`,
    },
  )
  const scheme = skeleton.indexOf('://')
  const hostStart = scheme >= 0 ? scheme + 3 : 0
  const rest = skeleton.slice(hostStart).search(/[/?#]/)
  const pathStart = rest >= 0 ? hostStart + rest : skeleton.length
  const fill = (part: string, offset: number) =>
    part.replace(placeholder, (_, n: string, at: number) => {
      const value = values[Number(n)] as string
      if (offset + at === 0) return value
      if (offset + at >= pathStart) return encodeURIComponent(value)
      if (HOST_BREAKERS.test(value))
        throw new UrlValueError(`url: the value ${JSON.stringify(value)} cannot go in a host`)
      return value
    })
  const tail = skeleton.slice(pathStart).search(/[?#]/)
  const pathEnd = tail >= 0 ? pathStart + tail : skeleton.length
  // The URL parser resolves `.` and `..` segments, encoded or not: one made by a value is refused.
  let at = pathStart
  for (const segment of skeleton.slice(pathStart, pathEnd).split('/')) {
    if (segment.includes(mark) && isDotSegment(fill(segment, at)))
      throw new UrlValueError(`url: a value makes the path segment ${JSON.stringify(fill(segment, at))}`)
    at += segment.length + 1
  }
  return fill(skeleton, 0)
}
