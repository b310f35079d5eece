/** Messages replicate to their two people only, and a sent message is never rewritten. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { conversationIdOf, type Message } from '../../sync/collections/messages';
import { buildUser, pull, push, readEvents, syncRequest } from '../sync/test-helpers';
import { buildTestContext, type TestContext } from '../test/test-context';

let t: TestContext;
let a: string;
let b: string;
let c: string;

beforeEach(async () => {
  t = await buildTestContext();
  a = await buildUser(t.ctx, 'user-a');
  b = await buildUser(t.ctx, 'user-b');
  c = await buildUser(t.ctx, 'user-c');
});
afterEach(async () => t.close());

function message(from: string, to: string, overrides: Partial<Message> = {}): Message & { _deleted: boolean } {
  return {
    id: `m-${Math.random().toString(36).slice(2, 10)}`,
    conversationId: conversationIdOf(from, to),
    senderId: from,
    recipientId: to,
    senderName: from,
    recipientName: to,
    body: 'Hello',
    sentAt: 1,
    readAt: null,
    updatedAt: 1,
    _deleted: false,
    ...overrides,
  };
}
const send = (cookie: string, rows: unknown[]) => push(t, cookie, rows, 'messages');
const pulled = async (cookie: string) => (await pull(t, cookie, null, 100, 'messages')).documents;

describe('messages', () => {
  it("never lets B pull or be streamed A↔C's messages", async () => {
    const streamB = await syncRequest(t, b, 'stream');
    const streamC = await syncRequest(t, c, 'stream');
    const eventsB = readEvents(streamB, 2, 500);
    const eventsC = readEvents(streamC, 2);
    await new Promise((r) => setTimeout(r, 50));
    const m = message('user-a', 'user-c');
    expect(await send(a, [{ assumedMasterState: null, newDocumentState: m }])).toEqual({ conflicts: [], rejected: [] });
    expect((await pulled(c)).map((d) => d.id)).toEqual([m.id]);
    expect((await pulled(a)).map((d) => d.id)).toEqual([m.id]);
    expect(await pulled(b)).toEqual([]);
    expect(await eventsB).toEqual([{ event: 'resync', data: 'RESYNC' }]);
    expect((await eventsC)[1]).toMatchObject({ event: 'change', data: { collection: 'messages' } });
  });

  it('refuses sending as someone else or to a made-up conversation', async () => {
    const forged = message('user-c', 'user-b');
    const wrongConversation = message('user-b', 'user-a', { conversationId: 'user-b~user-c' });
    const toSelf = message('user-b', 'user-b');
    const result = await send(
      b,
      [forged, wrongConversation, toSelf].map((m) => ({ assumedMasterState: null, newDocumentState: m })),
    );
    expect(result.rejected.map((r) => r.code)).toEqual(['forbidden', 'forbidden', 'forbidden']);
  });

  it('nobody rewrites a sent message; the recipient may only mark it read', async () => {
    const m = message('user-a', 'user-b', { body: 'Original' });
    await send(a, [{ assumedMasterState: null, newDocumentState: m }]);
    const senderEdit = await send(a, [{ assumedMasterState: m, newDocumentState: { ...m, body: 'Edited' } }]);
    expect(senderEdit.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const recipientEdit = await send(b, [{ assumedMasterState: m, newDocumentState: { ...m, body: 'Edited', readAt: 2 } }]);
    expect(recipientEdit.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const senderRead = await send(a, [{ assumedMasterState: m, newDocumentState: { ...m, readAt: 2 } }]);
    expect(senderRead.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const deletion = await send(a, [{ assumedMasterState: m, newDocumentState: { ...m, _deleted: true } }]);
    expect(deletion.rejected.map((r) => r.code)).toEqual(['forbidden']);
    // A retried send of the same message is a harmless duplicate.
    expect(await send(a, [{ assumedMasterState: null, newDocumentState: m }])).toEqual({ conflicts: [], rejected: [] });

    const read = await send(b, [{ assumedMasterState: m, newDocumentState: { ...m, readAt: 2, updatedAt: 2 } }]);
    expect(read).toEqual({ conflicts: [], rejected: [] });
    const unread = await send(b, [{ assumedMasterState: { ...m, readAt: 2, updatedAt: 2 }, newDocumentState: { ...m, readAt: null, updatedAt: 3 } }]);
    expect(unread.rejected.map((r) => r.code)).toEqual(['forbidden']);
    const [stored] = await pulled(a);
    expect(stored).toMatchObject({ body: 'Original', readAt: 2, _deleted: false });
  });

  it('refuses empty and over-long bodies', async () => {
    const result = await send(
      a,
      [message('user-a', 'user-b', { body: '   ' }), message('user-a', 'user-b', { body: 'x'.repeat(5001) })].map((m) => ({
        assumedMasterState: null,
        newDocumentState: m,
      })),
    );
    expect(result.rejected.map((r) => r.code)).toEqual(['validation_failed', 'validation_failed']);
  });
});
