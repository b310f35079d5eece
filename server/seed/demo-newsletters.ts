/**
 * The demo newsletters' footers: a postal address for the site newsletter (which the catalogue's
 * authors fall back to) and one of the demo author's own, since an issue is refused without one
 * (anti-spam law asks for it). A newsletter row that exists is left alone, so an admin's or the
 * author's settings survive restarts.
 */
import { authorNewsletterId, SITE_NEWSLETTER } from '../../sync/api/newsletter';
import type { AppContext } from '../context';

export const DEMO_SITE_POSTAL_ADDRESS = 'Quire Books Ltd\n12 Paper Mill Lane\nBristol BS1 4QR\nUnited Kingdom';
export const DEMO_AUTHOR_POSTAL_ADDRESS = 'Ada Author\nc/o Lantern House, 3 Harbour Row\nFalmouth TR11 3HH\nUnited Kingdom';

/** Writes the newsletters the database does not have; returns how many it wrote. */
export async function seedDemoNewsletters(ctx: AppContext, authorId: string | undefined): Promise<number> {
  const rows = [
    { id: SITE_NEWSLETTER, authorId: null, postalAddress: DEMO_SITE_POSTAL_ADDRESS },
    ...(authorId ? [{ id: authorNewsletterId(authorId), authorId, postalAddress: DEMO_AUTHOR_POSTAL_ADDRESS }] : []),
  ];
  let created = 0;
  for (const row of rows) {
    const now = ctx.now();
    const result = await ctx.db
      .insertInto('newsletters')
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    created += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return created;
}
