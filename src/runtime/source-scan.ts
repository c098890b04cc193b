// A hand-written lexer over a function's source that runs before any Bun parse: it refuses anything that names a module
// (a macro import is evaluated by Bun's parser itself) and gives the tokens the line map aligns. Where it cannot tell a
// regular expression from a division it lexes both readings, and a module named in either is refused
// (docs/decisions/0018-function-source-is-data.md).

type TokenKind = 'name' | 'number' | 'string' | 'template' | 'regex' | 'punct'
export interface Token {
  kind: TokenKind
  text: string
  offset: number
  /** For `)`: it closes the condition of `if`/`while`/`for`/`with`, so a `/` after it starts a regular expression. */
  condition?: boolean
}

/** What the scan found wrong: a module named (refused), or text no reading of which lexes. */
export interface ScanProblem {
  kind: 'module' | 'syntax'
  message: string
  offset: number
}

export interface Scan {
  tokens: Token[]
  problem?: ScanProblem
}

/** How many ambiguous `/` are read both ways before the scan gives up (each costs a rescan of the rest). */
const FORKS = 32
const KEYWORDS_BEFORE_EXPRESSION = new Set(
  'return typeof instanceof in new delete void throw case do else extends default'.split(' '),
)
/** Names that are keywords in some code and identifiers in other (a script's `yield / 2`): a `/` after them is read both ways. */
const CONTEXTUAL_KEYWORDS = new Set(['of', 'yield', 'await'])
const CONDITION_KEYWORDS = new Set(['if', 'while', 'for', 'with'])
/** Every JavaScript line terminator ends a `//` comment and a regular expression. */
const LINE_END = /[\n\r\u2028\u2029]/
const SPACE = /[\t\v\f \u00a0\ufeff\n\r\u2028\u2029\p{Zs}]/u
const NAME_START = /[A-Za-z_$\p{ID_Start}]/u
const NAME_PART = /^(?:[A-Za-z0-9_$\p{ID_Continue}]|\u200c|\u200d)$/u
const NUMBER = /(?:0[xXoObB][0-9a-fA-F_]+n?|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?n?)/y
const PUNCT =
  /(?:>>>=|\.\.\.|===|!==|\*\*=|<<=|>>=|>>>|&&=|\|\|=|\?\?=|=>|==|!=|<=|>=|&&|\|\||\?\?|\?\.|\+\+|--|\+=|-=|\*=|%=|&=|\|=|\^=|\/=|\*\*|<<|>>|[{}()[\];,<>+\-*/%&|^!~?:=.@#])/y

interface State {
  i: number
  tokens: Token[]
  /** Open brackets: `{`, `${` (a template's substitution), `(` or `(?` (a condition's parenthesis). */
  stack: string[]
}

/** Lexes `code`; `problem` is the first module named in any reading, else a syntax problem of the chosen reading. */
export function scanSource(code: string): Scan {
  const budget: Budget = { forks: FORKS, exhaustedAt: -1 }
  // A hashbang is a comment to Bun only as the very first characters.
  const start = code.startsWith('#!') ? lineEnd(code, 0) : 0
  const scan = lex(code, { i: start, tokens: [], stack: [] }, budget)
  // Out of forks, a reading was left unread: whatever the other reading found, the text is not known to be clean.
  if (budget.exhaustedAt >= 0 && scan.problem?.kind !== 'module') {
    return fail({ i: 0, tokens: scan.tokens, stack: [] }, 'syntax', TOO_MANY, budget.exhaustedAt)
  }
  return scan
}

const TOO_MANY = 'too many ambiguous "/" to check: add parentheses'
type Budget = { forks: number; exhaustedAt: number }

function lex(code: string, s: State, budget: Budget): Scan {
  while (s.i < code.length) {
    const c = code[s.i] as string
    if (SPACE.test(c)) {
      s.i++
    } else if (code.startsWith('<!--', s.i) || (code.startsWith('-->', s.i) && lineStart(code, s))) {
      // Bun reads these as legacy HTML comments (or refuses them): the scan does not guess what they hide.
      return fail(s, 'syntax', 'HTML-like comments (<!-- and --> at a line start) are not supported', s.i)
    } else if (code.startsWith('//', s.i)) {
      s.i = lineEnd(code, s.i)
    } else if (code.startsWith('/*', s.i)) {
      const end = code.indexOf('*/', s.i + 2)
      if (end < 0) return fail(s, 'syntax', 'unterminated comment', s.i)
      s.i = end + 2
    } else if (c === '/') {
      const reading = slashReading(s.tokens, lineStart(code, s))
      if (reading === 'either') {
        if (budget.forks-- <= 0) {
          budget.exhaustedAt = s.i
          return fail(s, 'syntax', TOO_MANY, s.i)
        }
        const other: State = { i: s.i, tokens: [...s.tokens], stack: [...s.stack] }
        const asRegex = regex(code, other)
          ? lex(code, other, budget)
          : fail(other, 'syntax', 'unterminated regular expression', s.i)
        punct(code, s)
        return pick(asRegex, lex(code, s, budget))
      }
      if (reading === 'divide') punct(code, s)
      else if (!regex(code, s)) return fail(s, 'syntax', 'unterminated regular expression', s.i)
    } else if (c === "'" || c === '"') {
      const end = stringEnd(code, s.i)
      if (end < 0) return fail(s, 'syntax', 'unterminated string', s.i)
      const problem = push(code, s, 'string', end)
      if (problem) return { tokens: s.tokens, problem }
    } else if (c === '`' || (c === '}' && s.stack.at(-1) === '${')) {
      if (c === '}') s.stack.pop()
      const end = templateEnd(code, s.i + 1)
      if (end < 0) return fail(s, 'syntax', 'unterminated template literal', s.i)
      if (code.startsWith('${', end - 2)) s.stack.push('${')
      push(code, s, 'template', end)
    } else if (/\d/.test(c) || (c === '.' && /\d/.test(code[s.i + 1] ?? ''))) {
      NUMBER.lastIndex = s.i
      NUMBER.test(code)
      push(code, s, 'number', NUMBER.lastIndex)
    } else if (NAME_START.test(c) || c === '\\') {
      const problem = name(code, s)
      if (problem) return { tokens: s.tokens, problem }
    } else if (punct(code, s)) {
      const problem = bracket(s, s.tokens.at(-1) as Token)
      if (problem) return { tokens: s.tokens, problem }
    } else {
      // A character the scan does not know is left to Bun's parser to judge; failing here would end this reading
      // early, and a module named later in it would go unseen while the other reading passed.
      s.tokens.push({ kind: 'punct', text: c, offset: s.i })
      s.i++
    }
  }
  return { tokens: s.tokens }
}

/**
 * A name, its `\u0061` and `\u{61}` escapes decoded (`requir\u0065` is `require` to Bun). A lone backslash is a
 * one-character token, left to Bun's parser, so this reading goes on.
 */
function name(code: string, s: State): ScanProblem | undefined {
  const unicodeEscape = /\\u(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/y
  let end = s.i
  let text = ''
  while (end < code.length) {
    const c = code[end] as string
    unicodeEscape.lastIndex = end
    const m = c === '\\' ? unicodeEscape.exec(code) : null
    if (m) {
      text += String.fromCodePoint(Math.min(0x10ffff, Number.parseInt((m[1] ?? m[2]) as string, 16)))
      end = unicodeEscape.lastIndex
    } else if (c !== '\\' && (end === s.i ? NAME_START.test(c) : NAME_PART.test(c))) {
      text += c
      end++
    } else break
  }
  if (end === s.i) end++
  return push(code, s, 'name', end, text || code[s.i])
}

/** Whether a line terminator (or the start of the text) comes between the last token and `s.i`. */
function lineStart(code: string, s: State): boolean {
  const last = s.tokens.at(-1)
  return !last || LINE_END.test(code.slice(last.offset + last.text.length, s.i))
}

/** A module named in either reading wins; otherwise the reading that lexes (division first). */
function pick(asRegex: Scan, asDivision: Scan): Scan {
  if (asRegex.problem?.kind === 'module') return asRegex
  if (asDivision.problem?.kind === 'module' || !asDivision.problem) return asDivision
  return asRegex.problem ? asDivision : asRegex
}

function fail(s: State, kind: ScanProblem['kind'], message: string, offset: number): Scan {
  return { tokens: s.tokens, problem: { kind, message, offset } }
}

/** Appends the token `code[s.i, end)`; names and strings that name a module are refused here. */
function push(code: string, s: State, kind: TokenKind, end: number, value?: string): ScanProblem | undefined {
  const token: Token = { kind, text: code.slice(s.i, end), offset: s.i }
  const previous = s.tokens.at(-1)
  s.tokens.push(token)
  s.i = end
  const named = value ?? token.text
  if (kind === 'name' && (named === 'import' || named === 'require')) {
    return moduleProblem(code, token, `${named} is not supported`)
  }
  if (kind === 'string' && previous?.kind === 'name' && previous.text === 'from') {
    return moduleProblem(code, previous, `re-export from ${token.text} is not supported`)
  }
  return undefined
}

function moduleProblem(code: string, token: Token, message: string): ScanProblem {
  const specifier = /^[^'"`;\n]{0,200}?(['"])([^'"\n]{0,200})\1/.exec(code.slice(token.offset, token.offset + 400))
  const named = specifier ? `${token.text} of "${specifier[2]}" ` : `${token.text} `
  return { kind: 'module', message: `${named}is not supported (${message})`, offset: token.offset }
}

/** Tracks brackets (for templates and conditions) and refuses `export *`, the one re-export without `{`. */
function bracket(s: State, token: Token): ScanProblem | undefined {
  const before = s.tokens.at(-2)
  if (token.text === '*' && before?.kind === 'name' && before.text === 'export') {
    return { kind: 'module', message: 'export * is not supported (it re-exports a module)', offset: token.offset }
  }
  if (token.text === '{') s.stack.push('{')
  else if (token.text === '(') s.stack.push(isCondition(s.tokens, s.tokens.length - 2) ? '(?' : '(')
  else if (token.text === ')') token.condition = s.stack.pop() === '(?'
  else if (token.text === '}') s.stack.pop()
  return undefined
}

function isCondition(tokens: Token[], at: number): boolean {
  const t = tokens[at]
  if (t?.kind !== 'name' || isProperty(tokens, at)) return false
  if (CONDITION_KEYWORDS.has(t.text)) return true
  return t.text === 'await' && tokens[at - 1]?.text === 'for'
}

/** `a.if`, `a?.return` and a private name (`this.#if`, `#return`): a name, never a keyword. */
const isProperty = (tokens: Token[], at: number) => ['.', '?.', '#'].includes(tokens[at - 1]?.text ?? '')

/**
 * What a `/` after these tokens starts: a regular expression, a division, or either (lexed both ways). A `/` that
 * starts a line may start a statement after an inserted semicolon (`let a`, `break`, a TypeScript type like
 * `let a: T[]` end there), so a division there is read both ways too.
 */
function slashReading(tokens: Token[], afterLineBreak: boolean): 'regex' | 'divide' | 'either' {
  const reading = slashAfter(tokens)
  return reading === 'divide' && afterLineBreak ? 'either' : reading
}

function slashAfter(tokens: Token[]): 'regex' | 'divide' | 'either' {
  const at = tokens.length - 1
  const p = tokens[at]
  if (!p) return 'regex'
  if (p.kind === 'name') {
    if (isProperty(tokens, at)) return 'divide'
    if (KEYWORDS_BEFORE_EXPRESSION.has(p.text)) return 'regex'
    return CONTEXTUAL_KEYWORDS.has(p.text) ? 'either' : 'divide'
  }
  if (p.kind === 'template') return p.text.endsWith('${') ? 'regex' : 'divide'
  if (p.kind !== 'punct') return 'divide'
  if (p.text === ')') return p.condition ? 'regex' : 'divide'
  if (p.text === ']') return 'divide'
  // A block's `}` is followed by a regular expression, an object's by a division; `x++ /`, TypeScript's `x! /` and
  // `Array<T> /` read as divisions, `!/re/` and `a > /re/` as regular expressions.
  if (['}', '++', '--', '>', '!'].includes(p.text)) return 'either'
  return 'regex'
}

function lineEnd(code: string, from: number): number {
  let i = from
  while (i < code.length && !LINE_END.test(code[i] as string)) i++
  return i
}

/** Lexes a regular expression at `s.i` (classes may hold `/`); false when the line ends first. */
function regex(code: string, s: State): boolean {
  let i = s.i + 1
  let inClass = false
  for (; i < code.length; i++) {
    const c = code[i] as string
    if (LINE_END.test(c)) return false
    if (c === '\\') i++
    else if (c === '[') inClass = true
    else if (c === ']') inClass = false
    else if (c === '/' && !inClass) break
  }
  if (i >= code.length) return false
  i++
  while (i < code.length && NAME_PART.test(code[i] as string)) i++
  s.tokens.push({ kind: 'regex', text: code.slice(s.i, i), offset: s.i })
  s.i = i
  return true
}

function punct(code: string, s: State): boolean {
  PUNCT.lastIndex = s.i
  const m = PUNCT.exec(code)
  if (!m) return false
  s.tokens.push({ kind: 'punct', text: m[0], offset: s.i })
  s.i += m[0].length
  return true
}

/** The index after a string's closing quote, or -1 when a line ends first (LS and PS are allowed in strings). */
function stringEnd(code: string, start: number): number {
  const quote = code[start]
  for (let i = start + 1; i < code.length; i++) {
    const c = code[i]
    if (c === '\\') i++
    else if (c === quote) return i + 1
    else if (c === '\n' || c === '\r') return -1
  }
  return -1
}

/** The index after a template chunk's end: its closing backtick or the `${` of a substitution; -1 if unterminated. */
function templateEnd(code: string, from: number): number {
  for (let i = from; i < code.length; i++) {
    const c = code[i]
    if (c === '\\') i++
    else if (c === '`') return i + 1
    else if (c === '$' && code[i + 1] === '{') return i + 2
  }
  return -1
}
