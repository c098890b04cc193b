// Identifiers and timestamps used across the service.
export const newId = (): string => Bun.randomUUIDv7()
export const nowIso = (): string => new Date().toISOString()
