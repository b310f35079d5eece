import * as z from 'zod/mini';
import { endpoint } from './contract';

export const USERNAME_LOOKUP_MAX = 64;

/** Find a person by exact username (the "New message" form, co-author invites). */
export const lookupUser = endpoint({
  method: 'GET',
  path: '/api/users/lookup',
  query: z.object({ username: z.optional(z.string()) }),
  response: z.object({ id: z.string(), username: z.string(), displayName: z.string() }),
});
export type UserLookupResponse = z.infer<typeof lookupUser.response>;

export const USER_SEARCH_LIMIT = 10;

/**
 * People whose username starts with `q`, or whose display name has a word starting with each
 * word of `q`, accents folded (the "New message" picker): active accounts only, private
 * profiles by username only, at most USER_SEARCH_LIMIT, never e-mail addresses.
 */
export const searchUsers = endpoint({
  method: 'GET',
  path: '/api/users/search',
  query: z.object({ q: z.optional(z.string()) }),
  response: z.object({ people: z.array(z.object({ id: z.string(), username: z.string(), displayName: z.string() })) }),
});
export type PersonMatch = z.infer<typeof searchUsers.response>['people'][number];
