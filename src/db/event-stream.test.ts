/**
 * When the server ends the stream because its session was revoked, the client reconnects as after
 * any drop, meets 401 and stops with `signed-out` (the app's "sign in again" state).
 */
import { describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';

function sseResponse(text: string): Response {
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close(); // the server ended the stream
    },
  });
  return new Response(body, { status: 200 });
}

describe('the sync event stream', () => {
  it('stops with signed-out when the server ends the stream and then refuses the session', async () => {
    const replies = [sseResponse('event: resync\ndata: "RESYNC"\n\n'), new Response('', { status: 401 })];
    const fetch = vi.fn(async () => replies.shift() ?? new Response('', { status: 500 }));
    const handlers = { onOpen: vi.fn(), onEvent: vi.fn(), onDisconnect: vi.fn(), onFatal: vi.fn() };
    const stream = openEventStream({ baseUrl: 'http://quire.test', fetch: fetch as typeof globalThis.fetch }, handlers);
    await vi.waitFor(() => expect(handlers.onFatal).toHaveBeenCalledWith('signed-out'), { timeout: 5_000 });
    stream.close();
    expect(handlers.onEvent).toHaveBeenCalledWith('resync', 'RESYNC');
    expect(handlers.onDisconnect).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
