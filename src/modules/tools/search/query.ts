// From what a model or a person typed to the weighted words tool search ranks by (docs/tool-search.md): the text is
// cut into words (letters and digits only, camelCase split), everyday filler words and bare numbers are dropped, and a
// small table of synonyms adds, at lower weight, the words tools are usually described with. Query text is only ever
// words: no syntax of any kind reaches the ranking (./rank.ts), so no text can fail or widen the search.
import type { WeightedTerm } from './rank'

/** Longer text is read only this far: a 10 KB query costs what a 16 KB one does, and no more. */
const MAX_QUERY_CHARS = 16_384
/** At most this many distinct words reach the index (synonyms included). */
const MAX_TERMS = 40
/** A longer "word" is no word a tool is described with (a pasted blob, a hash): it is left out. */
const MAX_WORD_CHARS = 64

const STOPWORDS = new Set(
  `a an the to for of in on at by with from into onto via per and or but not no nor so as if then than
  i me my mine we us our ours you your yours he she him her his they them their it its this that these those
  is are was were be been being am do does did doing done can could would should will shall may might must
  please want wants need needs needed like let lets just also some any all every each which what who whom whose
  where when how there here about up down out over again very really quite something someone thing things
  tool tools using use able way i'd i'm im`.split(/\s+/),
)

/**
 * Words people use for the same action or object, as groups: a query word of a group also searches the group's other
 * words. Kept short and general (actions and everyday nouns), not tuned to any one tool.
 */
const SYNONYM_GROUPS: string[][] = [
  ['create', 'add', 'make', 'new', 'register', 'book', 'schedule'],
  ['append', 'add', 'insert'],
  ['delete', 'remove', 'erase', 'destroy', 'drop', 'trash', 'discard', 'purge'],
  ['update', 'edit', 'modify', 'change', 'rename', 'alter', 'patch'],
  ['list', 'show', 'enumerate', 'browse', 'all'],
  ['get', 'fetch', 'retrieve', 'read', 'view', 'lookup', 'details', 'info'],
  ['search', 'find', 'query', 'lookup', 'look'],
  ['send', 'post', 'deliver'],
  ['message', 'msg', 'dm', 'chat'],
  ['email', 'mail', 'inbox'],
  ['file', 'document', 'doc', 'attachment'],
  ['folder', 'directory', 'dir'],
  ['user', 'member', 'person', 'people', 'teammate', 'colleague'],
  ['issue', 'ticket', 'bug'],
  ['repository', 'repo', 'project'],
  ['pull', 'pr'],
  ['customer', 'client'],
  ['invoice', 'bill'],
  ['payment', 'charge', 'pay'],
  ['balance', 'money', 'funds'],
  ['cart', 'checkout', 'basket'],
  ['event', 'meeting', 'appointment', 'call'],
  ['comment', 'reply', 'note'],
  ['channel', 'room'],
  ['cancel', 'stop', 'terminate', 'abort', 'shut', 'halt'],
  ['upload', 'put', 'store'],
  ['download', 'export'],
  ['instance', 'vm', 'machine', 'server'],
  ['database', 'db'],
  ['contact', 'lead'],
  ['deploy', 'deployment', 'release', 'rollout'],
  ['close', 'resolve', 'archive'],
  ['assign', 'assignee', 'owner'],
  ['link', 'associate', 'connect', 'relate'],
  ['alert', 'alarm', 'monitor', 'notify'],
  ['weather', 'forecast', 'rain', 'snow', 'temperature'],
  ['directions', 'route', 'drive', 'travel', 'commute'],
  ['address', 'street', 'coordinates'],
]

const SYNONYMS = new Map<string, string[]>()
for (const group of SYNONYM_GROUPS)
  for (const word of group) SYNONYMS.set(word, [...(SYNONYMS.get(word) ?? []), ...group.filter((w) => w !== word)])

/** The query's words, lower case, filler dropped, each once, in order (then their synonyms), at most MAX_TERMS. */
export function searchTerms(text: string): string[] {
  return withSynonyms(text, ownWords(text))
}

/** The caller's words, then their synonyms and "authenticated" for a pronoun, at most MAX_TERMS. */
function withSynonyms(text: string, own: string[]): string[] {
  if (!own.length) return []
  const terms = new Set(own.slice(0, MAX_TERMS))
  for (const w of own) for (const s of SYNONYMS.get(w) ?? []) if (terms.size < MAX_TERMS) terms.add(s)
  if (/\b(?:i|me|my|mine|myself)\b/i.test(text.slice(0, MAX_QUERY_CHARS)))
    for (const s of SELF_WORDS) if (terms.size < MAX_TERMS) terms.add(s)
  return [...terms]
}

/** The words the caller typed, lower case, filler dropped, each once, in order. */
function ownWords(text: string): string[] {
  const raw = text.slice(0, MAX_QUERY_CHARS).match(/[\p{L}\p{N}]+/gu)
  if (!raw) return []
  // A camelCase word counts as itself ("github") and as its parts ("git", "hub"): names are indexed both ways.
  const words = raw.flatMap((w) => {
    const parts = w
      .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
      .toLowerCase()
      .split(' ')
    return parts.length > 1 ? [w.toLowerCase(), ...parts] : parts
  })
  // A bare number ("issue 42", "PR 9") is an argument of the call, not a word any tool is described with.
  return [...new Set(words.filter((w) => w.length <= MAX_WORD_CHARS && !STOPWORDS.has(w) && !/^\d+$/.test(w)))]
}

/** "My repositories", "who am I": APIs say "the authenticated user". A synonym of the caller's own pronouns. */
const SELF_WORDS = ['authenticated']

/** How much a synonym counts beside a word the caller typed: enough to find a tool described in other words. */
const SYNONYM_WEIGHT = 0.5

/** The query's words (weight 1) and their synonyms (SYNONYM_WEIGHT), as `searchTerms` finds them. */
export function weightedTerms(text: string): WeightedTerm[] {
  const own = ownWords(text)
  const typed = new Set(own)
  return withSynonyms(text, own).map((term) => ({ term, weight: typed.has(term) ? 1 : SYNONYM_WEIGHT }))
}
