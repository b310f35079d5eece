/**
 * A short generated book, published and credited to an account, for /api/dev/books: saved with
 * saveBook like every book, so the store, the search index and the authors' followers see it
 * exactly as they would see a real publication.
 */
import { saveBook } from '../books/save-book';
import type { AppContext } from '../context';
import { newId } from '../http/ids';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export async function publishSampleBook(ctx: AppContext, author: { id: string; displayName: string }, title: string): Promise<string> {
  const id = newId();
  const words = title.toLowerCase().match(/[a-z0-9]+/g) ?? ['book'];
  const slug = `${words.join('-').slice(0, 80).replace(/-+$/, '')}-${id.slice(0, 8)}`;
  const { id: saved } = await saveBook(ctx, {
    book: {
      metadata: {
        id,
        slug,
        title,
        subtitle: '',
        description: `A sample book by ${author.displayName}.`,
        language: 'en',
        contributors: [{ name: author.displayName, role: 'author' }],
        publisher: 'Quire Independent',
        priceCents: 0,
        currency: 'USD',
        genres: [],
        publishedAt: ctx.now(),
      },
      chapters: [{ id: `${id}-1`, title: 'One', xhtml: `<h1>${escapeXml(title)}</h1>\n<p>The first and only chapter.</p>` }],
      assets: [],
    },
    assetHashes: {},
    status: 'published',
    contributorUserIds: [author.id],
  });
  return saved;
}
