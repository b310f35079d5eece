/** The pull route's spliced JSON says exactly what the parsed page says. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestContext, type TestContext } from '../test/test-context';
import { nextChangeTime, pullPage, pullPageJson, writeDoc } from './store';

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

// SQLite runs one writer at a time (and its driver one statement at a time), so a reader can
// never look between two writers there; on PostgreSQL (`npm run test:pg`) it can.
describe.runIf(process.env.QUIRE_TEST_PG_URL)('change times of concurrent writers', () => {
  it('never commits a change behind a checkpoint a reader already has', async () => {
    const { db } = t.ctx;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let timed = () => {};
    const firstTimed = new Promise<void>((resolve) => (timed = resolve));
    // The first writer takes its time, then waits (a slow request) before it writes and commits.
    const first = db.transaction().execute(async (trx) => {
      const at = await nextChangeTime(trx, 'reading-lists', 1);
      timed();
      await held;
      await writeDoc(trx, 'reading-lists', list('first'), false, at, ['alice']);
    });
    await firstTimed;
    // A second writer (another instance, or another request) comes later: its time is later.
    const second = db.transaction().execute(async (trx) => {
      await writeDoc(trx, 'reading-lists', list('second'), false, await nextChangeTime(trx, 'reading-lists', 2), ['alice']);
    });
    await new Promise((r) => setTimeout(r, 100));
    // A device pulls while the first is still open: whatever it sees, it must not have skipped
    // past the first writer's change.
    const seen = await pullPage(db, 'reading-lists', 'alice', null, 100);
    release();
    await Promise.all([first, second]);
    const rest = await pullPage(db, 'reading-lists', 'alice', seen.checkpoint, 100);
    expect([...seen.documents, ...rest.documents].map((d) => d.id).sort()).toEqual(['first', 'second']);
  });
});
