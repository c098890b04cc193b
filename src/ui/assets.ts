// The dashboard's static assets, imported as text so `bun build --compile` embeds them (no CDN; air-gapped):
// htmx, uPlot (charts), the CodeMirror bundle (scripts/build-ui-assets.ts) and the dashboard's own script.
import htmxJs from 'htmx.org/dist/htmx.min.js' with { type: 'text' }
import uplotJs from 'uplot/dist/uPlot.iife.min.js' with { type: 'text' }
import uplotCss from 'uplot/dist/uPlot.min.css' with { type: 'text' }
import dashboardJs from './assets/dashboard.js' with { type: 'text' }
import editorJs from './assets/editor.js' with { type: 'text' }

const JS = 'text/javascript; charset=utf-8'
const files: Record<string, [string, string]> = {
  'htmx.min.js': [htmxJs, JS],
  'uplot.min.js': [uplotJs, JS],
  'uplot.min.css': [uplotCss, 'text/css; charset=utf-8'],
  'editor.js': [editorJs, JS],
  'dashboard.js': [dashboardJs, JS],
}
// Hashed when first asked for, not at start: ~1 MB of text (docs/decisions/0036-hot-path-at-the-limit.md: cold start).
const etags: Record<string, string> = {}
const etagOf = (name: string, text: string) => {
  etags[name] ??= `"${Bun.hash(text).toString(16)}"`
  return etags[name]
}

/** The asset's response, or undefined for a name that is not one. */
export function assetResponse(name: string, ifNoneMatch: string | null): Response | undefined {
  const file = files[name]
  if (!file) return undefined
  const etag = etagOf(name, file[0])
  const headers = { 'content-type': file[1], 'cache-control': 'public, max-age=86400', etag }
  if (ifNoneMatch === etag) return new Response(null, { status: 304, headers })
  return new Response(file[0], { headers })
}
