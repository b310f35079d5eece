/**
 * Writes each replicated collection's RxDB JSON schema, derived here from its zod schema, into a
 * browser build as `__QUIRE_COLLECTION_SCHEMAS__` (read by sync/replication/collection.ts), so the
 * browser opens its database without building a zod schema: a 50 ms task on a fast machine, four
 * times that on a phone. Used by vite.config.ts and by bench:localdb, which builds its own page.
 */
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type { CollectionDefinition } from '../sync/replication/collection';

const REGISTRY = fileURLToPath(new URL('../sync/collections/index.ts', import.meta.url));

export function collectionSchemas(): Plugin {
  return {
    name: 'quire-collection-schemas',
    apply: 'build',
    async config() {
      // Through Vite's module runner: the config file itself imports none of the app's modules.
      const { module } = await runnerImport<{ COLLECTION_LIST: CollectionDefinition[] }>(REGISTRY, { configFile: false, logLevel: 'warn' });
      const schemas = Object.fromEntries(module.COLLECTION_LIST.map((c) => [c.name, c.jsonSchema]));
      return { define: { __QUIRE_COLLECTION_SCHEMAS__: JSON.stringify(schemas) } };
    },
  };
}
