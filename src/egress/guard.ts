// Decides whether an outbound address may be reached: refuses loopback, private, link-local, CGNAT, metadata and reserved ranges.
import { isIP } from '../lib/net'

/** Why an outbound call failed; callers may branch on it, users read the message. */
export type EgressFailure = 'refused' | 'network' | 'timeout' | 'aborted' | 'too_large' | 'too_many_redirects'

export class EgressError extends Error {
  override readonly name = 'EgressError'
  constructor(
    message: string,
    readonly reason: EgressFailure,
  ) {
    super(message)
  }
}

const ALLOW_HINT = 'set TOOLYARD_ALLOW_PRIVATE_EGRESS=true to allow'

/** A blocked range: the first `bits` of `prefix` (an IPv6 address as 8 groups; IPv4 ranges are written mapped). */
interface Range {
  groups: number[]
  bits: number
  kind: string
}

const v4Ranges: [string, number, string][] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private network'],
  ['100.64.0.0', 10, 'shared CGNAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.169.254', 32, 'cloud metadata'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private network'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private network'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
]

const v6Ranges: [string, number, string][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['fd00:ec2::254', 128, 'cloud metadata'],
  ['fc00::', 7, 'private network'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
]

// Parsed on the first check, not at start (~1 ms of start; docs/decisions/0015-hot-path.md: cold start).
let ranges: Range[] | undefined
const blockedRanges = (): Range[] =>
  (ranges ??= [
    ...v4Ranges.map(([ip, bits, kind]) => ({ groups: parseIPv6(`::ffff:${ip}`)!, bits: 96 + bits, kind })),
    ...v6Ranges.map(([ip, bits, kind]) => ({ groups: parseIPv6(ip)!, bits, kind })),
  ])

function parseIPv4(ip: string): number[] | undefined {
  const parts = ip.split('.')
  if (parts.length !== 4) return undefined
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN))
  return bytes.every((b) => b >= 0 && b <= 255) ? bytes : undefined
}

/** Parses an IPv6 literal (with `::` and an optional dotted IPv4 tail) into 8 16-bit groups. */
function parseIPv6(input: string): number[] | undefined {
  let ip = input.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const lastColon = ip.lastIndexOf(':')
  if (lastColon >= 0 && ip.slice(lastColon + 1).includes('.')) {
    // A dotted IPv4 tail (::ffff:1.2.3.4) becomes its two hex groups.
    const v4 = parseIPv4(ip.slice(lastColon + 1))
    if (!v4) return undefined
    ip = `${ip.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`
  }
  const halves = ip.split('::')
  if (halves.length > 2) return undefined
  const toGroups = (s: string) =>
    s === '' ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN))
  const head = toGroups(halves[0]!)
  const rest = halves.length === 2 ? toGroups(halves[1]!) : []
  const explicit = head.length + rest.length
  if (halves.length === 1 && explicit !== 8) return undefined
  if (halves.length === 2 && explicit > 7) return undefined
  const groups = [...head, ...Array(8 - explicit).fill(0), ...rest]
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined
}

function inRange(groups: number[], range: Range): boolean {
  let bits = range.bits
  for (let i = 0; i < 8 && bits > 0; i++, bits -= 16) {
    const mask = bits >= 16 ? 0xffff : (0xffff << (16 - bits)) & 0xffff
    if ((groups[i]! & mask) !== (range.groups[i]! & mask)) return false
  }
  return true
}

/**
 * The IPv4 address an IPv6 address embeds, as groups in the mapped form: mapped (::ffff:0:0/96), translated
 * (::ffff:0:0:0/96), compatible (::/96), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48, the IPv4 in the last
 * 32 bits) and 6to4 (2002::/16).
 */
function embeddedV4(g: number[]): number[] | undefined {
  const mapped = (hi: number, lo: number) => [0, 0, 0, 0, 0, 0xffff, hi, lo]
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0)
  if (zeros(0, 5) && (g[5] === 0xffff || (g[5] === 0 && (g[6] !== 0 || g[7]! > 1)))) return mapped(g[6]!, g[7]!)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return mapped(g[6]!, g[7]!)
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return mapped(g[6]!, g[7]!)
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return mapped(g[6]!, g[7]!)
  if (g[0] === 0x2002) return mapped(g[1]!, g[2]!)
  return undefined
}

/**
 * Why `ip` (an IPv4 or IPv6 literal) must not be reached, e.g. "loopback"; undefined when it is a public address.
 * Embedded IPv4 forms (::ffff:127.0.0.1, 64:ff9b::a00:1, 2002:7f00:1::) are judged by the IPv4 address inside.
 */
export function blockedKind(ip: string): string | undefined {
  const family = isIP(ip.replace(/^\[|\]$/g, ''))
  const v4 = family === 4 ? parseIPv4(ip) : undefined
  let groups = v4 ? [0, 0, 0, 0, 0, 0xffff, (v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!] : parseIPv6(ip)
  if (!groups) return 'unparseable'
  groups = embeddedV4(groups) ?? groups
  return blockedRanges().find((r) => inRange(groups!, r))?.kind
}

/** Throws EgressError(refused) when the address may not be reached; `host` is the name the user gave, for the message. */
export function assertAddressAllowed(host: string, ip: string, allowPrivate: boolean): void {
  if (allowPrivate) return
  const kind = blockedKind(ip)
  if (!kind) return
  const subject = host === ip ? ip : `${host} resolves to ${ip}, which`
  throw new EgressError(`egress refused: ${subject} is a private address (${kind}); ${ALLOW_HINT}`, 'refused')
}
