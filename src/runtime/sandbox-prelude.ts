// The JavaScript run inside the sandbox before the user's module: builds `ctx` over raw string-in/string-out host
// functions and installs the web globals lazily (sandbox-globals.ts).
import { LIBRARIES } from './sandbox-globals'

/** `ctx.fetch`, evaluated like a library on its first call: most functions never fetch. */
const FETCH = `(function (host) {
  const fetch = async (url, init) => {
    const options = { ...(init || {}) };
    const headers = {};
    for (const [k, v] of Object.entries(options.headers || {})) headers[k] = String(v);
    if (options.body !== undefined && options.body !== null && typeof options.body !== 'string') {
      options.body = JSON.stringify(options.body);
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    const request = { method: options.method, headers, body: options.body === null ? undefined : options.body };
    const r = JSON.parse(await host.fetch(String(url), JSON.stringify(request)));
    const responseHeaders = { ...r.headers };
    Object.defineProperty(responseHeaders, 'get', { value: (name) => r.headers[String(name).toLowerCase()] ?? null });
    return {
      status: r.status,
      ok: r.status >= 200 && r.status < 300,
      url: r.url,
      headers: responseHeaders,
      text: async () => r.text,
      json: async () => JSON.parse(r.text),
    };
  };
  return { fetch };
})`

/** The sources `load(name)` evaluates in the call's context: each evaluates to `(host) => { name: value, ... }`. */
export const LIBRARY_SOURCES: Record<string, string> = {
  fetch: FETCH,
  ...Object.fromEntries(Object.entries(LIBRARIES).map(([name, library]) => [name, library.source])),
}

/** `[global, library]` pairs: the globals defined as accessors that load their library on first use. */
const LAZY_GLOBALS = JSON.stringify(
  Object.entries(LIBRARIES).flatMap(([name, library]) => library.globals.map((global) => [global, name])),
)

/**
 * Evaluates to `(host, credentialsJson, load) => run`, where `load(name)` evaluates a library of LIBRARY_SOURCES and
 * `run(fn, inputJson, checkOnly)` calls the module's default export and resolves to `JSON.stringify({value})` (with
 * `checkOnly`, only checks that it is a function). Values cross the boundary as JSON text, so the code only sees plain
 * data. A lazy global becomes a plain writable property once read or assigned, as if it had been set up front.
 */
export const PRELUDE = `(function (host, credentialsJson, load) {
  const toJson = (v) => (v === undefined ? undefined : JSON.stringify(v));
  const libs = Object.create(null);
  const lib = (name) => libs[name] || (libs[name] = load(name)(host));
  const ctx = {};
  ctx.credentials = credentialsJson === undefined ? undefined : JSON.parse(credentialsJson);
  ctx.fetch = async function fetch(url, init) { return lib('fetch').fetch(url, init); };
  ctx.log = (level, message) => { host.log(String(level), typeof message === 'string' ? message : String(toJson(message))); };
  ctx.progress = (progress, total, message) => { host.progress(JSON.stringify({ progress, total, message })); };
  if (host.sample) ctx.sample = async (request, opts) => JSON.parse(await host.sample(JSON.stringify(request ?? {}), JSON.stringify(opts ?? {})));
  if (host.elicit) ctx.elicit = async (request, opts) => JSON.parse(await host.elicit(JSON.stringify(request ?? {}), JSON.stringify(opts ?? {})));
  if (host.listRoots) ctx.listRoots = async (opts) => JSON.parse(await host.listRoots('{}', JSON.stringify(opts ?? {})));
  ctx.notifyListChanged = (list) => { host.listChanged(String(list)); };
  ctx.fail = (code, message) => { host.fail(String(code), String(message)); throw new Error(String(message)); };
  if (host.sleep) ctx.sleep = async (ms) => { await host.sleep(String(ms)); };
  Object.freeze(ctx);
  const g = globalThis;
  const define = (name, value) => Object.defineProperty(g, name, { value, writable: true, enumerable: true, configurable: true });
  for (const [name, library] of ${LAZY_GLOBALS}) {
    Object.defineProperty(g, name, {
      enumerable: true,
      configurable: true,
      get() { const value = lib(library)[name]; define(name, value); return value; },
      set(value) { define(name, value); },
    });
  }
  g.fetch = ctx.fetch;
  return async (fn, inputJson, checkOnly) => {
    if (typeof fn !== 'function') throw new TypeError('the module must export a default function: export default async (input, ctx) => result');
    if (checkOnly) return JSON.stringify({ value: null });
    const value = await fn(JSON.parse(inputJson), ctx);
    return JSON.stringify({ value });
  };
})`
