/**
 * /store search and /store/advanced-search: free text, field text, genre and language through the
 * full-text module (server/search), every other filter in SQL through Kysely; one page of cards,
 * the total, and facet counts (genres and languages), each facet ignoring its own filter so a
 * reader can switch genre without first clearing it.
 *
 * Every query reads a bounded window: at most STORE_COUNT_CAP matching books ("1,000+ books"
 * beyond), taken newest-listed first, which the index serves without sorting. Relevance ranks
 * that window, and the total and facets count it, so a one-letter query costs what a precise one
 * does. Other sorts (price, rating, title, newest) order every match, as a reader expects of
 * "cheapest first".
 *
 * Counts that only the index decides (a filter set of genre, language and words, nothing else)
 * are kept in ctx.searchMemo until the index's version moves: a genre shelf's facets are the same
 * for every reader who opens it. A facet's own window (every filter but that facet's) is counted
 * in the database, only for that facet, without its rows coming back (decision 021, amended).
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { STORE_COUNT_CAP, STORE_PAGE_SIZE, type StoreQuery, type StoreSearchResponse, type StoreSuggestion, SUGGESTION_COUNT } from '../../sync/api/store';
import { normalizeIsbn } from '../../sync/isbn';
import { genreName } from '../../sync/store/genres';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { larger } from '../db/portable';
import { invalid } from '../http/errors';
import { DAY } from '../limits';
import { storeIndex, type SearchTerms } from '../search/store-index';
import { words } from '../search/words';
import { effectivePrice, publishedBooks, toCards, withCardColumns, type ListedRow } from './listing';

// The joined derived table of matches is not in the schema; queries carry it as `m`.
type Tables = Database & { m: { key: number; rank: number } };
type Query<O> = SelectQueryBuilder<Tables, 'books' | 'm', O>;
type Facet = 'genre' | 'language';

interface Filters {
  terms: SearchTerms;
  isbn: string | null;
}

function parseFilters(query: StoreQuery): Filters {
  let isbn: string | null = null;
  if (query.isbn?.trim()) {
    isbn = normalizeIsbn(query.isbn);
    if (!isbn) throw invalid('Check the ISBN.', { isbn: 'Enter a 10- or 13-digit ISBN (hyphens are fine).' });
  }
  return { terms: { any: query.q, title: query.title, authors: query.author, publisher: query.publisher, genre: query.genre, language: query.language }, isbn };
}

const hasText = (t: SearchTerms) => [t.any, t.title, t.authors, t.publisher].some((text) => words(text ?? '').length > 0);

/** What the index is asked, without `skip` (a facet's own filter); null when nothing. */
const expressionFor = (ctx: AppContext, f: Filters, skip?: Facet) => storeIndex(ctx.db).matchExpression(skip ? { ...f.terms, [skip]: undefined } : f.terms);

/** The published books that pass every filter but `skip`; nothing selected yet. `ranked` asks the index for BM25. */
function filtered(ctx: AppContext, query: StoreQuery, f: Filters, { skip, ranked = false }: WindowOptions = {}): Query<object> {
  const now = ctx.now();
  let q = publishedBooks(ctx) as unknown as Query<object>;
  const index = storeIndex(ctx.db);
  const expression = expressionFor(ctx, f, skip);
  if (expression) q = q.innerJoin(index.matchingBooks(expression, { ranked }).as('m'), (join) => join.on((eb) => eb(index.matchKey, '=', eb.ref('m.key'))));
  if (f.isbn) q = q.where('books.isbn', '=', f.isbn);
  if (query.priceMin !== undefined) q = q.where((eb) => eb(effectivePrice(eb, now), '>=', query.priceMin!));
  if (query.priceMax !== undefined) q = q.where((eb) => eb(effectivePrice(eb, now), '<=', query.priceMax!));
  if (query.free) q = q.where((eb) => eb(effectivePrice(eb, now), '=', 0));
  if (query.minRating !== undefined) {
    q = q.where('books.ratingCount', '>', 0).where((eb) => eb('books.ratingSum', '>=', eb('books.ratingCount', '*', query.minRating!)));
  }
  if (query.from) q = q.where('books.publishedAt', '>=', Date.parse(`${query.from}T00:00:00Z`));
  if (query.to) q = q.where('books.publishedAt', '<', Date.parse(`${query.to}T00:00:00Z`) + DAY);
  return q;
}

interface WindowOptions {
  skip?: Facet;
  ranked?: boolean;
}

/** Only the index decides which books pass (no price, rating, date or ISBN filter): its answers may be kept. */
const indexOnly = (query: StoreQuery, f: Filters) =>
  !f.isbn && query.priceMin === undefined && query.priceMax === undefined && !query.free && query.minRating === undefined && !query.from && !query.to;

interface WindowRow {
  id: string;
  language: string;
  rank: number;
}

/** The window's query: up to `limit` matching books, newest-listed first when the index orders them. */
function windowQuery(ctx: AppContext, query: StoreQuery, f: Filters, options: WindowOptions, limit: number) {
  const q = filtered(ctx, query, f, options);
  const rows = expressionFor(ctx, f, options.skip)
    ? q.select(['books.id', 'books.language', sql<number>`m.rank`.as('rank')]).orderBy(storeIndex(ctx.db).newestMatch, 'desc')
    : q.select(['books.id', 'books.language', sql<number>`0`.as('rank')]);
  return rows.limit(limit);
}

