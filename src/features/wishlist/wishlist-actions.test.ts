/**
 * Removing races sync: the pull stream can write a newer revision of the entry between the
 * moment the screen reads it and the moment it deletes it. The delete must still happen (with
 * RxDB's plain `remove()` it failed with a conflict and the click did nothing).
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { addToWishlist, removeFromWishlist } from './wishlist-actions';

const BOOK = { id: 'b1', title: 'Salt', authors: ['Ann'], coverUrl: null, priceCents: 500, currency: 'EUR' };

describe('removeFromWishlist', () => {
  it('deletes an entry that sync changed after it was read', async () => {
    const local = await openDatabase({
      userId: 'u1',
      name: `wish${Date.now()}`,
      storage: 'memory',
      replicate: false,
      only: ['wishlist'],
      transport: undefined as never,
    });
    try {
      const entries = local.collections.wishlist;
      await addToWishlist(entries as never, 'u1', BOOK as never);
      const id = 'u1:b1';
      // A collection whose read hands back the entry, then lets "sync" write a newer revision.
      const racing = {
        findOne: (key: string) => ({
          exec: async () => {
            const doc = await entries.findOne(key).exec();
            await doc!.incrementalPatch({ title: 'Salt (2nd edition)', updatedAt: Date.now() + 1 });
            return doc;
          },
        }),
      };
      await removeFromWishlist(racing as never, id);
      expect(await entries.findOne(id).exec()).toBeNull();
    } finally {
      await local.close();
    }
  });
});
