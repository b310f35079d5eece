import { describe, expect, it } from 'vitest';
import { COLLECTION_LIST } from '../sync/collections';
import { collectionSchemas } from './collection-schemas-plugin';

describe('collectionSchemas (the build plugin)', () => {
  it("writes every collection's RxDB JSON schema into the browser build, as the server derives it", async () => {
    const plugin = collectionSchemas();
    expect(plugin.apply).toBe('build');
    const config = await (plugin.config as () => Promise<{ define: Record<string, string> }>)();
    const written = JSON.parse(config.define.__QUIRE_COLLECTION_SCHEMAS__!) as Record<string, unknown>;
    expect(Object.keys(written).sort()).toEqual(COLLECTION_LIST.map((c) => c.name).sort());
    for (const c of COLLECTION_LIST) expect(written[c.name]).toEqual(c.jsonSchema);
  });
});
