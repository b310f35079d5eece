/**
 * Every replicated collection, by name. Client and server both read this registry: adding a
 * collection here creates it in the browser database and opens its /api/sync routes.
 */
import type { CollectionDefinition } from '../replication/collection';
import { annotations } from './annotations';
import { cart } from './cart';
import { follows } from './follows';
import { libraryProgress } from './library-progress';
import { manuscriptChapters } from './manuscript-chapters';
import { manuscriptComments } from './manuscript-comments';
import { manuscripts } from './manuscripts';
import { messages } from './messages';
import { notifications } from './notifications';
import { preferences } from './preferences';
import { readingLists } from './reading-lists';
import { wishlist } from './wishlist';

/** Literal keys (not `[def.name]`, which widens to string) so DocOf<'wishlist'> is one type; the check at the end keeps them equal to the names. */
export const COLLECTIONS = {
  // Literal keys (each equal to the collection's name) so CollectionName is a union of names
  // and useLiveDocs('manuscripts') is typed with that collection's documents.
  'reading-lists': readingLists,
  messages,
  notifications,
  manuscripts,
  'manuscript-chapters': manuscriptChapters,
  'manuscript-comments': manuscriptComments,
  'library-progress': libraryProgress,
  annotations,
  wishlist,
  cart,
  preferences,
  follows,
} as const satisfies Record<string, CollectionDefinition<any>>;

export type CollectionName = keyof typeof COLLECTIONS;

export function collectionByName(name: string): CollectionDefinition<any> | undefined {
  return Object.hasOwn(COLLECTIONS, name) ? COLLECTIONS[name as CollectionName] : undefined;
}

for (const [key, definition] of Object.entries(COLLECTIONS)) {
  if (key !== definition.name) throw new Error(`Collection registered as ${key} is named ${definition.name}`);
}

export const COLLECTION_LIST: CollectionDefinition<any>[] = Object.values(COLLECTIONS);

for (const [key, definition] of Object.entries(COLLECTIONS)) {
  if (key !== definition.name) throw new Error(`Collection registered as ${key} is named ${definition.name}`);
}
