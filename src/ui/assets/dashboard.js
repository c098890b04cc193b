// The dashboard's own script (served from /mcp/ui/dashboard.js; no inline script anywhere): draws the overview's
// charts with uPlot from each chart's data-chart JSON, upgrades code textareas to the CodeMirror editor, and makes
// the Copy buttons copy their data-copy text. Runs on load and again after every htmx swap, so fragments get the same
// treatment.
const COLORS = ['#3b6fd8', '#d8573b', '#2f9e5b', '#9b51e0', '#c99a06', '#1aa3b8', '#e0519b', '#5b6472']

function drawCharts(root) {
  if (!window.uPlot) return
  for (const el of root.querySelectorAll('.chart[data-chart]')) {
    if (el.dataset.drawn) continue
    el.dataset.drawn = '1'
    const data = JSON.parse(el.dataset.chart)
    const series = [{}].concat(
      data.series.map((s, i) => ({ label: s.label, stroke: COLORS[i % COLORS.length], width: 2, points: { size: 4 } })),
    )
    const options = {
      width: Math.max(280, el.clientWidth || 560),
      height: 200,
      series,
      axes: [{}, { label: data.unit || '' }],
      scales: { x: { time: true } },
      legend: { live: false },
    }
    new window.uPlot(options, [data.x].concat(data.series.map((s) => s.values)), el)
  }
}

function upgrade(root) {
  drawCharts(root)
  if (window.ToolyardEditor) window.ToolyardEditor.upgradeAll(root)
}

document.addEventListener('DOMContentLoaded', () => upgrade(document))
document.addEventListener('htmx:afterSwap', (event) => upgrade(event.target))

// Copy buttons: the clipboard API where the page is a secure context (https, localhost), else a selected textarea.
async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text)
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  document.execCommand('copy')
  area.remove()
}

document.addEventListener('click', (event) => {
  const button = event.target.closest?.('button.copy[data-copy]')
  if (!button) return
  event.preventDefault()
  const label = button.dataset.label || button.textContent
  button.dataset.label = label
  copyText(button.dataset.copy).then(
    () => {
      button.textContent = 'Copied'
    },
    () => {
      button.textContent = 'Copy failed'
    },
  )
  setTimeout(() => {
    button.textContent = label
  }, 1500)
})

// Relative times ("3 minutes ago") rendered by the server stay true while a page is open: recomputed every minute
// from their datetime, with the words src/ui/html.ts relativeTime uses.
const UNITS = [
  ['year', 365 * 86400000],
  ['month', 30 * 86400000],
  ['day', 86400000],
  ['hour', 3600000],
  ['minute', 60000],
]
function relative(iso) {
  const diff = Date.parse(iso) - Date.now()
  const abs = Math.abs(diff)
  const unit = UNITS.find(([, ms]) => abs >= ms)
  if (!unit) return 'just now'
  const n = Math.floor(abs / unit[1])
  const words = `${n} ${unit[0]}${n === 1 ? '' : 's'}`
  return diff < 0 ? `${words} ago` : `in ${words}`
}
setInterval(() => {
  for (const el of document.querySelectorAll('time[datetime]')) el.textContent = relative(el.getAttribute('datetime'))
}, 60000)
