/**
 * The store's full-text index, second form: listed books only, keyed by the book's rowid with no
 * copy of the text, genres and language as tokens (server/search/sqlite-fts.ts says why; PostgreSQL's is postgres-fts.ts). Built
 * from the books table; saveBook keeps it in step from then on.
 */
import { sql, type Kysely } from 'kysely';
import { storeIndex } from '../../search/store-index';

export async function up(db: Kysely<unknown>): Promise<void> {
  await storeIndex(db).rebuild(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS store_search`.execute(db);
}
