// Bundles the dashboard's code editor (scripts/editor-entry.ts, CodeMirror 6) into one minified file,
// src/ui/assets/editor.js, which src/ui imports as text so `bun build --compile` embeds it (no CDN; air-gapped).
// Run after changing the entry or upgrading CodeMirror: `npm run build:ui-assets`; the output is committed.
import { join } from 'node:path'

const root = join(import.meta.dir, '..')
const out = await Bun.build({
  entrypoints: [join(root, 'scripts/editor-entry.ts')],
  target: 'browser',
  format: 'iife',
  minify: true,
})
if (!out.success) {
  for (const log of out.logs) console.error(log)
  process.exit(1)
}
const code = await out.outputs[0]!.text()
await Bun.write(
  join(root, 'src/ui/assets/editor.js'),
  `/* CodeMirror 6 (MIT), bundled by scripts/build-ui-assets.ts */\n${code}`,
)
console.log(`src/ui/assets/editor.js: ${code.length} bytes`)
