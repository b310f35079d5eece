/**
 * "Export all my account data": a JSON document of everything the account owns or wrote — the
 * profile (no password hash), roles, preferences, notifications, library, the replicated
 * documents it sees (manuscripts, chapters, lists, notes, highlights…), the text of the
 * manuscripts it owns, its files' details, reviews, orders, sideloaded books and publications —
 * and a ZIP of its files. Secrets (password hash, session tokens, sign-in codes) are left out.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Manuscript } from '../../sync/collections/manuscripts';
import type { AppContext } from '../context';
import { chaptersOfManuscript, manuscriptChapter } from '../manuscripts/manuscript-book';

type Progress = (fraction: number) => void;

export async function accountDataJson(ctx: AppContext, userId: string, onProgress: Progress): Promise<Uint8Array> {
  const db = ctx.db;
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  const { passwordHash: _secret, ...profile } = user;
  void _secret;
  const [roles, notificationPrefs, notifications, library, files, reviews, orders, sideloads, publications] = await Promise.all([
    db.selectFrom('userRoles').select(['role', 'grantedAt']).where('userId', '=', userId).execute(),
    db.selectFrom('notificationPrefs').select(['event', 'channel', 'enabled']).where('userId', '=', userId).execute(),
    db.selectFrom('notifications').selectAll().where('userId', '=', userId).orderBy('createdAt').execute(),
    db
      .selectFrom('libraryEntries')
      .innerJoin('books', 'books.id', 'libraryEntries.bookId')
      .select(['books.id as bookId', 'books.title', 'libraryEntries.source', 'libraryEntries.acquiredAt'])
      .where('libraryEntries.userId', '=', userId)
      .execute(),
    db.selectFrom('files').select(['id', 'name', 'kind', 'mediaType', 'size', 'createdAt']).where('ownerId', '=', userId).orderBy('createdAt').execute(),
    db.selectFrom('reviews').selectAll().where('reviewerId', '=', userId).execute(),
    db.selectFrom('orders').selectAll().where('buyerId', '=', userId).execute(),
    db.selectFrom('sideloads').selectAll().where('ownerId', '=', userId).execute(),
    db.selectFrom('publications').selectAll().where('ownerId', '=', userId).execute(),
  ]);
  const orderLines = orders.length
    ? await db
        .selectFrom('orderLines')
        .selectAll()
        .where(
          'orderId',
          'in',
          orders.map((o) => o.id),
        )
        .execute()
    : [];
  onProgress(0.3);
  const docs = await db
    .selectFrom('syncAudience')
    .innerJoin('syncDocs', (j) => j.onRef('syncDocs.collection', '=', 'syncAudience.collection').onRef('syncDocs.id', '=', 'syncAudience.docId'))
    .select(['syncDocs.collection', 'syncDocs.id', 'syncDocs.doc'])
    .where('syncAudience.userId', '=', userId)
    .where('syncDocs.deleted', '=', 0)
    .execute();
  const replicated: Record<string, unknown[]> = {};
  for (const d of docs) (replicated[d.collection] ??= []).push(JSON.parse(d.doc));
  onProgress(0.5);

  // The text of the manuscripts the account owns, as the reader shows it.
  const owned = ((replicated.manuscripts ?? []) as Manuscript[]).filter((m) => m.ownerId === userId);
  const manuscriptText = [];
  for (const [i, m] of owned.entries()) {
    const chapters = await chaptersOfManuscript(ctx, m.id);
    const text = [];
    for (const c of chapters) text.push(await manuscriptChapter(ctx, m, chapters, c.id));
    manuscriptText.push({ id: m.id, title: m.title, chapters: text.map((c) => c && { id: c.id, title: c.title, html: c.xhtml }) });
    onProgress(0.5 + (0.45 * (i + 1)) / owned.length);
  }
  const data = {
    exportedAt: new Date(ctx.now()).toISOString(),
    profile,
    roles,
    notificationPrefs,
    notifications,
    library,
    files,
    reviews,
    orders: orders.map((o) => ({ ...o, lines: orderLines.filter((l) => l.orderId === o.id) })),
    sideloadedBooks: sideloads,
    publications: publications.map((p) => ({ ...p, metadata: p.metadata ? JSON.parse(p.metadata) : null })),
    manuscripts: manuscriptText,
    replicated,
  };
  return strToU8(JSON.stringify(data, null, 2));
}

/** The account's files, under their own names (made unique), in one ZIP. */
export async function accountFilesZip(ctx: AppContext, userId: string, onProgress: Progress): Promise<Uint8Array> {
  const rows = await ctx.db
    .selectFrom('files')
    .select(['name', 'blobHash', 'createdAt'])
    .where('ownerId', '=', userId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const zip: Zippable = {};
  const taken = new Set<string>();
  for (const [i, row] of rows.entries()) {
    const bytes = await ctx.blobs.read(row.blobHash);
    if (!bytes) continue;
    const name = uniqueName(row.name.replace(/[\\/]/g, '_') || 'file', taken);
    zip[`files/${name}`] = [new Uint8Array(bytes), { level: 0 }];
    onProgress((i + 1) / rows.length);
  }
  zip['README.txt'] = strToU8(`Quire: the files of this account, ${rows.length} in all, exported ${new Date(ctx.now()).toISOString()}.\n`);
  return zipSync(zip);
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) {
    const dot = name.lastIndexOf('.');
    candidate = dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  }
  taken.add(candidate);
  return candidate;
}
