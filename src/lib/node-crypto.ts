// node:crypto's functions, loaded on first call. Bun's node:crypto pulls in the Node stream modules when it is first
// required, ~8–13 ms of a compiled start on the bench machine, and nothing on the way to the first answer needs it
// (docs/decisions/0036-hot-path-at-the-limit.md: cold start). A module that needs one imports it from here instead.
import type * as NodeCrypto from 'node:crypto'

type Crypto = typeof NodeCrypto
let loaded: Crypto | undefined
const load = (): Crypto => {
  loaded ??= require('node:crypto') as Crypto
  return loaded
}

/** `name` of node:crypto, same signature, resolved when first called. */
const lazy = <
  K extends
    | 'createHash'
    | 'createHmac'
    | 'randomBytes'
    | 'timingSafeEqual'
    | 'createCipheriv'
    | 'createDecipheriv'
    | 'hkdfSync',
>(
  name: K,
): Crypto[K] => ((...args: unknown[]) => (load()[name] as (...a: unknown[]) => unknown)(...args)) as Crypto[K]

export const createHash = lazy('createHash')
export const createHmac = lazy('createHmac')
export const randomBytes = lazy('randomBytes')
export const timingSafeEqual = lazy('timingSafeEqual')
export const createCipheriv = lazy('createCipheriv')
export const createDecipheriv = lazy('createDecipheriv')
export const hkdfSync = lazy('hkdfSync')
