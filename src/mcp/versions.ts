// Protocol versions this endpoint speaks, negotiation on initialize, and "is this version at least X" checks.
export const SUPPORTED_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const
export type ProtocolVersion = (typeof SUPPORTED_VERSIONS)[number]

const LATEST_VERSION: ProtocolVersion = '2025-11-25'
/** The spec: with no header and no other way to know, a server assumes 2025-03-26. */
export const DEFAULT_VERSION: ProtocolVersion = '2025-03-26'

export const isSupported = (v: unknown): v is ProtocolVersion =>
  typeof v === 'string' && (SUPPORTED_VERSIONS as readonly string[]).includes(v)

/** Echo a supported version; answer anything else (newer, garbage, missing) with the latest one. */
export const negotiate = (requested: unknown): ProtocolVersion => (isSupported(requested) ? requested : LATEST_VERSION)

/** Versions are ISO dates, so string order is time order. */
/** The stateless revision, served per request (./era, ./modern); never negotiated by initialize. */
export const MODERN_VERSION = '2026-07-28'
/** Every revision this endpoint answers, newest first (server/discover, and the -32022 error's data). */
export const SUPPORTED_ALL: readonly string[] = [MODERN_VERSION, ...SUPPORTED_VERSIONS]

export const atLeast = (version: string, min: ProtocolVersion): boolean => version >= min
