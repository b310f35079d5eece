/**
 * What crawlers and link previews read, since they do not run JavaScript: the `<head>` of
 * /book/{id}, /author/{id} and /store carries the title, description, Open Graph and Twitter tags
 * and schema.org JSON-LD (Book with its Offer; Person; the store as a CollectionPage), and
 * /sitemap.xml lists every store book and author page. Everything interpolated is escaped; JSON-LD
 * is serialised with `<` escaped so no text can close the script element.
 */
import { allAuthorIds, authorInStore } from '../authors/queries';
import { descriptionText } from '../books/description';
import type { AppContext } from '../context';
import { sitemapPosts } from '../blog/queries';
import { storeBook } from '../store/book-page';
import type { StoreBook } from '../../sync/api/store';
import { escapeHtml } from '../../sync/text/escape-html';
import { decodedSegment } from './reader-preload';
import { storeBookId } from './store-preload';

/** A page's head, rendered by renderHead (also the blog's, server/blog/meta.ts). */
export interface Head {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type: string;
  jsonLd: object;
}

/** Plain text (a bio) or a stored description's HTML, flattened and cut to `max`. */
function summary(text: string, max = 200): string {
  const flat = descriptionText(text);
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

export function renderHead(head: Head): string {
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    ...(head.image ? [meta('property', 'og:image', head.image)] : []),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    `<script type="application/ld+json">${JSON.stringify(head.jsonLd).replace(/</g, '\\u003c')}</script>`,
  ].join('\n    ');
}

function bookHead(base: string, book: StoreBook): Head {
  const url = `${base}/book/${encodeURIComponent(book.id)}`;
  const image = book.coverUrl ? `${base}${book.coverUrl}` : null;
  const authors = book.contributors.filter((c) => c.role === 'author' || c.role === 'co-author');
  return {
    title: `${book.title}${authors.length ? ` by ${authors.map((a) => a.name).join(', ')}` : ''} · Quire`,
    description: summary(book.description) || `${book.title} on Quire.`,
    url,
    image,
    type: 'book',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Book',
      name: book.title,
      ...(book.subtitle ? { alternativeHeadline: book.subtitle } : {}),
      url,
      ...(image ? { image } : {}),
      description: summary(book.description, 5000),
      inLanguage: book.language,
      ...(book.isbn ? { isbn: book.isbn } : {}),
      numberOfPages: book.pageCount,
      bookFormat: 'https://schema.org/EBook',
      ...(book.publisher ? { publisher: { '@type': 'Organization', name: book.publisher } } : {}),
      ...(book.publishedAt ? { datePublished: new Date(book.publishedAt).toISOString().slice(0, 10) } : {}),
      author: authors.map((a) => ({ '@type': 'Person', name: a.name, ...(a.authorId ? { url: `${base}/author/${encodeURIComponent(a.authorId)}` } : {}) })),
      ...(book.ratingAverage !== null
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: book.ratingAverage, ratingCount: book.ratingCount, bestRating: 5, worstRating: 1 } }
        : {}),
      offers: {
        '@type': 'Offer',
        url,
        price: (book.priceCents / 100).toFixed(2),
        priceCurrency: book.currency,
        availability: 'https://schema.org/InStock',
        ...(book.discountEndsAt ? { priceValidUntil: new Date(book.discountEndsAt).toISOString().slice(0, 10) } : {}),
      },
    },
  };
}

async function authorHead(ctx: AppContext, base: string, id: string): Promise<Head | null> {
  const author = await authorInStore(ctx, id);
  if (!author) return null;
  const url = `${base}/author/${encodeURIComponent(author.id)}`;
  return {
    title: `${author.name} · Quire`,
    description: summary(author.bio) || `Books by ${author.name} on Quire.`,
    url,
    image: author.avatarUrl,
    type: 'profile',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: author.name,
      url,
      ...(author.bio ? { description: summary(author.bio, 1000) } : {}),
      ...(author.avatarUrl ? { image: author.avatarUrl } : {}),
    },
  };
}

function storeFrontHead(base: string): Head {
  const url = `${base}/store`;
  return {
    title: 'Store · Quire',
    description: 'Ebooks from independent authors and publishers: new releases, free books and every genre, to read online or offline.',
    url,
    type: 'website',
    jsonLd: { '@context': 'https://schema.org', '@type': 'CollectionPage', name: 'Quire store', url },
  };
}

/**
 * The head for a page path, or null to keep index.html's own. `read` is the store book the path
 * names when the caller has read it already (the page does, for its preloads and first paint).
 */
export async function storeHeadFor(ctx: AppContext, base: string, pathname: string, read?: { book: StoreBook | null }): Promise<string | null> {
  // A segment that is not valid percent-encoding names nothing: the page says so, not a 500.
  const bookId = storeBookId(pathname);
  const authorSegment = /^\/author\/([^/]+)\/?$/.exec(pathname)?.[1];
  const authorId = authorSegment ? decodedSegment(authorSegment) : null;
  let head: Head | null = null;
  if (bookId) {
    const book = read ? read.book : await storeBook(ctx, bookId);
    head = book && bookHead(base, book);
  } else if (authorId) head = await authorHead(ctx, base, authorId);
  else if (pathname === '/store' || pathname === '/store/') head = storeFrontHead(base);
  return head ? renderHead(head) : null;
}

/** /sitemap.xml: the store front, every store book and author page, the blog and its published posts. */
export async function sitemap(ctx: AppContext, base: string): Promise<string> {
  const [books, authors, posts] = await Promise.all([
    ctx.db.selectFrom('books').select(['id', 'updatedAt']).where('status', '=', 'published').orderBy('publishedAt', 'desc').execute(),
    allAuthorIds(ctx),
    sitemapPosts(ctx),
  ]);
  const entry = (loc: string, lastmod?: number) =>
    `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${new Date(lastmod).toISOString().slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    entry(`${base}/store`),
    ...books.map((b) => entry(`${base}/book/${encodeURIComponent(b.id)}`, b.updatedAt)),
    ...authors.map((id) => entry(`${base}/author/${encodeURIComponent(id)}`)),
    entry(`${base}/blog`),
    ...posts.map((p) => entry(`${base}/blog/${encodeURIComponent(p.slug)}`, p.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
}
