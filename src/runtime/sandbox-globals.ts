// The web globals a JavaScript author expects (console, timers, URL, TextEncoder, atob, crypto…), as JavaScript run in
// the sandbox when code first reads them; QuickJS has none of them (docs/decisions/0010-writing-functions-and-config-as-code.md).
import type { FunctionHost } from './host'

/**
 * Each library evaluates to `(host, lib) => globals`, the globals it defines; `lib(name)` gives another library's
 * globals (the same objects every time); `host(name, ...args)` calls `log(level, text)`,
 * `sleep(ms)` (a promise, ended with the call), `random(n)` (n random bytes as hex). A library is evaluated in the call's context
 * the first time code reads one of its globals (sandbox-prelude.ts): parsing them all for every call cost more than
 * the rest of the call (docs/decisions/0015-hot-path.md).
 */
export const LIBRARIES: Record<string, { globals: string[]; source: string }> = {
  console: {
    globals: ['console'],
    source: `(function (host) {
  const show = (v) => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.stack ? v.name + ': ' + v.message : String(v);
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return String(v);
    try { return JSON.stringify(v); } catch (e) { return String(v); }
  };
  const say = (level) => (...args) => { host('log', level, args.map(show).join(' ')); };
  return { console: { log: say('info'), info: say('info'), debug: say('debug'), warn: say('warning'), error: say('error'), trace: say('debug') } };
})`,
  },
  timers: {
    globals: ['setTimeout', 'clearTimeout'],
    source: `(function (host) {
  let nextTimer = 1;
  const timers = new Set();
  const setTimeout = (fn, ms, ...args) => {
    const id = nextTimer++;
    timers.add(id);
    host('sleep', String(Math.max(0, Number(ms) || 0))).then(() => {
      if (timers.delete(id) && typeof fn === 'function') fn(...args);
    });
    return id;
  };
  const clearTimeout = (id) => { timers.delete(id); };
  return { setTimeout, clearTimeout };
})`,
  },
  crypto: {
    globals: ['crypto'],
    source: `(function (host) {
  const crypto = {
    getRandomValues(array) {
      const bytes = host('random', String(array.byteLength));
      const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < view.length; i++) view[i] = parseInt(bytes.substr(i * 2, 2), 16);
      return array;
    },
    randomUUID() {
      const b = crypto.getRandomValues(new Uint8Array(16));
      b[6] = (b[6] & 0x0f) | 0x40;
      b[8] = (b[8] & 0x3f) | 0x80;
      const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
      return h.slice(0, 8) + '-' + h.slice(8, 12) + '-' + h.slice(12, 16) + '-' + h.slice(16, 20) + '-' + h.slice(20);
    },
  };
  return { crypto };
})`,
  },
  text: {
    globals: ['TextEncoder', 'TextDecoder'],
    source: `(function (host) {
  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(s = '') {
      const bin = unescape(encodeURIComponent(String(s)));
      const out = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
      return out;
    }
  }
  class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(input) {
      if (input === undefined) return '';
      const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
      let bin = '';
      for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
      try { return decodeURIComponent(escape(bin)); } catch (e) { return bin; }
    }
  }
  return { TextEncoder, TextDecoder };
})`,
  },
  base64: {
    globals: ['btoa', 'atob'],
    source: `(function (host) {
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const btoa = (input) => {
    const s = String(input);
    let out = '';
    for (let i = 0; i < s.length; i += 3) {
      const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
      if (a > 255 || b > 255 || c > 255) throw new Error('btoa: the string has characters outside Latin-1');
      const n = (a << 16) | ((b || 0) << 8) | (c || 0);
      out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? B64[n & 63] : '=');
    }
    return out;
  };
  const atob = (input) => {
    const s = String(input).replace(/[\\s=]/g, '');
    let out = '', bits = 0, acc = 0;
    for (const ch of s) {
      const v = B64.indexOf(ch);
      if (v < 0) throw new Error('atob: not base64');
      acc = (acc << 6) | v; bits += 6;
      if (bits >= 8) { bits -= 8; out += String.fromCharCode((acc >> bits) & 255); }
    }
    return out;
  };
  return { btoa, atob };
})`,
  },
  params: {
    globals: ['URLSearchParams'],
    source: `(function (host) {
  const enc = (s) => encodeURIComponent(s).replace(/%20/g, '+');
  const dec = (s) => decodeURIComponent(String(s).replace(/\\+/g, ' '));
  class URLSearchParams {
    constructor(init) {
      this._list = [];
      if (typeof init === 'string') {
        for (const part of init.replace(/^\\?/, '').split('&')) {
          if (!part) continue;
          const i = part.indexOf('=');
          this._list.push(i < 0 ? [dec(part), ''] : [dec(part.slice(0, i)), dec(part.slice(i + 1))]);
        }
      } else if (Array.isArray(init)) {
        for (const [k, v] of init) this._list.push([String(k), String(v)]);
      } else if (init && typeof init === 'object') {
        for (const k of Object.keys(init)) this._list.push([k, String(init[k])]);
      }
    }
    append(k, v) { this._list.push([String(k), String(v)]); this._changed(); }
    set(k, v) {
      const i = this._list.findIndex((e) => e[0] === k);
      this._list = this._list.filter((e, j) => e[0] !== k || j === i);
      if (i < 0) this._list.push([String(k), String(v)]); else this._list[i][1] = String(v);
      this._changed();
    }
    get(k) { const e = this._list.find((x) => x[0] === k); return e ? e[1] : null; }
    getAll(k) { return this._list.filter((e) => e[0] === k).map((e) => e[1]); }
    has(k) { return this._list.some((e) => e[0] === k); }
    delete(k) { this._list = this._list.filter((e) => e[0] !== k); this._changed(); }
    forEach(fn) { for (const [k, v] of this._list) fn(v, k, this); }
    keys() { return this._list.map((e) => e[0])[Symbol.iterator](); }
    values() { return this._list.map((e) => e[1])[Symbol.iterator](); }
    entries() { return this._list.map((e) => [e[0], e[1]])[Symbol.iterator](); }
    [Symbol.iterator]() { return this.entries(); }
    get size() { return this._list.length; }
    toString() { return this._list.map(([k, v]) => enc(k) + '=' + enc(v)).join('&'); }
    _changed() { if (this._url) this._url._search = this._list.length ? '?' + this.toString() : ''; }
  }
  return { URLSearchParams };
})`,
  },
  url: {
    globals: ['URL'],
    source: `(function (host, lib) {
  const { URLSearchParams } = lib('params');
  const PATTERN = /^([a-zA-Z][a-zA-Z0-9+.-]*:)(?:\\/\\/(?:([^:@\\/]*)(?::([^@\\/]*))?@)?(\\[[^\\]]*\\]|[^:\\/?#]*)(?::(\\d*))?)?([^?#]*)(\\?[^#]*)?(#.*)?$/;
  const DEFAULT_PORTS = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };
  const resolvePath = (base, rel) => {
    const parts = (rel.startsWith('/') ? rel : base.replace(/[^/]*$/, '') + rel).split('/');
    const out = [];
    for (const p of parts.slice(1)) { if (p === '..') out.pop(); else if (p !== '.') out.push(p); }
    const last = parts[parts.length - 1];
    return '/' + out.join('/') + (last === '.' || last === '..' ? '/' : '');
  };
  class URL {
    constructor(input, base) {
      let s = String(input).trim();
      let m = PATTERN.exec(s);
      if (!m && base !== undefined) {
        const b = new URL(base);
        if (s.startsWith('//')) s = b.protocol + s;
        else if (s.startsWith('?')) s = b.origin + b.pathname + s;
        else if (s.startsWith('#')) s = b.origin + b.pathname + b.search + s;
        else {
          const q = s.search(/[?#]/);
          const path = q < 0 ? s : s.slice(0, q);
          s = b.origin + resolvePath(b.pathname, path) + (q < 0 ? '' : s.slice(q));
        }
        m = PATTERN.exec(s);
      }
      if (!m || (m[4] === undefined && /^(https?|wss?|ftp):$/i.test(m[1]))) throw new TypeError('Invalid URL: ' + String(input));
      this.protocol = m[1].toLowerCase();
      this.username = m[2] || '';
      this.password = m[3] || '';
      this.hostname = (m[4] || '').toLowerCase();
      const port = m[5] || '';
      this.port = DEFAULT_PORTS[this.protocol] === port ? '' : port;
      this.pathname = m[6] || (this.hostname ? '/' : '');
      this._search = m[7] && m[7] !== '?' ? m[7] : '';
      this.hash = m[8] && m[8] !== '#' ? m[8] : '';
    }
    get host() { return this.hostname + (this.port ? ':' + this.port : ''); }
    get origin() { return this.protocol + '//' + this.host; }
    get search() { return this._search; }
    set search(v) { const s = String(v); this._search = s && s !== '?' ? (s.startsWith('?') ? s : '?' + s) : ''; this._params = undefined; }
    get searchParams() {
      if (!this._params) { this._params = new URLSearchParams(this._search); this._params._url = this; }
      return this._params;
    }
    get href() {
      const auth = this.username ? this.username + (this.password ? ':' + this.password : '') + '@' : '';
      return this.protocol + (this.hostname ? '//' + auth + this.host : '') + this.pathname + this.search + this.hash;
    }
    toString() { return this.href; }
    toJSON() { return this.href; }
  }
  return { URL };
})`,
  },
}

/** `crypto.getRandomValues` inside the sandbox: n random bytes (at most 64 KiB, as the Web Crypto API) as hex. */
export function randomHex(n: number): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(Math.min(65_536, Math.max(0, n || 0))))).toString('hex')
}

/** `ctx.progress(progress, total?, message?)` as the prelude packs it; a call without a numeric progress is dropped. */
export function forwardProgress(host: FunctionHost, packed: string): void {
  const p = JSON.parse(packed) as { progress?: unknown; total?: unknown; message?: unknown }
  if (typeof p.progress !== 'number') return
  const total = typeof p.total === 'number' ? p.total : undefined
  host.progress(p.progress, total, typeof p.message === 'string' ? p.message : undefined)
}
