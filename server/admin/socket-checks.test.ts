import { describe, expect, it } from 'vitest';
import { listeningServer } from '../test/listening-server';
import { checkCollabSocket, checkSyncStream } from './socket-checks';

const running = listeningServer();

describe('self-test socket checks against a running server', () => {
  it('finds the sync stream answering', async () => {
    expect(await checkSyncStream(running().ctx)).toMatchObject({ ok: true });
  });
  it('finds the collaboration socket refusing an unsigned client', async () => {
    expect(await checkCollabSocket(running().ctx)).toMatchObject({ ok: true });
  });
  it('reports a dead socket as failed, not skipped', async () => {
    const ctx = { ...running().ctx, selfUrl: 'http://127.0.0.1:9' };
    expect(await checkCollabSocket(ctx)).toMatchObject({ ok: false });
    await expect(checkSyncStream(ctx)).rejects.toThrow();
  });
});
