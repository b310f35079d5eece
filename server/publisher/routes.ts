/**
 * /api/publisher (sync/api/publisher-isbns.ts): the imprints an account belongs to, and each
 * imprint's ISBN pool. Every handler goes through imprintAccess (server/publisher/access.ts).
 */
import { Hono } from 'hono';
import * as api from '../../sync/api/publisher-isbns';
import { isValidIsbn13 } from '../../sync/isbn';
import { isImprintRole } from '../../sync/roles';
import { csvLine } from '../admin/csv';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { imprintAccess } from './access';
import { assign, release } from './isbn-assignment';
import { importToPool } from './isbn-import';
import { everyPoolIsbn, isbnlessBooks, poolCounts, poolPage } from './isbn-pool';

const AT = '/api/publisher';

/** The ISBN in a path: canonical, or there is no such pool entry. */
function isbnParam(value: string | undefined): string {
  if (!value || !isValidIsbn13(value)) throw notFound('That ISBN is not in your pool.');
  return value;
}

export function publisherRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();

  on(router, AT, api.listMyImprints, async (c) => {
    const user = requirePermission(c, 'publisher:manage');
    const rows = await ctx.db
      .selectFrom('imprintMembers')
      .innerJoin('imprints', 'imprints.id', 'imprintMembers.imprintId')
      .select(['imprints.id', 'imprints.name', 'imprintMembers.role'])
      .where('imprintMembers.userId', '=', user.id)
      .orderBy('imprints.name')
      .execute();
    const imprints = rows.flatMap((r) => (isImprintRole(r.role) ? [{ ...r, role: r.role }] : []));
    return { imprints };
  });

  on(router, AT, api.listIsbns, async (c, { params, query }) => {
    const { imprint } = await imprintAccess(ctx, c, params.imprintId!, 'imprint:read');
    const { items, total } = await poolPage(ctx.db, imprint.id, query.state, query.page, api.ISBN_PAGE_SIZE);
    return { items, total, page: query.page, pageSize: api.ISBN_PAGE_SIZE, counts: await poolCounts(ctx.db, imprint.id) };
  });

  on(router, AT, api.listIsbnlessBooks, async (c, { params }) => {
    const { imprint } = await imprintAccess(ctx, c, params.imprintId!, 'imprint:read');
    return { books: await isbnlessBooks(ctx.db, imprint.id) };
  });

  on(router, AT, api.importIsbns, async (c, { params, body }) => importToPool(ctx, await imprintAccess(ctx, c, params.imprintId!, 'isbns:manage'), body));

  on(router, AT, api.assignIsbn, async (c, { params, body }) => {
    const who = await imprintAccess(ctx, c, params.imprintId!, 'isbns:manage');
    return { isbn: await assign(ctx, who, isbnParam(params.isbn), body.bookId) };
  });

  on(router, AT, api.releaseIsbn, async (c, { params }) => {
    const who = await imprintAccess(ctx, c, params.imprintId!, 'isbns:manage');
    return { isbn: await release(ctx, who, isbnParam(params.isbn)) };
  });

  return router.get('/imprints/:imprintId/isbns.csv', async (c) => {
    const { imprint } = await imprintAccess(ctx, c, c.req.param('imprintId'), 'imprint:read');
    let out = csvLine(['isbn13', 'isbn13_hyphenated', 'isbn10', 'state', 'book_id', 'book_title', 'assigned_at_utc', 'added_at_utc']);
    for await (const i of everyPoolIsbn(ctx.db, imprint.id)) {
      const at = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());
      out += csvLine([
        i.isbn,
        i.hyphenated,
        i.isbn10 ?? '',
        i.book ? 'assigned' : 'free',
        i.book?.id ?? '',
        i.book?.title ?? '',
        at(i.assignedAt),
        at(i.addedAt),
      ]);
    }
    const stamp = new Date(ctx.now()).toISOString().slice(0, 10);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="isbns-${stamp}.csv"`);
    return c.body(out);
  });
}
