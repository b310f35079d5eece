/**
 * Session revocations, announced to the live channels that ride on a session: collaboration
 * sockets (server/collab/session-watch.ts) and the sync stream (server/sync/stream.ts). Only
 * server/auth/sessions.ts publishes. In-process today; like server/sync/pubsub.ts this is the seam
 * where Redis (or PostgreSQL LISTEN/NOTIFY) goes when Quire runs on more than one machine —
 * nothing else knows how a revocation travels.
 */

/**
 * `ended`: the session is gone (sign-out, suspension, password change, expiry…): sign in again.
 * `rotated`: the account's roles changed and the token is replaced on the next request: reconnect.
 */
export type RevocationReason = 'ended' | 'rotated';

export type Revocation =
  | { sessionId: string; reason: RevocationReason }
  /** Every session of the user, except `except` (the device that asked). */
  | { userId: string; except?: string; reason: RevocationReason };

type RevocationListener = (revocation: Revocation) => void;

export interface SessionRevocations {
  publish(revocation: Revocation): void;
  subscribe(listener: RevocationListener): () => void;
}

/** Whether a channel opened on `session` is affected by `revocation`. */
export function revokes(revocation: Revocation, session: { userId: string; sessionId: string }): boolean {
  if ('sessionId' in revocation) return revocation.sessionId === session.sessionId;
  return revocation.userId === session.userId && revocation.except !== session.sessionId;
}

export function createInProcessRevocations(): SessionRevocations {
  const listeners = new Set<RevocationListener>();
  return {
    publish(revocation) {
      for (const listener of [...listeners]) {
        try {
          listener(revocation);
        } catch (error) {
          console.error('session revocation listener failed', error); // one broken channel never stops the others
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
