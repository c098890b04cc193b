// The JavaScript run inside the sandbox before the user's module: builds `ctx` over raw string-in/string-out host
// functions and installs the web globals lazily (sandbox-globals.ts).
import { LIBRARIES } from './sandbox-globals'

/** ctx's functions, evaluated like a library the first time code reads one of them: many calls never do. */
const CTX = `(function (host) {
  const toJson = (v) => (v === undefined ? undefined : JSON.stringify(v));
  const ctx = {};
  ctx.fetch = async function fetch(url, init) {
    const options = { ...(init || {}) };
    const headers = {};
    for (const [k, v] of Object.entries(options.headers || {})) headers[k] = String(v);
    if (options.body !== undefined && options.body !== null && typeof options.body !== 'string') {
      options.body = JSON.stringify(options.body);
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    const request = { method: options.method, headers, body: options.body === null ? undefined : options.body };
    const r = JSON.parse(await host('fetch', String(url), JSON.stringify(request)));
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
  ctx.log = (level, message) => { host('log', String(level), typeof message === 'string' ? message : String(toJson(message))); };
  ctx.progress = (progress, total, message) => { host('progress', JSON.stringify({ progress, total, message })); };
  ctx.sample = async (request, opts) => JSON.parse(await host('sample', JSON.stringify(request ?? {}), JSON.stringify(opts ?? {})));
  ctx.elicit = async (request, opts) => JSON.parse(await host('elicit', JSON.stringify(request ?? {}), JSON.stringify(opts ?? {})));
  ctx.listRoots = async (opts) => JSON.parse(await host('listRoots', '{}', JSON.stringify(opts ?? {})));
  ctx.notifyListChanged = (list) => { host('listChanged', String(list)); };
  ctx.fail = (code, message) => { host('fail', String(code), String(message)); throw new Error(String(message)); };
  ctx.sleep = async (ms) => { await host('sleep', String(ms)); };
  return ctx;
})`

/** `name:needs` pairs: ctx's functions in the order ctx lists them, each with the host function it needs. */
const CTX_MEMBERS = [
  'fetch:fetch',
  'log:log',
  'progress:progress',
  'sample:sample',
  'elicit:elicit',
  'listRoots:listRoots',
  'notifyListChanged:listChanged',
  'fail:fail',
  'sleep:sleep',
].join(',')

/** The sources `load(name)` evaluates in the call's context: each evaluates to `(host) => { name: value, ... }`. */
export const LIBRARY_SOURCES: Record<string, string> = {
  ctx: CTX,
  ...Object.fromEntries(Object.entries(LIBRARIES).map(([name, library]) => [name, library.source])),
}

/** `global:library` pairs: globals defined as accessors that load their library on first use. */
const LAZY_GLOBALS = [
  'fetch:ctx',
  ...Object.entries(LIBRARIES).flatMap(([name, library]) => library.globals.map((global) => `${global}:${name}`)),
].join(',')

/**
 * Evaluates to `(host, hosts, credentialsJson, load) => run`: `host(name, ...args)` calls a host function (string
 * arguments), `hosts` lists the ones this call has (`,fetch,log,...,`), `load(name)` evaluates a library of
 * LIBRARY_SOURCES and `run(fn, inputJson, checkOnly)` calls the module's default export and resolves to
 * `JSON.stringify({value})` (with `checkOnly`, only checks that it is a function). Values cross the boundary as JSON
 * text, so the code only sees plain data. A lazy global becomes a plain writable property once read or assigned, as if
 * it had been set up front; ctx (frozen) reads its functions from the ctx library. Kept short: it is parsed on every
 * call (lists are strings, split when run, because literals cost parsing).
 */
export const PRELUDE = `(function (host, hosts, credentialsJson, load) {
  const libs = Object.create(null);
  const lib = (name) => libs[name] || (libs[name] = load(name)(host));
  const g = globalThis;
  const define = Object.defineProperty;
  const ctx = { credentials: credentialsJson === undefined ? undefined : JSON.parse(credentialsJson) };
  for (const pair of '${CTX_MEMBERS}'.split(',')) {
    const [name, needs] = pair.split(':');
    if (hosts.includes(',' + needs + ',')) define(ctx, name, { enumerable: true, get: () => lib('ctx')[name] });
  }
  Object.freeze(ctx);
  const set = (name, value) => define(g, name, { value, writable: true, enumerable: true, configurable: true });
  for (const pair of '${LAZY_GLOBALS}'.split(',')) {
    const [name, library] = pair.split(':');
    define(g, name, { enumerable: true, configurable: true, get() { const v = lib(library)[name]; set(name, v); return v; }, set(v) { set(name, v); } });
  }
  return async (fn, inputJson, checkOnly) => {
    if (typeof fn !== 'function') throw new TypeError('the module must export a default function: export default async (input, ctx) => result');
    if (checkOnly) return JSON.stringify({ value: null });
    return JSON.stringify({ value: await fn(JSON.parse(inputJson), ctx) });
  };
})`
