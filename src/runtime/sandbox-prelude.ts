// The JavaScript run inside the sandbox before the user's module: builds `ctx` over raw string-in/string-out host
// functions and installs the web globals lazily (sandbox-globals.ts).
import { LIBRARIES } from './sandbox-globals'

/** `fetch` (ctx.fetch and the global), a library of its own: code that only logs does not parse it. */
const FETCH = `(function (host) {
  const fetch = async function fetch(url, init) {
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
  return { fetch };
})`

/** ctx's other functions, each a library of its own evaluated the first time code reads it (most code uses one or two). */
const CTX: Record<string, string> = {
  log: `(level, message) => { host('log', String(level), typeof message === 'string' ? message : String(message === undefined ? undefined : JSON.stringify(message))); }`,
  progress: `(progress, total, message) => { host('progress', JSON.stringify({ progress, total, message })); }`,
  sample: `async (request, opts) => JSON.parse(await host('sample', JSON.stringify(request ?? {}), JSON.stringify(opts ?? {})))`,
  elicit: `async (request, opts) => JSON.parse(await host('elicit', JSON.stringify(request ?? {}), JSON.stringify(opts ?? {})))`,
  listRoots: `async (opts) => JSON.parse(await host('listRoots', '{}', JSON.stringify(opts ?? {})))`,
  notifyListChanged: `(list) => { host('listChanged', String(list)); }`,
  fail: `(code, message) => { host('fail', String(code), String(message)); throw new Error(String(message)); }`,
  sleep: `async (ms) => { await host('sleep', String(ms)); }`,
  callTool: `async (name, args) => JSON.parse(await host('callTool', String(name), JSON.stringify(args ?? {})))`,
}

/** `name:needs:library`: ctx's functions in the order ctx lists them, the host function each needs, its library. */
const CTX_MEMBERS = [
  'fetch:fetch:fetch',
  'log:log:ctx.log',
  'progress:progress:ctx.progress',
  'sample:sample:ctx.sample',
  'elicit:elicit:ctx.elicit',
  'listRoots:listRoots:ctx.listRoots',
  'notifyListChanged:listChanged:ctx.notifyListChanged',
  'fail:fail:ctx.fail',
  'sleep:sleep:ctx.sleep',
  'callTool:callTool:ctx.callTool',
].join(',')

/** The sources `load(name)` evaluates in the call's context: each evaluates to `(host, lib) => { name: value, ... }`. */
export const LIBRARY_SOURCES: Record<string, string> = {
  fetch: FETCH,
  ...Object.fromEntries(
    Object.entries(CTX).map(([name, fn]) => [`ctx.${name}`, `(function (host) {\n  return { ${name}: ${fn} };\n})`]),
  ),
  ...Object.fromEntries(Object.entries(LIBRARIES).map(([name, library]) => [name, library.source])),
}

/** `global:library` pairs: globals defined as accessors that load their library on first use. */
const LAZY_GLOBALS = [
  'fetch:fetch',
  ...Object.entries(LIBRARIES).flatMap(([name, library]) => library.globals.map((global) => `${global}:${name}`)),
].join(',')

/**
 * Evaluates to `(host, load) => run`: `host(name, ...args)` calls a host function of the call running now (string
 * arguments), `load(name)` evaluates a library of LIBRARY_SOURCES and `run(fn, inputJson, checkOnly, hosts,
 * credentialsJson)` builds this call's ctx (`hosts` lists the host functions this call has, `,fetch,log,...,`), calls
 * the module's default export and resolves to `JSON.stringify({value})` (with `checkOnly`, only checks that it is a
 * function). The prelude runs once per context; a warm context runs `run` for each call of its function, so ctx and
 * its credentials are made per call, passed as an argument and never set on a global (docs/functions.md, "Warm
 * JavaScript"). Values cross the boundary as JSON text, so the code only sees plain data. A lazy global becomes a
 * plain writable property once read or assigned, as if it had been set up front; ctx (frozen) reads its functions
 * from the ctx and fetch libraries through accessors made once per context and set of host functions (`shapes`:
 * built per call, they were over a third of a warm call's CPU; docs/decisions/0050-javascript-call-under-load.md). Kept
 * short: it is parsed for every new context (lists are strings, split when run, because literals cost parsing).
 */
export const PRELUDE = `(function (host, load) {
  const libs = Object.create(null);
  const lib = (name) => libs[name] || (libs[name] = load(name)(host, lib));
  const g = globalThis;
  const define = Object.defineProperty;
  const defineAll = Object.defineProperties;
  const members = '${CTX_MEMBERS}'.split(',').map((pair) => pair.split(':'));
  const set = (name, value) => define(g, name, { value, writable: true, enumerable: true, configurable: true });
  for (const pair of '${LAZY_GLOBALS}'.split(',')) {
    const [name, library] = pair.split(':');
    define(g, name, { enumerable: true, configurable: true, get() { const v = lib(library)[name]; set(name, v); return v; }, set(v) { set(name, v); } });
  }
  const shapes = Object.create(null);
  const shape = (hosts) => {
    const descriptors = Object.create(null);
    for (const [name, needs, library] of members) {
      if (hosts.includes(',' + needs + ',')) descriptors[name] = { __proto__: null, enumerable: true, get: Object.freeze(() => lib(library)[name]) };
    }
    return descriptors;
  };
  return async (fn, inputJson, checkOnly, hosts, credentialsJson) => {
    if (typeof fn !== 'function') throw new TypeError('the module must export a default function: export default async (input, ctx) => result');
    if (checkOnly) return JSON.stringify({ value: null });
    const ctx = { credentials: credentialsJson === undefined ? undefined : JSON.parse(credentialsJson) };
    defineAll(ctx, shapes[hosts] || (shapes[hosts] = shape(hosts)));
    Object.freeze(ctx);
    return JSON.stringify({ value: await fn(JSON.parse(inputJson), ctx) });
  };
})`
