// RFC 6570 level-1 uri templates (`{name}` placeholders): detection, validation and matching a concrete uri.
const PLACEHOLDER = /\{([A-Za-z0-9_]+)\}/g

export interface UriTemplate {
  variables: string[]
  /** Characters outside placeholders; more literal text = a more specific template (tried first). */
  literalLength: number
  regex: RegExp
}

export const isTemplate = (uri: string): boolean => uri.includes('{') || uri.includes('}')

/** Returns a message when `uri` uses braces other than level-1 `{name}` placeholders. */
export function templateProblem(uri: string): string | undefined {
  const rest = uri.replace(PLACEHOLDER, '')
  if (rest.includes('{') || rest.includes('}'))
    return 'uri templates support only {name} placeholders (RFC 6570 level 1)'
  const names = [...uri.matchAll(PLACEHOLDER)].map((m) => m[1]!)
  if (new Set(names).size !== names.length) return 'a uri template may use each variable once'
  if (/\}\{/.test(uri)) return 'two placeholders must be separated by literal text'
  return undefined
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export function compileTemplate(uri: string): UriTemplate {
  const variables: string[] = []
  let source = '^'
  let literalLength = 0
  let last = 0
  for (const m of uri.matchAll(PLACEHOLDER)) {
    const literal = uri.slice(last, m.index)
    source += escapeRegex(literal)
    literalLength += literal.length
    // Level-1 expansion percent-encodes reserved characters, so a value never holds a '/'.
    source += '([^/]+)'
    variables.push(m[1]!)
    last = m.index! + m[0].length
  }
  const tail = uri.slice(last)
  source += `${escapeRegex(tail)}$`
  literalLength += tail.length
  return { variables, literalLength, regex: new RegExp(source) }
}

/** The variables of `uri` when it matches the template, else undefined. */
export function matchTemplate(template: UriTemplate, uri: string): Record<string, string> | undefined {
  const m = template.regex.exec(uri)
  if (!m) return undefined
  const params: Record<string, string> = {}
  template.variables.forEach((name, i) => {
    const raw = m[i + 1]!
    try {
      params[name] = decodeURIComponent(raw)
    } catch {
      params[name] = raw
    }
  })
  return params
}

export const templateVariables = (uri: string): string[] => [...uri.matchAll(PLACEHOLDER)].map((m) => m[1]!)
