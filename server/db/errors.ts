/** What a failed statement means, whichever engine raised it (SQLite's error codes, or PostgreSQL's SQLSTATE). */

const codeOf = (error: unknown) => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** A row is still referenced by another table's foreign key (or would reference a missing one). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
