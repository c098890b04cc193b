// Tools, resources and prompts: listed with their server or toolkit by name (never a bare id), created and edited
// in place. Each form posts to the dashboard, which calls the REST API; a refused save shows the form again, kept.
import { deleteLink } from './delete'
import { type Draft, errorFor, type Html, html, kept, options, table, when } from './html'
import { type ListView, listBar } from './listing'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Row = Record<string, any>
type Named = (id: string | null | undefined) => string

const json = (v: unknown) => (v === undefined || v === null ? '' : JSON.stringify(v, null, 2))

const toolFields = (form: string, draft: Draft | undefined, t: Row, functions: Row[]) => html`
  <label>Description <input name="description" value="${kept(draft, form, 'description', t.description)}" size="60"></label>
  <label>Function <select name="function_name">${options(
    functions.map((f) => [f.name, `${f.name} (${f.runtime})`]),
    kept(draft, form, 'function_name', t.function_name),
  )}</select></label>
  <label>Input schema (JSON)<textarea name="input_schema" rows="5">${kept(
    draft,
    form,
    'input_schema',
    json(t.input_schema ?? { type: 'object', properties: {} }),
  )}</textarea></label>`

export function toolsPage(list: ListView, toolkits: Row[], functions: Row[], draft?: Draft): Html {
  const toolkit = (id: string) => toolkits.find((k) => k.id === id)
  const hosted = toolkits.filter((k) => k.toolkit_type === 'hosted')
  return html`
  <div class="card">${errorFor(draft, 'tool')}<form method="post" action="/mcp/ui/tools" class="stack" id="new-tool">
    <strong>New tool</strong>
    <label>Toolkit <select name="toolkit_id">${options(
      hosted.map((k) => [k.id, k.name]),
      kept(draft, 'tool', 'toolkit_id'),
    )}</select> <a href="/mcp/ui/toolkits">toolkits</a></label>
    <label>Name <input name="name" required pattern="[A-Za-z0-9_.\\-]{1,128}" value="${kept(draft, 'tool', 'name')}"></label>
    ${toolFields('tool', draft, {}, functions)}
    <button id="create-tool">Create tool</button></form></div>
  ${listBar(list, '/mcp/ui/tools', 'tool')}
  ${table(
    list.rows,
    [
      ['Tool', (t) => html`<code>${t.name}</code>`],
      [
        'Toolkit',
        (t) => html`<a href="/mcp/ui/toolkits/${t.toolkit_id}">${toolkit(t.toolkit_id)?.name ?? t.toolkit_id}</a>`,
      ],
      ['Description', (t) => t.description ?? ''],
      ['Function', (t) => t.function_name],
      ['Credential', (t) => t.credential_provider ?? '—'],
      [
        '',
        (t) => {
          const form = `tool-${t.id}`
          return html`<details ${draft?.form === form ? html`open` : html``}><summary>Edit</summary>${errorFor(draft, form)}
          <form method="post" action="/mcp/ui/tools/${t.id}" class="stack">${toolFields(form, draft, t, functions)}
          <button>Save tool</button></form></details>`
        },
      ],
      ['', (t) => (toolkit(t.toolkit_id)?.toolkit_type === 'hosted' ? deleteLink('tools', t.id) : '')],
    ],
    list.q ? 'No tool matches.' : 'No tools yet: make a hosted toolkit, a function, then a tool.',
  )}`
}

const RESOURCE_TYPES = ['static', 'api', 'function', 'file', 'database', 'dynamic']

/** The field a resource of each type reads its content from (the rest stay in the API). */
const SOURCE_FIELD: Record<string, [string, string]> = {
  static: ['content', 'Content'],
  dynamic: ['content', 'Content'],
  api: ['url', 'URL'],
  function: ['function_name', 'Function name'],
  file: ['path', 'Path'],
  database: ['query', 'Query'],
}

export function resourcesPage(list: ListView, servers: Row[], draft?: Draft): Html {
  const serverName: Named = (id) => servers.find((s) => s.id === id)?.name ?? (id ? String(id) : '—')
  return html`
  <div class="card">${errorFor(draft, 'resource')}<form method="post" action="/mcp/ui/resources" class="stack">
    <strong>New resource</strong>
    <label>Server <select name="server_id">${options(
      servers.map((s) => [s.id, s.name]),
      kept(draft, 'resource', 'server_id'),
    )}</select></label>
    <label>Name <input name="name" required value="${kept(draft, 'resource', 'name')}"></label>
    <label>URI <input name="uri" required placeholder="docs://readme or users://{id}/profile" value="${kept(draft, 'resource', 'uri')}"></label>
    <label>Type <select name="resource_type">${options(
      RESOURCE_TYPES.map((t) => [t, t]),
      kept(draft, 'resource', 'resource_type', 'static'),
    )}</select></label>
    <label>MIME type <input name="mime_type" value="${kept(draft, 'resource', 'mime_type', 'text/plain')}"></label>
    <label>Content, URL, function name, path or query (by type) <textarea name="source" rows="3">${kept(
      draft,
      'resource',
      'source',
    )}</textarea></label>
    <button id="create-resource">Create resource</button></form></div>
  ${listBar(list, '/mcp/ui/resources', 'resource')}
  ${table(list.rows, [
    ['URI', (r) => html`<code>${r.uri}</code>`],
    ['Name', (r) => r.name],
    ['Type', (r) => html`<span class="resource-type">${r.resource_type}</span>${r.is_template ? ' (template)' : ''}`],
    ['Server', (r) => html`<span class="server-name">${serverName(r.server_id)}</span>`],
    [
      '',
      (r) => {
        const form = `resource-${r.id}`
        const [field, label] = SOURCE_FIELD[r.resource_type] ?? ['content', 'Content']
        return html`<details ${draft?.form === form ? html`open` : html``}><summary>Edit</summary>${errorFor(draft, form)}
        <form method="post" action="/mcp/ui/resources/${r.id}" class="stack">
          <label>Name <input name="name" value="${kept(draft, form, 'name', r.name)}"></label>
          <label>Description <input name="description" value="${kept(draft, form, 'description', r.description)}"></label>
          <label>${label} <textarea name="source" rows="3">${kept(draft, form, 'source', r[field])}</textarea></label>
          <button>Save resource</button></form></details>`
      },
    ],
    ['Updated', (r) => when(r.updated_at ?? r.created_at)],
    [
      '',
      (r) =>
        html`${
          r.is_template
            ? html``
            : html`<button type="button" class="read-resource" hx-get="/mcp/ui/resources/${r.id}/read" hx-target="#read-${r.id}">Read</button>`
        } ${deleteLink('resources', r.id)}<div id="read-${r.id}" class="resource-read"></div>`,
    ],
  ])}`
}

