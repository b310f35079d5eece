/**
 * A device that stored manuscripts under schema version 0 (before `archived`) opens them under
 * version 1: RxDB runs the collection's migration, and the documents come out unchanged, so
 * they stay equal to the server's copies and nothing is pushed again.
 */
import { createRxDatabase } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { manuscripts, type Manuscript } from '../../sync/collections/manuscripts';
import { openDatabase, storageFor } from './database';

const STORED: Manuscript = { id: 'm1', ownerId: 'u1', ownerName: 'ann', title: 'Salt', members: [], memberIds: [], createdAt: 1, updatedAt: 2 };

/** The manuscripts schema as version 0 had it: no `archived`. */
function versionZeroSchema() {
  const { archived: _gone, ...properties } = manuscripts.jsonSchema.properties;
  return { ...manuscripts.jsonSchema, version: 0, properties };
}

describe('manuscripts schema version 1', () => {
  it('migrates version-0 documents as they are and then accepts `archived`', async () => {
    const name = `migrate${Date.now()}`;
    const old = await createRxDatabase({ name, storage: await storageFor('memory') });
    await old.addCollections({ manuscripts: { schema: versionZeroSchema() as never } });
    await old.collections.manuscripts!.insert(STORED);
    await old.close();

    const db = await openDatabase({ userId: 'u1', name, storage: 'memory', replicate: false, only: ['manuscripts'], transport: undefined as never });
    try {
      const doc = await db.collections.manuscripts.findOne('m1').exec();
      expect(doc?.toJSON()).toEqual(STORED);
      await doc!.incrementalPatch({ archived: true });
      expect((await db.collections.manuscripts.findOne('m1').exec())?.get('archived')).toBe(true);
    } finally {
      await db.close();
    }
  });
});
