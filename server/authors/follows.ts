/**
 * Who follows whom, read from the replicated `follows` documents (sync_docs). The one module
 * with the JSON SQL for them: followers of an author walk the partial expression index of
 * migration 020, whose expression and terms (`collection = 'follows' AND deleted = 0`, as
 * literals: a bound parameter would not match the index) are repeated here word for word; a
 * person's follows walk sync_audience, whose audience is the owner.
 */
import { sql } from 'kysely';
import { follows, followId } from '../../sync/collections/follows';
import type { DB } from '../db/connection';
import { readDoc } from '../sync/store';

const LIVE_FOLLOWS = sql<boolean>`collection = 'follows' AND deleted = 0`;
const AUTHOR_OF = sql<string>`json_extract(doc, '$.authorId')`;

/** The query behind followersOf (its plan is checked in a test). */
export function followersQuery(db: DB, authorIds: string[]) {
  return db
    .selectFrom('syncDocs')
    .select(sql<string>`json_extract(doc, '$.ownerId')`.as('ownerId'))
    .distinct()
    .where(LIVE_FOLLOWS)
    .where(AUTHOR_OF, 'in', authorIds);
}

/** Accounts following any of `authorIds` (each once). */
export async function followersOf(db: DB, authorIds: string[]): Promise<string[]> {
  if (authorIds.length === 0) return [];
  return (await followersQuery(db, authorIds).execute()).map((r) => r.ownerId);
}

/** Does anyone follow any of `authorIds`? */
export async function hasFollowers(db: DB, authorIds: string[]): Promise<boolean> {
  if (authorIds.length === 0) return false;
  const row = await db.selectFrom('syncDocs').select('id').where(LIVE_FOLLOWS).where(AUTHOR_OF, 'in', authorIds).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Does `userId` follow `authorId` now (as the server holds their follows)? */
export async function isFollowing(db: DB, userId: string, authorId: string): Promise<boolean> {
  const stored = await readDoc(db, follows.name, followId(userId, authorId));
  return stored !== null && !stored.deleted && stored.doc.authorId === authorId;
}

/** A subquery of the author ids `userId` follows, for `where(column, 'in', …)`. */
export function followedAuthorIds(db: DB, userId: string) {
  return db
    .selectFrom('syncAudience as a')
    .innerJoin('syncDocs as d', (j) => j.onRef('d.collection', '=', 'a.collection').onRef('d.id', '=', 'a.docId'))
    .select(sql<string>`json_extract(d.doc, '$.authorId')`.as('authorId'))
    .where('a.userId', '=', userId)
    .where('a.collection', '=', follows.name)
    .where('d.deleted', '=', 0);
}
