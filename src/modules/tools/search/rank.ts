// Ranking one server's tools for a query, in memory (docs/tool-search.md): BM25F over each tool's name, title,
// description and parameters, with the query's own words weighing more than the synonyms added for them, words stemmed
// (Porter), accents dropped, names split at `_`, `-`, `.` and camelCase, and ties broken by name so an answer is reproducible. The index
// of a tool set is built once, on its first search, and lives as long as the tool set (the read model hands out the
// same set until a write touches it): the same ranking on SQLite and PostgreSQL, measured on GitHub's whole REST
// description and on the labelled catalog (bench/search-sets.ts).
import { stemmer } from 'stemmer'
import type { ServerTool } from '../server-tools/service'

/** One query word and how much it counts: 1 for a word the caller typed, less for a synonym added for one. */
export interface WeightedTerm {
  term: string
  weight: number
}

export interface Ranked {
  st: ServerTool
  score: number
}

/**
 * How each field counts (name, title, description, parameters, toolkit: its weight and length normalisation) and
 * BM25's saturation; chosen on bench/search-sets.ts.
 */
const FIELDS = [
  { weight: 3, b: 1 },
  { weight: 3, b: 0.75 },
  { weight: 0.5, b: 0.75 },
  { weight: 0.5, b: 0.75 },
  { weight: 1, b: 0.5 },
] as const
const K1 = 1.2
/** Descriptions past this are not read: the start says what the tool does. */
const MAX_FIELD_CHARS = 2_000

const stems = new Map<string, string>()
/** A word's stem (lower case), remembered: the same few thousand words come back in every tool set. */
function stem(word: string): string {
  let s = stems.get(word)
  if (s === undefined) {
    s = stemmer(word)
    if (stems.size < 100_000) stems.set(word, s)
  }
  return s
}

/** Words of a text as the index and the query both see them: camelCase split, lower case, stemmed. */
function words(text: string): string[] {
  const raw = text
    .slice(0, MAX_FIELD_CHARS)
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    // "Résumé" and "resume" are one word: accents go (as the query's do, ./query.ts).
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .match(/[\p{L}\p{N}]+/gu)
  return raw ? raw.map(stem) : []
}

/** Parameter names and descriptions, at any depth of the input schema (bounded). */
function paramsText(schemaText: string): string {
  let schema: unknown
  try {
    schema = JSON.parse(schemaText)
  } catch {
    return ''
  }
  const out: string[] = []
  let budget = MAX_FIELD_CHARS
  const walk = (node: unknown, depth: number) => {
    if (budget <= 0 || depth > 6 || typeof node !== 'object' || node === null) return
    const props = (node as { properties?: unknown }).properties
    if (typeof props === 'object' && props !== null)
      for (const [name, p] of Object.entries(props)) {
        const d =
          typeof (p as { description?: unknown })?.description === 'string'
            ? (p as { description: string }).description
            : ''
        const text = `${name} ${d.slice(0, 200)}`
        out.push(text)
        budget -= text.length
        walk(p, depth + 1)
      }
    const items = (node as { items?: unknown }).items
    if (items) walk(items, depth + 1)
  }
  walk(schema, 0)
  return out.join(' ')
}

/**
 * A tool without a title whose description starts with a short first paragraph (an OpenAPI operation's summary, as
 * the import writes it): that paragraph is its title. It names the operation; the rest is detail (permissions, tokens,
 * pagination) that every operation of a big API repeats.
 */
function titled(title: string | null, description: string | null): [string, string] {
  if (title || !description) return [title ?? '', description ?? '']
  const end = description.indexOf('\n\n')
  if (end <= 0 || end > 200) return ['', description]
  return [description.slice(0, end), description.slice(end + 2)]
}

/** A term's postings: the tools that have it, each with its BM25F frequency (field-weighted, length-normalised). */
interface Postings {
  docs: number[]
  tf: number[]
}

export interface ToolSetIndex {
  rank(terms: readonly WeightedTerm[], limit: number): Ranked[]
}

export function buildToolSetIndex(
  tools: readonly ServerTool[],
  toolkitText: (toolkitId: string) => string = () => '',
): ToolSetIndex {
  // First pass: each tool's words per field, and each field's average length.
  const counted = tools.map((st) => {
    const t = st.tool
    const [title, description] = titled(t.title, t.description)
    const fields = [t.name, title, description, paramsText(t.input_schema), toolkitText(t.toolkit_id)].map(words)
    return fields.map((ws) => {
      const m = new Map<string, number>()
      for (const w of ws) m.set(w, (m.get(w) ?? 0) + 1)
      return { m, len: ws.length }
    })
  })
  const n = tools.length
  const avg = FIELDS.map((_, f) => (n ? counted.reduce((sum, fs) => sum + fs[f]!.len, 0) / n || 1 : 1))
  // Second pass: each term's postings with its frequency already weighted and normalised, so a query only adds.
  const postings = new Map<string, Postings>()
  counted.forEach((fs, doc) => {
    const tf = new Map<string, number>()
    fs.forEach(({ m, len }, f) => {
      const { weight, b } = FIELDS[f]!
      const norm = 1 - b + (b * len) / avg[f]!
      for (const [w, c] of m) tf.set(w, (tf.get(w) ?? 0) + (weight * c) / norm)
    })
    for (const [w, v] of tf) {
      const p = postings.get(w)
      if (p) {
        p.docs.push(doc)
        p.tf.push(v)
      } else postings.set(w, { docs: [doc], tf: [v] })
    }
  })
  const idf = (p: Postings) => Math.log(1 + (n - p.docs.length + 0.5) / (p.docs.length + 0.5))
  const name = (doc: number) => tools[doc]!.tool.name
  // Better first; an equal score goes by name, so an answer is the same every time.
  const before = (a: number, sa: number, b: number, sb: number) => sa > sb || (sa === sb && name(a) < name(b))
  const scores = new Float64Array(n)

  return {
    rank(terms, limit) {
      // One weight per stem: the caller's word and a synonym that stem alike count once, at the higher weight.
      const weights = new Map<string, number>()
      for (const { term, weight } of terms)
        for (const s of words(term)) if ((weights.get(s) ?? 0) < weight) weights.set(s, weight)
      const touched: number[] = []
      for (const [w, weight] of weights) {
        const p = postings.get(w)
        if (!p) continue
        const wIdf = idf(p) * weight
        for (let j = 0; j < p.docs.length; j++) {
          const doc = p.docs[j]!
          const tf = p.tf[j]!
          if (scores[doc] === 0) touched.push(doc)
          scores[doc]! += (wIdf * tf * (K1 + 1)) / (tf + K1)
        }
      }
      // The best `limit`, kept in order as the scores are read (limit is at most 50): no sort of every match.
      const top: number[] = []
      for (const doc of touched) {
        const s = scores[doc]!
        if (top.length === limit && !before(doc, s, top[top.length - 1]!, scores[top[top.length - 1]!]!)) continue
        let at = top.length
        while (at > 0 && before(doc, s, top[at - 1]!, scores[top[at - 1]!]!)) at--
        top.splice(at, 0, doc)
        if (top.length > limit) top.pop()
      }
      const ranked = top.map((doc) => ({ st: tools[doc]!, score: scores[doc]! }))
      for (const doc of touched) scores[doc] = 0
      return ranked
    },
  }
}
