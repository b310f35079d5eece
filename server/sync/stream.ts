/**
 * The per-user change stream (Server-Sent Events). Every connection starts with RESYNC, because
 * whatever changed while it was down was not streamed; then one `change` event per hint for this
 * user, and a heartbeat so dead connections are noticed on both ends.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { HEARTBEAT_INTERVAL_MS, STREAM_EVENT, type ChangeHint } from '../../sync/replication/stream';
import type { AppContext, AppEnv } from '../context';

export function handleStream(ctx: AppContext, c: Context<AppEnv>, userId: string, heartbeatMs = HEARTBEAT_INTERVAL_MS) {
  c.header('X-Accel-Buffering', 'no'); // nginx would otherwise hold events back
  return streamSSE(c, async (stream) => {
    // Writes are chained so a hint and a heartbeat never interleave on the wire.
    let queue = Promise.resolve();
    const send = (event: string, data: string) => {
      queue = queue.then(() => (stream.aborted ? undefined : stream.writeSSE({ event, data }))).catch(() => undefined);
      return queue;
    };
    const unsubscribe = ctx.pubsub.subscribe(userId, (hint: ChangeHint) => void send(STREAM_EVENT.change, JSON.stringify(hint)));
    let closed = false;
    stream.onAbort(() => {
      closed = true;
      unsubscribe();
    });
    await send(STREAM_EVENT.resync, JSON.stringify('RESYNC'));
    while (!closed && !stream.aborted) {
      await stream.sleep(heartbeatMs);
      if (!closed) await send(STREAM_EVENT.heartbeat, '""');
    }
    unsubscribe();
  });
}
