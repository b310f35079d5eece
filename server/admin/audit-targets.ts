/**
 * What an audit entry acted on, named for people: "Ada Lovelace (@ada)", "Book “The Salt
 * Orchard”", "Order Q-000042", with a link to the page that shows it where one exists. One
 * query per kind of target on the page, by primary key. A target that no longer exists keeps
 * whatever name the entry's detail remembered ("Collection “Summer” (deleted)"), else says what
 * it was ("A deleted book"), with no link; the id stays on hover in the UI and in the CSV.
 */
import type { AuditTarget } from '../../sync/api/admin';
import { manuscripts } from '../../sync/collections/manuscripts';
import { readingLists } from '../../sync/collections/reading-lists';
import type { AppContext } from '../context';
import { orderNumber } from '../payments/orders';

type Named = Omit<AuditTarget, 'gone'>;
type Lookup = (ctx: AppContext, ids: string[]) => Promise<Map<string, Named>>;

const queueLink = (path: string, status: string) => (status === 'pending' ? path : `${path}?status=${status}`);
const quoted = (text: string) => `“${text}”`;

/** Targets that are rows of a table (or replicated documents), looked up by id. */
const LOOKUPS: Record<string, Lookup> = {
  user: async (ctx, ids) => {
    const rows = await ctx.db.selectFrom('users').select(['id', 'username', 'displayName']).where('id', 'in', ids).execute();
    return new Map(rows.map((u) => [u.id, { label: `${u.displayName} (@${u.username})`, link: `/admin/users?q=${encodeURIComponent(u.username)}` }]));
  },
  book: async (ctx, ids) => {
    const rows = await ctx.db.selectFrom('books').select(['id', 'title']).where('id', 'in', ids).execute();
    return new Map(rows.map((b) => [b.id, { label: `Book ${quoted(b.title)}`, link: `/admin/store/books?q=${encodeURIComponent(b.title)}` }]));
  },
  review: async (ctx, ids) => {
    const rows = await ctx.db
      .selectFrom('reviews')
      .leftJoin('books', 'books.id', 'reviews.bookId')
      .leftJoin('users', 'users.id', 'reviews.reviewerId')
      .select(['reviews.id', 'reviews.hidden', 'books.title', 'users.username'])
      .where('reviews.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          label: `Review of ${r.title ? quoted(r.title) : 'a deleted book'}${r.username ? ` by @${r.username}` : ''}`,
          link: `/admin/reviews?filter=${r.hidden ? 'hidden' : 'all'}`,
        },
      ]),
    );
  },
  order: async (ctx, ids) => {
    const rows = await ctx.db.selectFrom('orders').select(['id', 'number', 'customerEmail']).where('id', 'in', ids).execute();
    return new Map(rows.map((o) => [o.id, { label: `Order ${orderNumber(o.number)} (${o.customerEmail})`, link: `/admin/orders/${o.id}` }]));
  },
  role_request: async (ctx, ids) => {
    const rows = await ctx.db
      .selectFrom('roleRequests')
      .leftJoin('users', 'users.id', 'roleRequests.userId')
      .select(['roleRequests.id', 'roleRequests.role', 'roleRequests.status', 'users.username'])
      .where('roleRequests.id', 'in', ids)
      .execute();
    return new Map(
      rows.map((r) => [
        r.id,
        {
          label: `${r.role === 'author' ? 'Author' : 'Publisher'} application${r.username ? ` from @${r.username}` : ''}`,
          link: queueLink(`/admin/${r.role}-requests`, r.status),
        },
      ]),
    );
  },
  beta_request: async (ctx, ids) => {
    const rows = await ctx.db.selectFrom('betaRequests').select(['id', 'name', 'status']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, { label: `Beta request from ${r.name}`, link: queueLink('/admin/beta-requests', r.status) }]));
  },
  store_collection: async (ctx, ids) => {
    const rows = await ctx.db.selectFrom('storeCollections').select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((c) => [c.id, { label: `Collection ${quoted(c.name)}`, link: '/admin/store' }]));
  },
  debug_report: async (ctx, ids) => {
    const rows = await ctx.db.selectFrom('debugReports').select(['key', 'digest', 'message']).where('key', 'in', ids).execute();
    return new Map(
      rows.map((r) => [
        r.key,
        { label: `Error report ${quoted(r.message.slice(0, 60))}`, link: `/admin/debug-reports?status=all&find=${encodeURIComponent(r.digest)}` },
      ]),
    );
  },
  blog_post: async (ctx, ids) => {
    const rows = await ctx.db.selectFrom('blogPosts').select(['id', 'title']).where('id', 'in', ids).execute();
    return new Map(rows.map((p) => [p.id, { label: `Blog post ${quoted(p.title)}`, link: `/admin/blog/${p.id}/edit` }]));
  },
  // Manuscripts are private writing: named, but admins have no page to open them.
  manuscript: (ctx, ids) => documentNames(ctx, manuscripts.name, ids, (d) => ({ label: `Manuscript ${quoted(String(d.title))}`, link: null })),
  list: (ctx, ids) =>
    documentNames(ctx, readingLists.name, ids, (d) => ({
      label: `List ${quoted(String(d.name))}`,
      link: d.visibility === 'private' ? null : `/lists/${String(d.id)}`,
    })),
};

