// Typed storage errors: the storage adapter (src/db/store.ts) turns its driver's constraint failures into these, so
// features catch a type instead of matching one database's message text (docs/decisions.md, "The storage seam").

/** A write would have duplicated a unique key (a name already taken). */
export class UniqueViolation extends Error {
  readonly name = 'UniqueViolation'
}

/** A write referred to a row that does not exist, or a delete would have left rows referring to it. */
export class ForeignKeyViolation extends Error {
  readonly name = 'ForeignKeyViolation'
}
