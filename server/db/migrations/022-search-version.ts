/**
 * The search index's version (server/search/sqlite-fts.ts): a counter that changes in the same
 * transaction as the index, so a server may keep counts that only the index decides (the store's
 * facets for a genre or a language) until it moves. Rebuilding creates it.
 */
import { sql, type Kysely } from 'kysely';
import { storeIndex } from '../../search/store-index';

export async function up(db: Kysely<unknown>): Promise<void> {
  await storeIndex(db).rebuild(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS store_search_version`.execute(db);
}
