/** The pull route's spliced JSON says exactly what the parsed page says. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { pullPage, pullPageJson, writeDoc } from './store';

let t: TestContext;
beforeEach(async () => {
  t = await buildTestContext();
});
afterEach(async () => t.close());

const list = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  ownerId: 'alice',
  name: `Liste « ${id} » — 📚`,
  description: 'Line one\nline "two"\\ \u2028',
  visibility: 'private',
  items: [{ bookId: 'b1', note: '', position: 0 }],
  createdAt: 1,
  updatedAt: 2,
  ...extra,
});

describe('pullPageJson', () => {
  it('is the parsed page serialised, byte for byte, tombstones and paging included', async () => {
    await writeDoc(t.ctx.db, 'reading-lists', list('a'), false, 10, ['alice']);
    await writeDoc(t.ctx.db, 'reading-lists', list('b', { nested: { deep: [1, 2.5, null, true] } }), true, 11, ['alice']);
    await writeDoc(t.ctx.db, 'reading-lists', list('c'), false, 12, ['alice']);
    await writeDoc(t.ctx.db, 'reading-lists', list('hidden'), false, 13, ['bob']);
    for (const [checkpoint, limit] of [
      [null, 100],
      [null, 2],
      [{ updatedAt: 11, id: 'b' }, 2],
      [{ updatedAt: 12, id: 'c' }, 2],
    ] as const) {
      const parsed = await pullPage(t.ctx.db, 'reading-lists', 'alice', checkpoint, limit);
      expect(await pullPageJson(t.ctx.db, 'reading-lists', 'alice', checkpoint, limit)).toBe(JSON.stringify(parsed));
    }
    expect((await pullPage(t.ctx.db, 'reading-lists', 'alice', null, 100)).documents.map((d) => [d.id, d._deleted])).toEqual([
      ['a', false],
      ['b', true],
      ['c', false],
    ]);
  });

  it("lets the row's deletion win over a `_deleted` kept in the stored document, as toWire does", async () => {
    await writeDoc(t.ctx.db, 'reading-lists', list('a', { _deleted: false }), true, 10, ['alice']);
    const text = await pullPageJson(t.ctx.db, 'reading-lists', 'alice', null, 10);
    expect(JSON.parse(text)).toEqual(await pullPage(t.ctx.db, 'reading-lists', 'alice', null, 10));
    expect(JSON.parse(text).documents[0]._deleted).toBe(true);
  });
});
