/**
 * Numbered migrations, run in order at start. Add a file and list it here. One set of files for
 * both engines: on PostgreSQL they pass through PostgresDdlPlugin (server/db/postgres-ddl.ts).
 */
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DB } from './connection';
import { engineOf } from './engine';
import { installPostgresFunctions, PostgresDdlPlugin } from './postgres-ddl';
import * as m001 from './migrations/001-foundation';
import * as m002 from './migrations/002-sync';
import * as m003 from './migrations/003-book-import';
import * as m004 from './migrations/004-collab';
import * as m005 from './migrations/005-files';
import * as m006 from './migrations/006-versions';
import * as m009 from './migrations/009-invitations';
import * as m012 from './migrations/012-reviews';
import * as m013 from './migrations/013-session-rotation';
import * as m014 from './migrations/014-store';
import * as m015 from './migrations/015-orders';
import * as m016 from './migrations/016-store-search';
import * as m017 from './migrations/017-rich-descriptions';
import * as m018 from './migrations/018-admin-store';
import * as m019 from './migrations/019-billing';
import * as m020 from './migrations/020-authors';
import * as m021 from './migrations/021-sideloads';
import * as m022 from './migrations/022-search-version';
import * as m023 from './migrations/023-fixed-layout';
import * as m024 from './migrations/024-people-search';
import * as m026 from './migrations/026-isbn-pool';
import * as m028 from './migrations/028-publishing';
import * as m029 from './migrations/029-people-name-words';
import * as m030 from './migrations/030-blog';
import * as m031 from './migrations/031-newsletters';
import * as m032 from './migrations/032-image-variants';
import * as m033 from './migrations/033-publisher-uploads';
import * as m034 from './migrations/034-exports';
import * as m035 from './migrations/035-cover-designs';
import * as m036 from './migrations/036-imprint-team';
import * as m037 from './migrations/037-publisher-books';
import * as m038 from './migrations/038-edition-check-findings';
import * as m039 from './migrations/039-support-and-notices';
import * as m040 from './migrations/040-analytics';
import * as m041 from './migrations/041-ask';
import * as m042 from './migrations/042-lowercase-user-names';
import * as m043 from './migrations/043-book-word-count';
import * as m044 from './migrations/044-order-line-positions';
import * as m045 from './migrations/045-pg-boss-jobs';
import * as m046 from './migrations/046-staged-chapters';
import * as m047 from './migrations/047-docx-exports';
import * as m048 from './migrations/048-imprint-book-drafts';
import * as m049 from './migrations/049-print-pdf-exports';
import * as m050 from './migrations/050-book-text-updated-at';
import * as m051 from './migrations/051-reading-days-by-book';
import * as m052 from './migrations/052-paperback-covers';

const MIGRATIONS: Record<string, Migration> = {
  '001-foundation': m001,
  '002-sync': m002,
  '003-book-import': m003,
  '004-collab': m004,
  '005-files': m005,
  '006-versions': m006,
  '009-invitations': m009,
  '012-reviews': m012,
  '013-session-rotation': m013,
  '014-store': m014,
  '015-orders': m015,
  '016-store-search': m016,
  '017-rich-descriptions': m017,
  '018-admin-store': m018,
  '019-billing': m019,
  '020-authors': m020,
  '021-sideloads': m021,
  '022-search-version': m022,
  '023-fixed-layout': m023,
  '024-people-search': m024,
  '026-isbn-pool': m026,
  '028-publishing': m028,
  '029-people-name-words': m029,
  '030-blog': m030,
  '031-newsletters': m031,
  '032-image-variants': m032,
  '033-publisher-uploads': m033,
  '034-exports': m034,
  '035-cover-designs': m035,
  '036-imprint-team': m036,
  '037-publisher-books': m037,
  '038-edition-check-findings': m038,
  '039-support-and-notices': m039,
  '040-analytics': m040,
  '041-ask': m041,
  '042-lowercase-user-names': m042,
  '043-book-word-count': m043,
  '044-order-line-positions': m044,
  '045-pg-boss-jobs': m045,
  '046-staged-chapters': m046,
  '047-docx-exports': m047,
  '048-imprint-book-drafts': m048,
  '049-print-pdf-exports': m049,
  '050-book-text-updated-at': m050,
  '051-reading-days-by-book': m051,
  '052-paperback-covers': m052,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrate(db: DB): Promise<void> {
  const postgres = engineOf(db) === 'PostgreSQL';
  if (postgres) await installPostgresFunctions(db);
  const migrating = postgres ? db.withPlugin(new PostgresDdlPlugin()) : db;
  const { error, results } = await new Migrator({ db: migrating, provider }).migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Error') console.error(`migration ${r.migrationName} failed`);
  }
  if (error) throw error;
}
