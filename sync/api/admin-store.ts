/**
 * The admin's store tools (/admin/store, /admin/store/books): what /store shows — the featured
 * books in order, the collections in order with their books in order, the genres shown as shelves
 * — and every store book's listing, price and discount window. Every change is audited on the
 * server; a price drop tells the readers who wishlisted the book (server/store/admin). The
 * order pages (/admin/orders) use sync/api/checkout.ts.
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { GENRE_CODE } from '../store/genres';
import { MAX_PRICE_CENTS } from '../store/pricing';
import { endpoint } from './contract';

export const ADMIN_STORE_PAGE_SIZE = 25;
export const FEATURED_MAX = 24;
export const COLLECTIONS_MAX = 20;
export const COLLECTION_BOOKS_MAX = 48;
export const COLLECTION_NAME_MAX = 80;
export const SHELF_GENRES_MAX = 20;

/** The /admin/store/books filter: listed (published), unlisted, a discount set and not over, free now. */
export const STORE_BOOK_STATES = ['all', 'listed', 'unlisted', 'discounted', 'free'] as const;
export type StoreBookState = (typeof STORE_BOOK_STATES)[number];

const DiscountSchema = zm.object({ priceCents: zm.number(), startsAt: zm.number(), endsAt: zm.number() });

export const AdminStoreBookSchema = zm.object({
  id: zm.string(),
  title: zm.string(),
  authors: zm.array(zm.string()),
  status: zm.enum(['published', 'unlisted']),
  coverUrl: zm.nullable(zm.string()),
  currency: zm.string(),
  /** The list price. */
  priceCents: zm.number(),
  /** What a buyer pays now (the discount's price while it runs). */
  effectivePriceCents: zm.number(),
  /** The discount window, whether it runs, waits for its start or is over. */
  discount: zm.nullable(DiscountSchema),
  /** Position on the Featured shelf (1 first), null when not featured. */
  featuredRank: zm.nullable(zm.number()),
});
export type AdminStoreBook = zm.infer<typeof AdminStoreBookSchema>;

