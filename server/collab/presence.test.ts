/**
 * Presence (Yjs awareness) is per connection: a socket may publish only the awareness client ids
 * it introduced, a few of them, each state size-capped — whatever a crafted client sends.
 */
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../admin/test-helpers';
import type { RunningServer } from '../server';
import { COLLAB_MAX_PRESENCE_STATE_BYTES, COLLAB_MAX_PRESENCE_STATES_PER_CONNECTION } from './limits';
import { MESSAGE_AWARENESS } from './protocol';
import { addMember, buildManuscript, connectClient, startCollabServer, tempDataDir, waitFor } from './test-helpers';

let running: RunningServer;
beforeAll(async () => {
  running = await startCollabServer(tempDataDir());
});
afterAll(async () => {
  await running.close();
});

/** An awareness message as y-websocket frames it, with entries a client chose freely. */
function awarenessMessage(entries: { clientID: number; clock: number; state: unknown }[]): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, entries.length);
  for (const { clientID, clock, state } of entries) {
    encoding.writeVarUint(update, clientID);
    encoding.writeVarUint(update, clock);
    encoding.writeVarString(update, JSON.stringify(state));
  }
  const message = encoding.createEncoder();
  encoding.writeVarUint(message, MESSAGE_AWARENESS);
  encoding.writeVarUint8Array(message, encoding.toUint8Array(update));
  return encoding.toUint8Array(message);
}

async function rawSocket(docName: string, cookie: string): Promise<WebSocket> {
  const ws = new WebSocket(`${running.url.replace('http', 'ws')}/collab/${docName}`, { headers: { cookie, origin: running.url } });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return ws;
}

describe('presence', () => {
  it("keeps a viewer from overwriting others' presence or flooding it, and lets it publish its own", async () => {
    const { ctx } = running;
    const owner = await buildSignedInUser(ctx);
    const viewer = await buildSignedInUser(ctx);
    const manuscript = await buildManuscript(ctx, owner.user.id);
    await addMember(ctx, manuscript.id, viewer.user.id, 'viewer');
    const docName = manuscript.docNames[0]!;

    const ownerClient = connectClient(running.url, docName, { cookie: owner.cookie });
    await ownerClient.synced;
    ownerClient.provider.awareness.setLocalStateField('user', { name: 'Owner' });
    const ownerId = ownerClient.provider.awareness.clientID;
    const names = () => [...ownerClient.provider.awareness.getStates().values()].map((s) => (s.user as { name?: string } | undefined)?.name);
    const ws = await rawSocket(docName, viewer.cookie);
    try {
      await waitFor(() => names().includes('Owner'));
      const ownId = 777_777;
      ws.send(awarenessMessage([{ clientID: ownId, clock: 1, state: { user: { name: 'Viewer' } } }]));
      // Someone else's id, with a clock far ahead: would replace the owner's presence.
      ws.send(awarenessMessage([{ clientID: ownerId, clock: 1_000_000, state: { user: { name: 'Hacked' } } }]));
      // 50,000 invented people.
      ws.send(awarenessMessage(Array.from({ length: 50_000 }, (_, i) => ({ clientID: i + 1, clock: 1, state: { user: { name: `Ghost ${i}` } } }))));
      // Its own id, but an oversized state.
      ws.send(awarenessMessage([{ clientID: ownId, clock: 2, state: { user: { name: 'Viewer' }, junk: 'x'.repeat(COLLAB_MAX_PRESENCE_STATE_BYTES) } }]));
      // Its own id, a fair state: handled after everything above, so once seen the rest was too.
      ws.send(awarenessMessage([{ clientID: ownId, clock: 3, state: { user: { name: 'Viewer, typing' } } }]));

      await waitFor(() => names().includes('Viewer, typing'));
      expect(ownerClient.provider.awareness.getStates().get(ownerId)?.user).toEqual({ name: 'Owner' });
      const served = await running.collab.registry.with(docName, async (shared) => shared.awareness.getStates());
      expect(served.get(ownerId)?.user).toEqual({ name: 'Owner' });
      expect(served.size).toBeLessThanOrEqual(1 + COLLAB_MAX_PRESENCE_STATES_PER_CONNECTION);
      expect(ownerClient.provider.awareness.getStates().size).toBeLessThanOrEqual(1 + COLLAB_MAX_PRESENCE_STATES_PER_CONNECTION);
      expect(served.get(ownId)?.junk).toBeUndefined();
    } finally {
      ws.terminate();
      ownerClient.destroy();
    }
  });
});
