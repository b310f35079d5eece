/**
 * The session's own endpoints, GET /api/auth/me (the signed-in account, or null) and sign-out:
 * their own module (zod/mini only) because every first load asks for the one and the app shell
 * offers the other; the rest of /api/auth is in auth.ts.
 */
import * as z from 'zod/mini';
import { ROLES } from '../roles';
import type { HomeBooksResponse } from './books';
import { endpoint } from './contract';
import type { StoreBook, StoreHomeResponse } from './store';

export const MeSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(ROLES)),
  status: z.enum(['active', 'suspended', 'deleting']),
  emailVerified: z.boolean(),
  theme: z.string(),
  deletionDueAt: z.nullable(z.number()),
});
export type Me = z.infer<typeof MeSchema>;

export const getMe = endpoint({ method: 'GET', path: '/api/auth/me', response: z.object({ user: z.nullable(MeSchema) }) });
export type MeResponse = z.infer<typeof getMe.response>;

/**
 * What a page's HTML carries for the first render (server/site/pages.ts → src/lib/session.ts): the
 * answer GET /api/auth/me would give, and the public answers the home, store and store book pages
 * start from (drawn with them for a visitor), by the app's query keys (page-queries.ts).
 */
export const PageBootSchema = z.object({
  session: getMe.response,
  queries: z.optional(z.array(z.tuple([z.array(z.string()), z.unknown()]))),
});
export type PageBoot = z.infer<typeof PageBootSchema>;

/** Ends this browser's session and clears its cookie. */
export const signOut = endpoint({ method: 'POST', path: '/api/auth/sign-out', response: z.object({ ok: z.literal(true) }) });

/** A query's key and its answer, as the app's query cache holds it (the boot block's `queries`). */
export type PageQuery = NonNullable<PageBoot['queries']>[number];

/**
 * What a page starts from: a visitor's drawn per request (src/prerender.tsx's renderWithData,
 * called by server/site/rendered-pages.ts), a signed-in person's given as data. The answers the
 * page would fetch, all public.
 */
export type DrawnPageData = { page: 'home'; books: HomeBooksResponse } | { page: 'store'; home: StoreHomeResponse } | { page: 'book'; book: StoreBook };

/** A drawn page: its markup for #root and the answers it was drawn from. */
export interface DrawnPage {
  html: string;
  queries: PageQuery[];
}
