/**
 * A forthcoming Lantern House title: a draft of the demo imprint with no ISBN yet, so the demo
 * publisher has a book to give an ISBN from its pool (/publisher/isbn). Written once: after that
 * the book is the publisher's, and a restart keeps the ISBN they assigned.
 */
import { saveBook } from '../books/save-book';
import type { AppContext } from '../context';
import { DEMO_IMPRINT } from './demo-accounts';

export const FORTHCOMING_BOOK_ID = 'demo-the-lamplighters-almanac';
const SLUG = 'the-lamplighters-almanac';
const AUTHOR = 'Maren Holt';

/** True when the book was written by this call. `authorIds`: the catalogue authors' accounts, by name. */
export async function seedForthcomingBook(ctx: AppContext, authorIds: Map<string, string>): Promise<boolean> {
  const imprint = await ctx.db.selectFrom('imprints').select('id').where('name', '=', DEMO_IMPRINT).orderBy('createdAt').executeTakeFirst();
  if (!imprint) return false;
  if (await ctx.db.selectFrom('books').select('id').where('slug', '=', SLUG).executeTakeFirst()) return false;
  await saveBook(ctx, {
    book: {
      metadata: {
        id: FORTHCOMING_BOOK_ID,
        slug: SLUG,
        title: "The Lamplighter's Almanac",
        subtitle: 'A year of small lights',
        description: 'Twelve months at Gull Point lighthouse, one lamp at a time. Forthcoming from Lantern House.',
        language: 'en',
        contributors: [{ name: AUTHOR, role: 'author' }],
        publisher: DEMO_IMPRINT,
        priceCents: 899,
        currency: 'USD',
        genres: [],
      },
      chapters: [
        { id: `${SLUG}-1`, title: 'January', xhtml: '<p>The lamp at Gull Point had not gone out in forty years.</p>' },
        { id: `${SLUG}-2`, title: 'February', xhtml: '<p>Ice on the gallery rail, and a ship that did not answer.</p>' },
      ],
      assets: [],
    },
    assetHashes: {},
    status: 'draft',
    imprintId: imprint.id,
    contributorUserIds: [authorIds.get(AUTHOR) ?? null],
  });
  return true;
}
