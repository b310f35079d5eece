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
