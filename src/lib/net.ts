// node:net and node:dns, loaded on first use: loading them is ~2 ms of start, and only egress (and a configured IPv6
// host) needs them (docs/decisions/0015-hot-path.md: cold start). `require` keeps the callers synchronous; the module
// is kept once loaded (a `require` per call cost every outbound request a module lookup).
let net: typeof import('node:net') | undefined
let dns: typeof import('node:dns/promises') | undefined

const netModule = (): typeof import('node:net') => {
  if (!net) net = require('node:net') as typeof import('node:net')
  return net
}

const dnsModule = (): typeof import('node:dns/promises') => {
  if (!dns) dns = require('node:dns/promises') as typeof import('node:dns/promises')
  return dns
}

/** 4 or 6 for an IP literal, 0 otherwise (node:net isIP). */
export const isIP = (input: string): number => netModule().isIP(input)

/** Every address of `host` from the system resolver, in its order (node:dns lookup with all and verbatim). */
export const lookupAll = (host: string) => dnsModule().lookup(host, { all: true, verbatim: true })
