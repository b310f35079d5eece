/**
 * Writes each replicated collection's RxDB JSON schema, derived here from its zod schema, into a
 * browser build as `__QUIRE_COLLECTION_SCHEMAS__` (read by sync/replication/collection.ts), so the
 * browser opens its database without building a zod schema: a 50 ms task on a fast machine, four
 * times that on a phone. Used by vite.config.ts and by bench:localdb, which builds its own page.
 */
import type { Plugin } from 'vite';
import { COLLECTION_LIST } from '../sync/collections';

export function collectionSchemas(): Plugin {
  const schemas = () => Object.fromEntries(COLLECTION_LIST.map((c) => [c.name, c.jsonSchema]));
  return { name: 'quire-collection-schemas', apply: 'build', config: () => ({ define: { __QUIRE_COLLECTION_SCHEMAS__: JSON.stringify(schemas()) } }) };
}
