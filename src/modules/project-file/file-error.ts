// A project file that cannot be applied: the message names the file, the record and the field. Kept apart from the
// format's schemas so the CLI's error handler can recognise it without loading them (docs/decisions/0030-test-time.md).
export class FileError extends Error {}