/** "name, other?" → prompt arguments; a trailing "?" marks one optional. */
export const parseArguments = (text: string) =>
  text
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => ({ name: a.replace(/\?$/, ''), required: !a.endsWith('?') }))
const argumentsText = (args: Row[] | undefined) =>
  (args ?? []).map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ')

const promptFields = (form: string, draft: Draft | undefined, p: Row, servers: Row[]) => html`
  <label>Description <input name="description" value="${kept(draft, form, 'description', p.description)}" size="60"></label>
  <label>Arguments (comma-separated; "?" = optional) <input name="arguments" value="${kept(
    draft,
    form,
    'arguments',
    argumentsText(p.arguments),
  )}"></label>
  <label>Template (Mustache) <textarea name="template" rows="4">${kept(draft, form, 'template', p.template)}</textarea></label>
  <label>Server <select name="server_id"><option value="">every server</option>${options(
    servers.map((s) => [s.id, s.name]),
    kept(draft, form, 'server_id', p.server_id),
  )}</select></label>`

/** A form with one field per argument, sent as prompts/get to a server that lists the prompt. */
const tryPrompt = (p: Row) => html`<details><summary>Try</summary>
  <form hx-post="/mcp/ui/prompts/${p.id}/get" hx-target="#got-${p.id}" class="stack try-prompt">
    ${(p.arguments ?? []).map(
      (a: Row) =>
        html`<label>${a.name}${a.required ? ' *' : ''} <input name="arg.${a.name}" ${a.required ? html`required` : html``}></label>`,
    )}
    <button class="get-prompt">Get prompt</button></form><div id="got-${p.id}"></div></details>`

/** What prompts/get answered: each message with its role. */
export const promptMessages = (answer: { result?: Row; error?: { message: string } }) =>
  answer.error
    ? html`<div class="flash">${answer.error.message}</div>`
    : html`${(answer.result?.messages ?? []).map(
        (m: Row) =>
          html`<p class="muted">${m.role}</p><pre class="prompt-text">${m.content?.type === 'text' ? m.content.text : JSON.stringify(m.content)}</pre>`,
      )}`

export function promptsPage(list: ListView, servers: Row[], draft?: Draft): Html {
  const serverName: Named = (id) => (id ? (servers.find((s) => s.id === id)?.name ?? String(id)) : 'every server')
  return html`
  <div class="card">${errorFor(draft, 'prompt')}<form method="post" action="/mcp/ui/prompts" class="stack" id="new-prompt">
    <strong>New prompt</strong>
    <label>Name <input name="name" required value="${kept(draft, 'prompt', 'name')}"></label>
    ${promptFields('prompt', draft, {}, servers)}
    <button id="create-prompt">Create prompt</button></form></div>
  ${listBar(list, '/mcp/ui/prompts', 'prompt')}
  ${table(list.rows, [
    ['Name', (p) => p.name],
    ['Description', (p) => p.description ?? ''],
    ['Arguments', (p) => (p.arguments ?? []).map((a: Row) => a.name).join(', ')],
    ['Server', (p) => html`<span class="server-name">${serverName(p.server_id)}</span>`],
    [
      '',
      (p) => {
        const form = `prompt-${p.id}`
        return html`<details ${draft?.form === form ? html`open` : html``}><summary>Edit</summary>${errorFor(draft, form)}
        <form method="post" action="/mcp/ui/prompts/${p.id}" class="stack">${promptFields(form, draft, p, servers)}
        <button>Save prompt</button></form></details>`
      },
    ],
    ['Updated', (p) => when(p.updated_at ?? p.created_at)],
    ['', (p) => html`${tryPrompt(p)} ${deleteLink('prompts', p.id)}`],
  ])}`
}

export { SOURCE_FIELD }

/** What resources/read answered through the resource's server: each content's text, or the size of a blob. */
export const resourceContents = (answer: { result?: Row; error?: { message: string } }) =>
  answer.error
    ? html`<div class="flash">${answer.error.message}</div>`
    : html`${(answer.result?.contents ?? []).map(
        (x: Row) =>
          html`<p class="muted">${x.mimeType ?? ''}</p><pre class="resource-text">${
            typeof x.text === 'string' ? x.text : `(binary, ${String(x.blob ?? '').length} base64 characters)`
          }</pre>`,
      )}`
