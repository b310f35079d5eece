/**
 * The store catalogue (/store, /store/advanced-search, /book/{id}): shelves, search with facets,
 * suggestions as you type, and a book's store page. Prices are the server's; the effective price
 * already applies any running discount, with the list price beside it. Every answer is the same
 * for everyone (whether the viewer owns a book comes from their library), so the service worker
 * may keep them for offline browsing.
 *
 * Written with zod/mini only (queries too): these schemas ship in the /store and /book chunks.
 */
import * as z from 'zod/mini';
import { GENRE_CODE } from '../store/genres';
import { endpoint } from './contract';
import { ImageSetSchema } from './images';

export const STORE_PAGE_SIZE = 24;
export const SHELF_SIZE = 12;
export const SUGGESTION_COUNT = 6;
/** A search reads at most this many matches ("1,000+ books" beyond): server/store/search.ts says why. */
export const STORE_COUNT_CAP = 1_000;
export const STORE_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'rating', 'title'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

export const StoreBookCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  authors: z.array(z.string()),
  /** What the book costs now (the discount price while one runs). */
  priceCents: z.number(),
  /** The list price when a discount runs, to strike through; else null. */
  listPriceCents: z.nullable(z.number()),
  currency: z.string(),
  coverUrl: z.nullable(z.string()),
  /** The cover's WebP and AVIF variants, once made (server/images). */
  coverSet: z.optional(ImageSetSchema),
  ratingAverage: z.nullable(z.number()),
  ratingCount: z.number(),
  publishedAt: z.nullable(z.number()),
});
export type StoreBookCard = z.infer<typeof StoreBookCardSchema>;

const GenreCountSchema = z.object({ code: z.string(), name: z.string(), count: z.number() });
export type GenreCount = z.infer<typeof GenreCountSchema>;

export const ShelfSchema = z.object({
  /** `new`, `bestsellers`, `free`, `genre:{code}` or `collection:{id}`. */
  id: z.string(),
  title: z.string(),
  books: z.array(StoreBookCardSchema),
  /** The advanced search that shows the whole shelf, as a query string. */
  more: z.nullable(z.string()),
});
export type Shelf = z.infer<typeof ShelfSchema>;

export const getStoreHome = endpoint({
  method: 'GET',
  path: '/api/store',
  response: z.object({ shelves: z.array(ShelfSchema), genres: z.array(GenreCountSchema) }),
});
export type StoreHomeResponse = z.infer<typeof getStoreHome.response>;

const optionalText = z.optional(z.string().check(z.maxLength(200)));
const optionalInt = z.optional(z.coerce.number().check(z.int(), z.minimum(0)));

/** Every field of /store/advanced-search; the page keeps them in its URL under the same names. */
export const StoreQuerySchema = z.object({
  q: optionalText,
  title: optionalText,
  author: optionalText,
  publisher: optionalText,
  isbn: z.optional(z.string().check(z.maxLength(20))),
  genre: z.optional(z.string().check(z.regex(GENRE_CODE))),
  language: z.optional(z.string().check(z.regex(/^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/))),
  /** Price bounds in minor units, inclusive. */
  priceMin: optionalInt,
  priceMax: optionalInt,
  minRating: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(5))),
  /** Publication date bounds, YYYY-MM-DD, inclusive. */
  from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
  free: z.optional(z.enum(['1'])),
  sort: z.optional(z.enum(STORE_SORTS)),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
});
export type StoreQuery = z.infer<typeof StoreQuerySchema>;

export const searchStore = endpoint({
  method: 'GET',
  path: '/api/store/search',
  query: StoreQuerySchema,
  response: z.object({
    books: z.array(StoreBookCardSchema),
    /** Exact up to STORE_COUNT_CAP; at the cap it means "at least". */
    total: z.number(),
    /** More than STORE_COUNT_CAP matches: the total and facets count the newest-listed of them. */
    capped: z.boolean(),
    page: z.number(),
    pageSize: z.number(),
    facets: z.object({ genres: z.array(GenreCountSchema), languages: z.array(z.object({ code: z.string(), count: z.number() })) }),
  }),
});
export type StoreSearchResponse = z.infer<typeof searchStore.response>;

export const suggestStore = endpoint({
  method: 'GET',
  path: '/api/store/suggest',
  query: z.object({ q: z.string().check(z.maxLength(200)) }),
  response: z.object({
    suggestions: z.array(z.object({ kind: z.enum(['book', 'author']), id: z.string(), label: z.string(), detail: z.string() })),
  }),
});
export type StoreSuggestion = z.infer<typeof suggestStore.response>['suggestions'][number];

export const StoreBookSchema = z.extend(StoreBookCardSchema, {
  description: z.string(),
  contributors: z.array(z.object({ name: z.string(), role: z.string(), authorId: z.nullable(z.string()) })),
  publisher: z.string(),
  /** The slug of the publisher's storefront (/store/publisher/{slug}), when its imprint has one. */
  publisherStore: z.nullable(z.string()),
  isbn: z.nullable(z.string()),
  pageCount: z.number(),
  language: z.string(),
  genres: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The chapter anyone may read, signed in or not. */
  sampleChapterId: z.nullable(z.string()),
  /** The discount's end, when one runs and ends. */
  discountEndsAt: z.nullable(z.number()),
  /** The series and the book's number in it (null when unnumbered). */
  series: z.nullable(z.object({ name: z.string(), number: z.nullable(z.number()) })),
  /** An AGE_RATINGS key (sync/publishing/age-ratings.ts); null when the publisher gave none. */
  ageRating: z.nullable(z.string()),
  keywords: z.array(z.string()),
});
export type StoreBook = z.infer<typeof StoreBookSchema>;

export const getStoreBook = endpoint({ method: 'GET', path: '/api/store/books/:id', response: StoreBookSchema });