/** Up to STORE_COUNT_CAP + 1 matching books (the extra one says "more"), newest-listed first. */
async function window(ctx: AppContext, query: StoreQuery, f: Filters, options: WindowOptions = {}): Promise<WindowRow[]> {
  return (await windowQuery(ctx, query, f, options, STORE_COUNT_CAP + 1).execute()) as WindowRow[];
}

type Facets = StoreSearchResponse['facets'];

/** What a window counts: its size, whether it was capped, and its genres and languages. */
interface Counts {
  total: number;
  capped: boolean;
  genres: Facets['genres'];
  languages: Facets['languages'];
}

/** What ctx.searchMemo keeps: a whole window's counts, or one facet of a facet's window. */
export type WindowCounts = Counts | Pick<Counts, 'genres'> | Pick<Counts, 'languages'>;

async function countWindow(ctx: AppContext, rows: WindowRow[]): Promise<Counts> {
  const counted = rows.slice(0, STORE_COUNT_CAP);
  return {
    total: counted.length,
    capped: rows.length > STORE_COUNT_CAP,
    genres: await genresOf(ctx, counted),
    languages: languageFacet(counted),
  };
}

/** Kept until the index changes when only it decides the answer (`version` is not null). */
async function kept<T extends WindowCounts>(ctx: AppContext, version: number | null, key: string, compute: () => Promise<T>): Promise<T> {
  const found = version === null ? undefined : (ctx.searchMemo.get(version, key) as T | undefined);
  if (found) return found;
  const value = await compute();
  if (version !== null) ctx.searchMemo.set(version, key, value);
  return value;
}

/** The counts of the books passing every filter. */
function countsOf(ctx: AppContext, query: StoreQuery, f: Filters, version: number | null): Promise<Counts> {
  return kept(ctx, version, `all:${expressionFor(ctx, f) ?? ''}`, async () => countWindow(ctx, await window(ctx, query, f)));
}

/**
 * One facet's counts, over the window of the books passing every filter but that facet's own. Only
 * that facet is counted, in the database (the window's rows never come back); a whole window's
 * counts kept for the same filters answer it too.
 */
function facetOf(ctx: AppContext, query: StoreQuery, f: Filters, version: number | null, skip: 'genre'): Promise<Pick<Counts, 'genres'>>;
function facetOf(ctx: AppContext, query: StoreQuery, f: Filters, version: number | null, skip: 'language'): Promise<Pick<Counts, 'languages'>>;
function facetOf(ctx: AppContext, query: StoreQuery, f: Filters, version: number | null, skip: Facet): Promise<WindowCounts> {
  const expression = expressionFor(ctx, f, skip) ?? '';
  const whole = version === null ? undefined : (ctx.searchMemo.get(version, `all:${expression}`) as Counts | undefined);
  if (whole) return Promise.resolve(whole);
  return skip === 'genre'
    ? kept(ctx, version, `genres:${expression}`, async () => ({ genres: await genreFacet(ctx, query, f, { skip }) }))
    : kept(ctx, version, `languages:${expression}`, async () => ({ languages: await languageCounts(ctx, query, f, { skip }) }));
}

function sorted<O>(q: Query<O>, sort: StoreQuery['sort'], now: number) {
  switch (sort) {
    case 'price-asc':
      q = q.orderBy((eb) => effectivePrice(eb, now), 'asc');
      break;
    case 'price-desc':
      q = q.orderBy((eb) => effectivePrice(eb, now), 'desc');
      break;
    case 'rating':
      q = q
        .orderBy(sql`books.rating_count > 0`, 'desc')
        .orderBy(sql`books.rating_sum * 1.0 / ${larger(sql<number>`books.rating_count`, 1)}`, 'desc')
        .orderBy('books.ratingCount', 'desc');
      break;
    case 'title':
      q = q.orderBy(sql`lower(books.title)`); // ASCII case ignored, as SQLite's NOCASE did, on both engines
      break;
    default:
      break;
  }
  return q.orderBy('books.publishedAt', 'desc').orderBy('books.id');
}

/** The cards for these books, in this order. */
async function cardsFor(ctx: AppContext, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = (await withCardColumns(publishedBooks(ctx).where('books.id', 'in', ids), ctx.now()).execute()) as ListedRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return toCards(
    ctx,
    ids.flatMap((id) => byId.get(id) ?? []),
  );
}

/** The genres of these books (a window's rows already read). */
async function genresOf(ctx: AppContext, rows: WindowRow[]) {
  if (rows.length === 0) return [];
  const counts = await ctx.db
    .selectFrom('bookGenres')
    .select((eb) => ['bookGenres.code', eb.fn.countAll<number>().as('count')])
    .where(
      'bookGenres.bookId',
      'in',
      rows.map((r) => r.id),
    )
    .groupBy('bookGenres.code')
    .execute();
  return sortGenres(counts);
}

