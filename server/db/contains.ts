/**
 * "Contains this text, ignoring case" on both engines. SQLite's LIKE ignores ASCII case and
 * PostgreSQL's does not; lowering both sides gives the two the same answer (SQLite's lower(),
 * like its LIKE, folds ASCII only). Wildcards typed by people are taken literally: "50%" finds "50%".
 */
import { sql, type RawBuilder } from 'kysely';

/** Escape LIKE wildcards so a search for "50%" finds "50%" (used with ESCAPE '\'). */
function likeContains(q: string): string {
  return `%${q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** `column` (a reference such as 'users.email', or SQL) contains `text`, in any case. */
export function containsText(column: string | RawBuilder<unknown>, text: string): RawBuilder<boolean> {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return sql<boolean>`lower(${ref}) LIKE lower(${likeContains(text)}) ESCAPE '\\'`;
}
