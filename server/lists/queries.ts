/**
 * Reading lists read straight from the sync store, for online views of other people's lists.
 * Visibility is decided here and only here: a private list is its owner's alone, and lists of
 * accounts that are not active are nobody's business.
 */
import { sql } from 'kysely';
import type { ListSummary } from '../../sync/api/lists';
import { readingLists, type ReadingList } from '../../sync/collections/reading-lists';
import type { DB } from '../db/connection';

const COLLECTION = readingLists.name;

interface Row {
  doc: string;
  username: string;
  displayName: string;
}

function baseQuery(db: DB) {
  return db
    .selectFrom('syncDocs as d')
    .innerJoin('users as u', (j) => j.on(sql`u.id`, '=', sql`json_extract(d.doc, '$.ownerId')`))
    .select(['d.doc', 'u.username', 'u.displayName'])
    .where('d.collection', '=', COLLECTION)
    .where('d.deleted', '=', 0)
    .where('u.status', '=', 'active');
}

/** The list if `viewerId` may see it: public or unlisted to anyone, private to its owner. */
export async function visibleList(db: DB, id: string, viewerId: string | null) {
  const row = (await baseQuery(db).where('d.id', '=', id).executeTakeFirst()) as Row | undefined;
  if (!row) return null;
  const list = JSON.parse(row.doc) as ReadingList;
  if (list.visibility === 'private' && list.ownerId !== viewerId) return null;
  return { list, owner: { username: row.username, displayName: row.displayName } };
}

function summary(row: Row): ListSummary {
  const list = JSON.parse(row.doc) as ReadingList;
  return {
    id: list.id,
    name: list.name,
    description: list.description,
    bookCount: list.items.length,
    covers: [...list.items]
      .sort((a, b) => a.position - b.position)
      .slice(0, 4)
      .map((i) => ({ bookId: i.bookId, title: i.title, coverUrl: i.coverUrl })),
    updatedAt: list.updatedAt,
    owner: { username: row.username, displayName: row.displayName },
  };
}

/** Public lists only (unlisted ones are reachable by link, never listed), newest change first. */
export async function publicLists(db: DB, options: { ownerId?: string; limit: number }): Promise<ListSummary[]> {
  let query = baseQuery(db).where(sql<string>`json_extract(d.doc, '$.visibility')`, '=', 'public');
  if (options.ownerId) query = query.where('u.id', '=', options.ownerId);
  const rows = (await query.orderBy('d.serverUpdatedAt', 'desc').limit(options.limit).execute()) as Row[];
  return rows.map(summary);
}
