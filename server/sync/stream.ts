/**
 * The per-user change stream (Server-Sent Events). Every connection starts with RESYNC, because
 * whatever changed while it was down was not streamed; then one `change` event per hint for this
 * user (a `topic` event when a server view such as the support inbox changed), and a heartbeat so
 * dead connections are noticed on both ends.
 *
 * The stream rides on the session it was opened with: when that session is revoked
 * (server/auth/session-revocations.ts), or found expired or rotated at a heartbeat, the stream
 * ends, and the client's reconnect meets a 401 ("sign in again") or gets the rotated cookie.
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { isTopicHint, type StreamHint } from '../../sync/replication/stream';
import { HEARTBEAT_INTERVAL_MS, STREAM_EVENT } from '../../sync/replication/stream-events';
import { revokes } from '../auth/session-revocations';
import { sessionStanding } from '../auth/sessions';
import type { AppContext, AppEnv } from '../context';

export function handleStream(ctx: AppContext, c: Context<AppEnv>, userId: string, heartbeatMs = HEARTBEAT_INTERVAL_MS) {
  c.header('X-Accel-Buffering', 'no'); // nginx would otherwise hold events back
  const session = { userId, sessionId: c.get('sessionId') ?? '' };
  return streamSSE(c, async (stream) => {
    // Writes are chained so a hint and a heartbeat never interleave on the wire.
    let queue = Promise.resolve();
    const send = (event: string, data: string) => {
      queue = queue.then(() => (stream.aborted ? undefined : stream.writeSSE({ event, data }))).catch(() => undefined);
      return queue;
    };
    let ended = false;
    let wake = () => {};
    const end = () => {
      ended = true;
      wake();
    };
    const unsubscribe = ctx.pubsub.subscribe(
      userId,
      (hint: StreamHint) => void send(isTopicHint(hint) ? STREAM_EVENT.topic : STREAM_EVENT.change, JSON.stringify(hint)),
    );
    const unrevoke = ctx.revocations.subscribe((revocation) => revokes(revocation, session) && end());
    stream.onAbort(end);
    try {
      await send(STREAM_EVENT.resync, JSON.stringify('RESYNC'));
      while (!ended && !stream.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, heartbeatMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        // An account scheduled for deletion ('inactive') keeps its stream: it may still undo that.
        const standing = ended ? 'ended' : await sessionStanding(ctx, session.sessionId);
        if (standing === 'ended' || standing === 'rotated') break;
        await send(STREAM_EVENT.heartbeat, '""');
      }
    } finally {
      unsubscribe();
      unrevoke();
    }
  });
}
