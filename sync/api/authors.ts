/**
 * Authors (/authors, /author/{id}, the home page's "New from authors you follow"): the directory
 * of accounts credited on books in the store, an author's page, and the new books of the authors
 * the signed-in person follows (follows themselves are the replicated `follows` collection).
 * The directory and the page are the same for everyone, so the service worker may keep them;
 * the followed authors' books are the person's own and never cached.
 *
 * Written with zod/mini only: these schemas ship in the /authors, /author and home chunks.
 */
import * as z from 'zod/mini';
import { endpoint } from './contract';
import { StoreBookCardSchema } from './store';

export const AUTHORS_PAGE_SIZE = 24;
/** An author page lists at most this many books, newest first. */
export const AUTHOR_BOOKS_MAX = 100;
/** "New" on the home shelf: published within this many days. */
export const FOLLOWED_NEW_BOOKS_DAYS = 90;
export const FOLLOWED_NEW_BOOKS_MAX = 12;

const AuthorCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null when the author has none or keeps their profile private. */
  avatarUrl: z.nullable(z.string()),
  bookCount: z.number(),
});
export type AuthorCard = z.infer<typeof AuthorCardSchema>;

export const AuthorsQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200))),
  page: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(1000))),
});

export const listAuthors = endpoint({
  method: 'GET',
  path: '/api/authors',
  query: AuthorsQuerySchema,
  response: z.object({ authors: z.array(AuthorCardSchema), total: z.number(), page: z.number(), pageSize: z.number() }),
});
export type AuthorsResponse = z.infer<typeof listAuthors.response>;

export const getAuthor = endpoint({
  method: 'GET',
  path: '/api/authors/:id',
  response: z.extend(AuthorCardSchema, {
    /** Plain text; empty when the author wrote none or keeps their profile private. */
    bio: z.string(),
    books: z.array(StoreBookCardSchema),
  }),
});
export type AuthorResponse = z.infer<typeof getAuthor.response>;

export const getFollowedNewBooks = endpoint({
  method: 'GET',
  path: '/api/authors/following/new-books',
  response: z.object({ books: z.array(StoreBookCardSchema) }),
});
