/**
 * Every replicated collection, by name. Client and server both read this registry: adding a
 * collection here creates it in the browser database and opens its /api/sync routes.
 */
import type { CollectionDefinition } from '../replication/collection';
import { annotations } from './annotations';
import { libraryProgress } from './library-progress';
import { readingLists } from './reading-lists';

export const COLLECTIONS = {
  // Literal keys (not `[x.name]`, typed string) so DocOf<'annotations'> is that collection's type.
  'reading-lists': readingLists,
  'library-progress': libraryProgress,
  annotations,
} as const satisfies Record<string, CollectionDefinition<any>>;

export type CollectionName = keyof typeof COLLECTIONS;

export function collectionByName(name: string): CollectionDefinition<any> | undefined {
  return Object.hasOwn(COLLECTIONS, name) ? COLLECTIONS[name as CollectionName] : undefined;
}

export const COLLECTION_LIST: CollectionDefinition<any>[] = Object.values(COLLECTIONS);
