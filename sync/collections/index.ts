/**
 * Every replicated collection, by name. Client and server both read this registry: adding a
 * collection here creates it in the browser database and opens its /api/sync routes.
 */
import type { CollectionDefinition } from '../replication/collection';
import { readingLists } from './reading-lists';
import { wishlist } from './wishlist';

export const COLLECTIONS = {
  [readingLists.name]: readingLists,
  [wishlist.name]: wishlist,
} as const satisfies Record<string, CollectionDefinition<any>>;

export type CollectionName = keyof typeof COLLECTIONS;

export function collectionByName(name: string): CollectionDefinition<any> | undefined {
  return Object.hasOwn(COLLECTIONS, name) ? COLLECTIONS[name as CollectionName] : undefined;
}

export const COLLECTION_LIST: CollectionDefinition<any>[] = Object.values(COLLECTIONS);