/** The genres of the first STORE_COUNT_CAP books of a window, counted in the database (the window's rows never come back). */
async function genreFacet(ctx: AppContext, query: StoreQuery, f: Filters, options: WindowOptions) {
  const counts = await ctx.db
    .selectFrom(windowQuery(ctx, query, f, options, STORE_COUNT_CAP).as('w'))
    .innerJoin('bookGenres', 'bookGenres.bookId', 'w.id')
    .select((eb) => ['bookGenres.code', eb.fn.countAll<number>().as('count')])
    .groupBy('bookGenres.code')
    .execute();
  return sortGenres(counts);
}

const sortGenres = (counts: { code: string; count: number | string }[]) =>
  counts.map((g) => ({ code: g.code, name: genreName(g.code), count: Number(g.count) })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

function languageFacet(rows: WindowRow[]) {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.language, (counts.get(r.language) ?? 0) + 1);
  return sortLanguages([...counts].map(([code, count]) => ({ code, count })));
}

const sortLanguages = (counts: Facets['languages']) => counts.sort((a, b) => b.count - a.count || a.code.localeCompare(b.code));

/** The languages of the first STORE_COUNT_CAP books of a window, counted in the database. */
async function languageCounts(ctx: AppContext, query: StoreQuery, f: Filters, options: WindowOptions) {
  const counts = await ctx.db
    .selectFrom(windowQuery(ctx, query, f, options, STORE_COUNT_CAP).as('w'))
    .select((eb) => ['w.language', eb.fn.countAll<number>().as('count')])
    .groupBy('w.language')
    .execute();
  return sortLanguages(counts.map((l) => ({ code: l.language, count: Number(l.count) })));
}

export async function searchCatalogue(ctx: AppContext, query: StoreQuery): Promise<StoreSearchResponse> {
  const f = parseFilters(query);
  const page = query.page ?? 1;
  const offset = (page - 1) * STORE_PAGE_SIZE;
  const sort = query.sort ?? (hasText(f.terms) ? 'relevance' : 'newest');
  const version = indexOnly(query, f) ? await storeIndex(ctx.db).version(ctx.db) : null;
  let ids: string[];
  let counts: Counts;
  if (sort === 'relevance') {
    // Best rank first; the window's own order (newest listed) breaks ties.
    const matches = await window(ctx, query, f, { ranked: true });
    ids = matches
      .slice(0, STORE_COUNT_CAP)
      .map((r, i) => ({ r, i }))
      .sort((a, b) => a.r.rank - b.r.rank || a.i - b.i)
      .slice(offset, offset + STORE_PAGE_SIZE)
      .map(({ r }) => r.id);
    counts = await countWindow(ctx, matches);
  } else {
    // Only the ids and the sort keys go through the sort; the page's cards are read after.
    const rows = await sorted(filtered(ctx, query, f).select('books.id'), sort, ctx.now())
      .limit(STORE_PAGE_SIZE)
      .offset(offset)
      .execute();
    ids = rows.map((r) => r.id);
    counts = await countsOf(ctx, query, f, version);
  }
  const [books, genres, languages] = await Promise.all([
    cardsFor(ctx, ids),
    f.terms.genre ? facetOf(ctx, query, f, version, 'genre') : counts,
    f.terms.language ? facetOf(ctx, query, f, version, 'language') : counts,
  ]);
  return {
    books,
    total: counts.total,
    capped: counts.capped,
    page,
    pageSize: STORE_PAGE_SIZE,
    facets: { genres: genres.genres, languages: languages.languages },
  };
}

/** Suggestions as you type: the best title matches, then authors whose name matches. */
export async function suggest(ctx: AppContext, text: string): Promise<StoreSuggestion[]> {
  const f: Filters = { terms: { any: text }, isbn: null };
  if (!hasText(f.terms)) return [];
  const best = (await window(ctx, {}, f, { ranked: true }))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, SUGGESTION_COUNT)
    .map((r) => r.id);
  const cards = await cardsFor(ctx, best);
  const suggestions: StoreSuggestion[] = cards.map((b) => ({ kind: 'book', id: b.id, label: b.title, detail: b.authors.join(', ') }));
  const index = storeIndex(ctx.db);
  const byAuthor = index.matchExpression({ authors: text });
  if (byAuthor) {
    const authors = await ctx.db
      .selectFrom('bookContributors')
      .innerJoin('books', 'books.id', 'bookContributors.bookId')
      .innerJoin(index.matchingBooks(byAuthor).as('m'), (join) => join.on((eb) => eb(index.matchKey, '=', eb.ref('m.key'))))
      .select(['bookContributors.userId', 'bookContributors.name'])
      .where('bookContributors.userId', 'is not', null)
      .groupBy(['bookContributors.userId', 'bookContributors.name'])
      .limit(20)
      .execute();
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    for (const a of authors) {
      const name = a.name.toLowerCase();
      if (words.every((w) => name.includes(w)) && suggestions.length < SUGGESTION_COUNT + 2) {
        suggestions.push({ kind: 'author', id: a.userId!, label: a.name, detail: 'Author' });
      }
    }
  }
  return suggestions;
}