/** Targets that are one fixed thing: a part of the site, not a row. */
const FIXED: Record<string, Named> = {
  'site:settings': { label: 'Site settings', link: '/admin/settings' },
  'store:featured': { label: 'Store: featured books', link: '/admin/store' },
  'store:collections': { label: 'Store: order of the collections', link: '/admin/store' },
  'store:shelf_genres': { label: 'Store: genre shelves', link: '/admin/store' },
  'system:': { label: 'The system', link: '/admin/test' },
};

const KIND_WORDS: Record<string, string> = {
  user: 'account',
  book: 'book',
  review: 'review',
  order: 'order',
  role_request: 'application',
  beta_request: 'beta request',
  store_collection: 'collection',
  debug_report: 'error report',
  blog_post: 'blog post',
  manuscript: 'manuscript',
  list: 'list',
};

async function documentNames(ctx: AppContext, collection: string, ids: string[], name: (doc: Record<string, unknown>) => Named) {
  const rows = await ctx.db.selectFrom('syncDocs').select(['id', 'doc', 'deleted']).where('collection', '=', collection).where('id', 'in', ids).execute();
  return new Map(rows.filter((r) => !r.deleted).map((r) => [r.id, name(JSON.parse(r.doc) as Record<string, unknown>)]));
}

interface TargetRef {
  targetType: string;
  targetId: string;
  detail: Record<string, unknown>;
}

/** What a vanished target was: the name its entry remembered, else its kind. */
function gone(row: TargetRef): AuditTarget {
  const remembered = [row.detail.title, row.detail.name].find((v): v is string => typeof v === 'string' && v.trim() !== '');
  const kind = KIND_WORDS[row.targetType] ?? row.targetType.replace(/_/g, ' ');
  return { label: remembered ? `${quoted(remembered)} (deleted ${kind})` : `A deleted ${kind}`, link: null, gone: true };
}

/** The named target of each row (null for an entry without one), in order. */
export async function nameTargets(ctx: AppContext, rows: TargetRef[]): Promise<(AuditTarget | null)[]> {
  const found = new Map<string, Map<string, Named>>();
  for (const [type, lookup] of Object.entries(LOOKUPS)) {
    const ids = [...new Set(rows.filter((r) => r.targetType === type && r.targetId).map((r) => r.targetId))];
    if (ids.length > 0) found.set(type, await lookup(ctx, ids));
  }
  return rows.map((r) => {
    if (!r.targetType) return null;
    const fixed = FIXED[`${r.targetType}:${r.targetId}`];
    if (fixed) return { ...fixed, gone: false };
    if (!(r.targetType in LOOKUPS)) return { label: `${r.targetType.replace(/_/g, ' ')} ${r.targetId}`.trim(), link: null, gone: false };
    const named = found.get(r.targetType)?.get(r.targetId);
    return named ? { ...named, gone: false } : gone(r);
  });
}
