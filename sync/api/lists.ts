/** Wire types of /api/lists and /api/users: online views of other people's lists and profiles. */
import type { ReadingList } from '../collections/reading-lists';

export interface ListOwner {
  username: string;
  displayName: string;
}

/** GET /api/lists/:id — a public or unlisted list (or the caller's own), read-only. */
export interface PublicListResponse {
  list: ReadingList;
  owner: ListOwner;
}

/** A list on Discover or a profile: no items, just enough for a card. */
export interface ListSummary {
  id: string;
  name: string;
  description: string;
  bookCount: number;
  /** The first few books' copied cards, for the tile's covers. */
  covers: { bookId: string; title?: string; coverUrl?: string }[];
  updatedAt: number;
  owner: ListOwner;
}

/** GET /api/lists/discover */
export interface DiscoverListsResponse {
  lists: ListSummary[];
}

/** GET /api/users/:username — a private profile carries the name only. */
export type UserProfileResponse =
  | { visibility: 'public'; username: string; displayName: string; bio: string; avatarUrl: string | null; lists: ListSummary[] }
  | { visibility: 'private'; username: string; displayName: string };
