// The code behind pre-built toolkits: `builtin.<toolkit>.<tool>` functions (utilities, GitHub, Slack).

import { findBuiltinProvider } from '../catalog/providers'
import type { Egress } from '../egress/client'
import type { FunctionHost } from './host'

/**
 * A builtin gets what any function gets: its input, the request's host (its `signal` read only when an outbound call
 * needs it), the egress every outbound call goes through, and the opened credential (`base_url` in it overrides the
 * provider's API address, e.g. a GitHub Enterprise host).
 */
export type BuiltinFunction = (
  input: Record<string, unknown>,
  host: Pick<FunctionHost, 'signal'>,
  egress: Egress,
  credentials?: Record<string, unknown>,
) => Promise<unknown>

/** What an API call of a builtin uses: the same three, passed along. */
interface ApiUse {
  host: Pick<FunctionHost, 'signal'>
  egress: Egress
  credentials: Record<string, unknown> | undefined
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined)

/** The offset of `timeZone` at `date` as ±HH:MM (throws RangeError on an unknown zone). */
function zoneOffset(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date)
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  const minutes = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000)
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** ISO 8601 local time in `timeZone`, e.g. 2025-01-02T03:04:05.678+01:00. */
function isoInZone(date: Date, timeZone: string): string {
  const offset = zoneOffset(date, timeZone)
  const minutes = (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)))
  const local = new Date(date.getTime() + minutes * 60000).toISOString().slice(0, -1)
  return local + offset
}

function token(credentials: unknown, provider: string): string {
  const c = (credentials ?? {}) as Record<string, unknown>
  const value = str(c.access_token) ?? str(c.token) ?? str(c.api_key)
  if (!value)
    throw new Error(
      `no ${provider} credential: connect a ${provider} credential (access_token, token or api_key) to this tool`,
    )
  return value
}

function baseUrl(credentials: Record<string, unknown> | undefined, provider: string): string {
  const base = str(credentials?.base_url) ?? findBuiltinProvider(provider)!.base_url!
  return base.replace(/\/+$/, '')
}

interface ApiCall {
  method?: string
  path: string
  query?: Record<string, unknown>
  body?: unknown
  headers?: Record<string, string>
}

/** One JSON API call with a Bearer token; a non-2xx answer throws an error naming the status and the API's message. */
async function callApi(use: ApiUse, provider: string, label: string, call: ApiCall): Promise<unknown> {
  const url = new URL(baseUrl(use.credentials, provider) + call.path)
  for (const [k, v] of Object.entries(call.query ?? {}))
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v))
  const headers: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${token(use.credentials, provider)}`,
    'user-agent': 'Toolyard',
    ...call.headers,
  }
  if (call.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8'
  const response = await use.egress.fetch(url.href, {
    method: call.method ?? 'GET',
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
    signal: use.host.signal,
  })
  let data: unknown = response.text
  try {
    data = JSON.parse(response.text)
  } catch {
    // Not JSON: keep the text.
  }
  if (response.status < 200 || response.status > 299) {
    const message = (data as { message?: unknown } | undefined)?.message
    throw new Error(
      `${label} API error: HTTP ${response.status}${typeof message === 'string' ? `: ${message}` : `: ${response.text.slice(0, 300)}`}`,
    )
  }
  return data
}

const github = (use: ApiUse, call: ApiCall) =>
  callApi(use, 'github', 'GitHub', {
    ...call,
    headers: { accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' },
  })

/** Slack answers 200 with `{ok: false, error}` on failure. */
async function slack(use: ApiUse, call: ApiCall): Promise<unknown> {
  const data = (await callApi(use, 'slack', 'Slack', call)) as { ok?: boolean; error?: string }
  if (data && data.ok === false) throw new Error(`Slack API error: ${data.error ?? 'unknown error'}`)
  return data
}

const seg = (v: unknown) => encodeURIComponent(String(v))

export const builtinFunctions: Record<string, BuiltinFunction> = {
  'builtin.utilities.echo': async (input) => input.text,
  'builtin.utilities.current_time': async (input) => {
    const zone = str(input.timezone)
    const now = new Date()
    if (!zone) return now.toISOString()
    try {
      return isoInZone(now, zone)
    } catch {
      throw new Error(`unknown timezone: ${zone} (use an IANA name such as Europe/Paris)`)
    }
  },
  'builtin.utilities.uuid': async (input) => (input.version === 'v7' ? Bun.randomUUIDv7() : crypto.randomUUID()),
  'builtin.utilities.http_request': async (input, host, egress) => {
    const headers = (input.headers ?? {}) as Record<string, string>
    const body =
      input.body === undefined || typeof input.body === 'string'
        ? (input.body as string | undefined)
        : JSON.stringify(input.body)
    const response = await egress.fetch(String(input.url), {
      method: str(input.method) ?? 'GET',
      headers,
      body,
      signal: host.signal,
    })
    return { status: response.status, headers: Object.fromEntries(response.headers), body: response.text }
  },

  'builtin.github.get_user': async (_input, host, egress, credentials) =>
    github({ host, egress, credentials }, { path: '/user' }),
  'builtin.github.list_repos': async (input, host, egress, credentials) =>
    github(
      { host, egress, credentials },
      {
        path: '/user/repos',
        query: {
          per_page: input.per_page ?? 30,
          page: input.page,
          sort: input.sort ?? 'updated',
          visibility: input.visibility,
        },
      },
    ),
  'builtin.github.get_repo': async (input, host, egress, credentials) =>
    github({ host, egress, credentials }, { path: `/repos/${seg(input.owner)}/${seg(input.repo)}` }),
  'builtin.github.create_issue': async (input, host, egress, credentials) =>
    github(
      { host, egress, credentials },
      {
        method: 'POST',
        path: `/repos/${seg(input.owner)}/${seg(input.repo)}/issues`,
        body: { title: input.title, body: input.body, labels: input.labels },
      },
    ),

  'builtin.slack.post_message': async (input, host, egress, credentials) =>
    slack(
      { host, egress, credentials },
      {
        method: 'POST',
        path: '/chat.postMessage',
        body: { channel: input.channel, text: input.text, thread_ts: input.thread_ts },
      },
    ),
  'builtin.slack.list_channels': async (input, host, egress, credentials) =>
    slack(
      { host, egress, credentials },
      {
        path: '/conversations.list',
        query: {
          limit: input.limit ?? 100,
          cursor: input.cursor,
          types: input.types ?? 'public_channel',
          exclude_archived: true,
        },
      },
    ),
}