export const AdminStoreBookQuery = z.object({
  state: z.enum(STORE_BOOK_STATES).optional().default('all'),
  q: z.string().trim().max(200).optional().default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type AdminStoreBookQuery = z.input<typeof AdminStoreBookQuery>;

export const listAdminStoreBooks = endpoint({
  method: 'GET',
  path: '/api/admin/store/books',
  query: AdminStoreBookQuery,
  response: zm.object({ items: zm.array(AdminStoreBookSchema), page: zm.number(), pageSize: zm.number(), total: zm.number() }),
});

export const ListingInput = z.strictObject({ listed: z.boolean({ error: 'Say whether the book is listed.' }) });
/** Unlist (gone from /store, search and checkout; owners keep it) or list again. */
export const setBookListing = endpoint({
  method: 'PUT',
  path: '/api/admin/store/books/:id/listing',
  body: ListingInput,
  response: zm.object({ book: AdminStoreBookSchema }),
});

const cents = (what: string) =>
  z
    .number({ error: `Enter ${what} in cents (a whole number).` })
    .int(`Enter ${what} in whole cents.`)
    .min(0, `${what[0]!.toUpperCase()}${what.slice(1)} must be zero or more.`)
    .max(MAX_PRICE_CENTS, `${what[0]!.toUpperCase()}${what.slice(1)} is too high.`);
const instant = z.number({ error: 'Choose a date and time.' }).int().min(0).max(8_640_000_000_000);

/**
 * The list price and the discount window, all in one (the cross-field rules are
 * sync/store/pricing.ts's priceErrors, 422 with a message on each field that breaks one).
 */
export const PriceUpdateInput = z.strictObject({
  priceCents: cents('the price'),
  discountPriceCents: cents('the discount price').nullable(),
  discountStartsAt: instant.nullable(),
  discountEndsAt: instant.nullable(),
});
export type PriceUpdateInput = z.input<typeof PriceUpdateInput>;

export const setBookPrice = endpoint({
  method: 'PUT',
  path: '/api/admin/store/books/:id/price',
  body: PriceUpdateInput,
  response: zm.object({
    book: AdminStoreBookSchema,
    /** Readers who wishlisted the book are told: at once ('now'), when the discount starts ('scheduled'), or not (null). */
    priceDrop: zm.nullable(zm.enum(['now', 'scheduled'])),
  }),
});

// ---------- what /store shows ----------
const BookRefSchema = zm.object({
  id: zm.string(),
  title: zm.string(),
  authors: zm.array(zm.string()),
  status: zm.enum(['published', 'unlisted']),
  coverUrl: zm.nullable(zm.string()),
});
export type StoreBookRef = zm.infer<typeof BookRefSchema>;

const CollectionSchema = zm.object({ id: zm.string(), name: zm.string(), books: zm.array(BookRefSchema) });
export type StoreCollection = zm.infer<typeof CollectionSchema>;

export const StoreLayoutSchema = zm.object({
  featured: zm.array(BookRefSchema),
  collections: zm.array(CollectionSchema),
  /** The genres shown as shelves, in order; `usesDefaults` while the admin has not chosen. */
  shelfGenres: zm.array(zm.object({ code: zm.string(), name: zm.string() })),
  usesDefaults: zm.boolean(),
  /** Every known genre with its number of listed books, to choose from. */
  genres: zm.array(zm.object({ code: zm.string(), name: zm.string(), count: zm.number() })),
});
export type StoreLayout = zm.infer<typeof StoreLayoutSchema>;

export const getStoreLayout = endpoint({ method: 'GET', path: '/api/admin/store', response: StoreLayoutSchema });

const bookIds = (max: number, what: string) =>
  z
    .array(z.string().min(1).max(64), { error: 'Send the books as a list of ids.' })
    .max(max, `${what} hold at most ${max} books.`)
    .refine((ids) => new Set(ids).size === ids.length, 'A book can be in the list once.');

export const FeaturedInput = z.strictObject({ bookIds: bookIds(FEATURED_MAX, 'Featured books') });
/** The Featured shelf, in order (replaces it). */
export const setFeatured = endpoint({ method: 'PUT', path: '/api/admin/store/featured', body: FeaturedInput, response: StoreLayoutSchema });

const collectionName = z
  .string({ error: 'Name the collection.' })
  .trim()
  .min(1, 'Name the collection.')
  .max(COLLECTION_NAME_MAX, `Keep the name under ${COLLECTION_NAME_MAX} characters.`);

export const CollectionCreateInput = z.strictObject({ name: collectionName });
export const createCollection = endpoint({
  method: 'POST',
  path: '/api/admin/store/collections',
  body: CollectionCreateInput,
  response: StoreLayoutSchema,
  status: 201,
});

export const CollectionUpdateInput = z.strictObject({ name: collectionName.optional(), bookIds: bookIds(COLLECTION_BOOKS_MAX, 'Collections').optional() });
/** Rename, or set its books in order (or both). */
export const updateCollection = endpoint({
  method: 'PATCH',
  path: '/api/admin/store/collections/:id',
  body: CollectionUpdateInput,
  response: StoreLayoutSchema,
});
export const deleteCollection = endpoint({ method: 'DELETE', path: '/api/admin/store/collections/:id', response: StoreLayoutSchema });

export const CollectionOrderInput = z.strictObject({
  ids: z
    .array(z.string().min(1).max(64))
    .max(COLLECTIONS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, 'A collection can be named once.'),
});
/** Every collection's id, in the order /store shows them. */
export const orderCollections = endpoint({ method: 'PUT', path: '/api/admin/store/collection-order', body: CollectionOrderInput, response: StoreLayoutSchema });

export const ShelfGenresInput = z.strictObject({
  codes: z
    .array(z.string().regex(GENRE_CODE, 'That is not a genre code.'), { error: 'Send the genres as a list of codes.' })
    .max(SHELF_GENRES_MAX, `Show at most ${SHELF_GENRES_MAX} genre shelves.`)
    .refine((codes) => new Set(codes).size === codes.length, 'A genre can be shown once.'),
});
/** The genre shelves of /store, in order. */
export const setShelfGenres = endpoint({ method: 'PUT', path: '/api/admin/store/shelf-genres', body: ShelfGenresInput, response: StoreLayoutSchema });
/** Back to DEFAULT_SHELF_GENRES (sync/store/genres.ts). */
export const resetShelfGenres = endpoint({ method: 'DELETE', path: '/api/admin/store/shelf-genres', response: StoreLayoutSchema });
