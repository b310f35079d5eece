/**
 * Open sockets follow their session. When a session ends — sign-out, another device signed out,
 * suspension, password change or reset, account deletion — its sockets close at once with
 * `unauthenticated` (the editor says "sign in again"); when the account's roles change they close
 * with `sessionChanged` and the editor reconnects, admitted afresh with a rotated token. Every
 * COLLAB_SESSION_RECHECK_INTERVAL each open session is checked again, which is how expiry
 * (announced by nobody) closes a socket.
 */
import { CLOSE_CODES } from '../../sync/collab/close-codes';
import { revokes, type RevocationReason } from '../auth/session-revocations';
import { sessionStanding } from '../auth/sessions';
import type { AppContext } from '../context';
import type { LiveConnection } from './membership-watch';

const CLOSE_FOR: Record<RevocationReason, [number, string]> = {
  ended: [CLOSE_CODES.unauthenticated, 'session ended'],
  rotated: [CLOSE_CODES.sessionChanged, 'session changed'],
};

export function watchSessions(
  ctx: AppContext,
  live: () => Iterable<LiveConnection>,
  log: (event: string, fields: Record<string, unknown>) => void,
  recheckMs: number,
): () => void {
  function close(reason: RevocationReason, match: (entry: LiveConnection) => boolean) {
    for (const entry of [...live()]) {
      if (!match(entry)) continue;
      log('session-revoked', { doc: entry.docName, user: entry.conn.userId, reason });
      entry.conn.close(...CLOSE_FOR[reason]);
    }
  }

  const unsubscribe = ctx.revocations.subscribe((revocation) =>
    close(revocation.reason, (entry) => revokes(revocation, { userId: entry.conn.userId, sessionId: entry.sessionId })),
  );

  let checking = false;
  const timer = setInterval(() => {
    if (checking) return; // a slow database must not pile checks up
    checking = true;
    void (async () => {
      for (const sessionId of new Set([...live()].map((entry) => entry.sessionId))) {
        const standing = await sessionStanding(ctx, sessionId);
        // Admission wants an active account: one scheduled for deletion keeps its session only to undo that.
        if (standing !== 'live') close(standing === 'rotated' ? 'rotated' : 'ended', (entry) => entry.sessionId === sessionId);
      }
    })()
      .catch((error: unknown) => log('session-check-failed', { error: String(error) }))
      .finally(() => (checking = false));
  }, recheckMs);
  timer.unref();

  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
