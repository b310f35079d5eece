/**
 * Demo content for local use: four accounts, the catalogue's authors (accounts without a
 * password, for their author pages), an imprint, published books with covers, a forthcoming draft
 * of the imprint without an ISBN, two books in the demo reader's library, two blog posts, the
 * newsletters' postal addresses, and ninety days of readers signing up, buying and reading (demo-activity.ts, for the analytics).
 * Idempotent: running it again writes nothing, and demo accounts that exist are left alone. `QUIRE_DEMO=0` keeps the server from calling it.
 */
import type { AppContext } from '../context';
import { seedAccounts } from './demo-accounts';
import { seedDemoActivity } from './demo-activity';
import { seedDemoBlog } from './demo-blog';
import { seedDemoAuthors } from './demo-authors';
import { seedDemoNewsletters } from './demo-newsletters';
import { seedForthcomingBook } from './forthcoming-book';
import { seedBooks } from './seed-books';

/** The demo reader starts with these in the library (one free, one bought). */
const READER_LIBRARY = ['the-patient-draft', 'murder-at-the-marmalade-fete'];

export async function seedDemo(ctx: AppContext): Promise<void> {
  const accounts = await seedAccounts(ctx);
  const authors = await seedDemoAuthors(ctx);
  const books = await seedBooks(ctx, accounts.ids.author, accounts.firstSeededAt, authors.idsByName);
  const forthcoming = await seedForthcomingBook(ctx, authors.idsByName);
  const readerId = accounts.ids.reader;
  // Only for a reader account made by this seed, so books removed from the library stay removed.
  if (readerId && accounts.created.includes('reader')) {
    const ids = books.filter((b) => READER_LIBRARY.includes(b.slug)).map((b) => b.id);
    for (const bookId of ids) {
      await ctx.db
        .insertInto('libraryEntries')
        .values({ userId: readerId, bookId, source: 'seed', acquiredAt: ctx.now() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
  const posts = await seedDemoBlog(ctx, accounts.ids.admin, accounts.firstSeededAt);
  const newsletters = await seedDemoNewsletters(ctx, accounts.ids.author);
  const visitors = await seedDemoActivity(ctx, Object.values(accounts.ids));
  const newBooks = books.filter((b) => b.created).length + (forthcoming ? 1 : 0);
  if (accounts.created.length > 0 || authors.created > 0 || newBooks > 0 || posts > 0 || newsletters > 0 || visitors > 0) {
    console.log(
      `[seed] demo content: ${accounts.created.length} accounts, ${authors.created} author accounts, ${newBooks} books, ${posts} blog posts, ${newsletters} newsletters, 90 days of activity by ${visitors} readers added (password "quire-demo-pass"; for local use only)`,
    );
  }
}
