/** Wire types of /api/lists and /api/users: online views of other people's lists and profiles. */
import * as z from 'zod/mini';
import { readingLists } from '../collections/reading-lists';
import { endpoint } from './contract';

export const ListOwnerSchema = z.object({ username: z.string(), displayName: z.string() });
export type ListOwner = z.infer<typeof ListOwnerSchema>;

/** A list on Discover or a profile: no items, just enough for a card. */
export const ListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  bookCount: z.number(),
  /** The first few books' copied cards, for the tile's covers. */
  covers: z.array(z.object({ bookId: z.string(), title: z.optional(z.string()), coverUrl: z.optional(z.string()) })),
  updatedAt: z.number(),
  owner: ListOwnerSchema,
});
export type ListSummary = z.infer<typeof ListSummarySchema>;

export const getDiscoverLists = endpoint({ method: 'GET', path: '/api/lists/discover', response: z.object({ lists: z.array(ListSummarySchema) }) });
export type DiscoverListsResponse = z.infer<typeof getDiscoverLists.response>;

/** A public or unlisted list (or the caller's own), read-only; a private one is a 404. */
export const getPublicList = endpoint({ method: 'GET', path: '/api/lists/:id', response: z.object({ list: readingLists.schema, owner: ListOwnerSchema }) });
export type PublicListResponse = z.infer<typeof getPublicList.response>;

/** A private profile carries the name only (and what "Message" and "Follow" need). */
export const getUserProfile = endpoint({
  method: 'GET',
  path: '/api/users/:username',
  response: z.discriminatedUnion('visibility', [
    z.object({
      visibility: z.literal('public'),
      id: z.string(),
      username: z.string(),
      displayName: z.string(),
      /** Credited on a store book: the profile offers "Follow" (the author page's follows). */
      isAuthor: z.boolean(),
      bio: z.string(),
      avatarUrl: z.nullable(z.string()),
      lists: z.array(ListSummarySchema),
    }),
    z.object({ visibility: z.literal('private'), id: z.string(), username: z.string(), displayName: z.string(), isAuthor: z.boolean() }),
  ]),
});
export type UserProfileResponse = z.infer<typeof getUserProfile.response>;
