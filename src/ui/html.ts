// Tiny HTML building blocks for the dashboard: escaping, the page frame, tables. Everything is escaped by default.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Markup that is already safe (built here from escaped parts). */
export class Html {
  constructor(readonly text: string) {}
  toString() {
    return this.text
  }
}

const esc = (v: unknown): string =>
  v instanceof Html ? v.text : String(v ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]!)

/** Tagged template: interpolations are escaped unless they are Html (or arrays of it). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!
  values.forEach((v, i) => {
    out += Array.isArray(v) ? v.map(esc).join('') : esc(v)
    out += strings[i + 1]!
  })
  return new Html(out)
}

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f7f9}
header{background:#1d2330;color:#fff;padding:10px 20px;display:flex;gap:18px;align-items:center;flex-wrap:wrap}
header a{color:#cfd8ff;text-decoration:none}header a.on{color:#fff;font-weight:600}
header .brand{font-weight:700;color:#fff;margin-right:8px}
main{padding:18px 22px;max-width:1200px}
.table-wrap{overflow-x:auto;margin:8px 0 18px}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid #dde1e7;padding:5px 8px;text-align:left;vertical-align:top}
th{background:#eef1f5}
code,pre,textarea{font:12.5px ui-monospace,monospace}code{overflow-wrap:anywhere}
input,select,textarea{max-width:100%;box-sizing:border-box}
pre{background:#fff;border:1px solid #dde1e7;padding:8px;overflow:auto;margin:4px 0}
textarea{width:100%;box-sizing:border-box}
.card{background:#fff;border:1px solid #dde1e7;padding:12px 14px;margin:0 0 14px}
.ok{color:#11703a}.error,.timeout,.denied,.rate_limited,.missing,.expired,.auth_required{color:#b3261e}
.muted{color:#6b7380}.flash{background:#fff8d6;border:1px solid #e8d679;padding:8px;margin-bottom:12px}
button,input[type=submit]{padding:4px 12px;cursor:pointer}
details summary{cursor:pointer}
.ranges a{margin-right:12px}.ranges a.on{font-weight:700}
.stats{display:flex;gap:12px;flex-wrap:wrap}.stat strong{font-size:20px;margin-right:4px}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(520px,100%),1fr));gap:12px}
.chart-card h3{margin:0 0 6px;font-size:14px}
form.stack label{display:block;margin:6px 0}form.stack input:not([type=checkbox]):not([type=radio]),form.stack select{min-width:min(320px,100%)}
.field-error{color:#b3261e}.tabs a{margin-right:12px}
.grid2{display:grid;grid-template-columns:1fr 1fr;gap:14px}
.notice{background:#e6f4ea;border-color:#9ccfac}
.list-bar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:8px 0}
.pager a,.pager span{margin-right:12px}
button.copy{padding:1px 8px;font-size:12px;margin-left:6px}
a.delete,button.danger{color:#b3261e}
.facts{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 8px}.facts dd{margin:0;min-width:0}
@media (max-width:700px){main{padding:12px}.grid2{grid-template-columns:1fr}}
`

/** The page frame: navigation (when signed in) and the content. */
export function page(
  title: string,
  body: Html,
  nav?: { links: [string, string][]; current: string },
  notice?: string,
): string {
  const links = nav
    ? html`${nav.links.map(([href, label]) => html`<a href="${href}" class="${href === nav.current ? 'on' : ''}">${label}</a>`)}
        <form method="post" action="/mcp/ui/sign-out" style="margin-left:auto"><button>Sign out</button></form>`
    : html``
  // Only pages with a chart load uPlot, and only pages with a code field load the (large) editor bundle.
  const charts = body.text.includes('data-chart=')
    ? '<link rel="stylesheet" href="/mcp/ui/assets/uplot.min.css"><script defer src="/mcp/ui/assets/uplot.min.js"></script>'
    : ''
  const editor = body.text.includes('data-editor=') ? '<script defer src="/mcp/ui/assets/editor.js"></script>' : ''
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)} · Toolyard</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><style>${STYLE}</style>
<script src="/mcp/ui/htmx.min.js"></script>${charts}${editor}<script defer src="/mcp/ui/assets/dashboard.js"></script></head>
<body><header><span class="brand">Toolyard</span>${links}</header><main><h1>${esc(title)}</h1>${
    notice ? `<div class="flash notice" role="status" id="notice">${esc(notice)}</div>` : ''
  }${body}</main></body></html>`
}

/** A table of rows; each column renders a cell (escaped unless it returns Html). */
export function table<T>(rows: T[], columns: [string, (row: T) => unknown][], empty = 'None yet.'): Html {
  if (!rows.length) return html`<p class="muted">${empty}</p>`
  // The wrapper scrolls a wide table by itself, so the page never scrolls sideways on a phone.
  return html`<div class="table-wrap"><table><tr>${columns.map(([h]) => html`<th>${h}</th>`)}</tr>${rows.map(
    (r) => html`<tr>${columns.map(([, cell]) => html`<td>${cell(r)}</td>`)}</tr>`,
  )}</table></div>`
}

/** A red notice: a failed save's error, shown above the form that was kept. */
const flash = (message: string | undefined) =>
  message ? html`<div class="flash error-flash">${message}</div>` : html``

/** A status word coloured by its class (ok, error, missing, …). */
export const status = (s: unknown) => html`<span class="${String(s)}">${s}</span>`

/**
 * No other site may frame a dashboard page (clickjacking a Revoke or Create key button), and only the dashboard's own
 * script files run: everything shown is escaped, and should an escape ever be missed, injected markup still runs no
 * script (docs/decisions/0038-review-of-the-third-round.md). The pages have no inline script.
 */
export const FRAMING = {
  'content-security-policy': "frame-ancestors 'none'; script-src 'self'; object-src 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
}

/** A form that failed to save, kept so the page shows it again with its values and the error in place. */
export interface Draft {
  form: string
  values: Record<string, unknown>
  error: string
  /** The line a function's code failed at (invalid_function). */
  line?: number
}

/** The kept value of a field of `form`, or the fallback when the draft is another form's (or none). */
export const kept = (draft: Draft | undefined, form: string, key: string, fallback: unknown = ''): string =>
  draft?.form === form && draft.values[key] !== undefined ? String(draft.values[key]) : String(fallback ?? '')

/** The error of a kept form, shown above it. */
export const errorFor = (draft: Draft | undefined, form: string) => (draft?.form === form ? flash(draft.error) : html``)

/** `<option>`s with the kept or current value selected. */
export const options = (values: [string, string][], selected: string) =>
  values.map(
    ([value, label]) =>
      html`<option value="${value}" ${value === selected ? html`selected` : html``}>${label}</option>`,
  )

/** A button that copies `text` to the clipboard (assets/dashboard.js); the text is in the page already. */
export const copyButton = (text: string, label = 'Copy') =>
  html`<button type="button" class="copy" data-copy="${text}">${label}</button>`

const UNITS: [string, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 minutes ago" / "in 2 days" / "just now", relative to `now`. */
export function relativeTime(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now
  const abs = Math.abs(diff)
  const unit = UNITS.find(([, ms]) => abs >= ms)
  if (!unit) return 'just now'
  const n = Math.floor(abs / unit[1])
  const words = `${n} ${unit[0]}${n === 1 ? '' : 's'}`
  return diff < 0 ? `${words} ago` : `in ${words}`
}

/** A time shown relative ("3 minutes ago"), the exact time in its title and datetime; `fallback` when there is none. */
export function when(iso: unknown, fallback = '—'): Html {
  if (typeof iso !== 'string' || Number.isNaN(Date.parse(iso))) return html`${fallback}`
  const exact = new Date(iso)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC')
  return html`<time datetime="${iso}" title="${exact}">${relativeTime(iso)}</time>`
}
