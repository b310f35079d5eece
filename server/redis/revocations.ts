/**
 * Session revocations across instances (issue 15): signing out or suspending on one instance
 * closes the sync streams and collaboration sockets opened on that session on every other. The
 * same SessionRevocations as server/auth/session-revocations.ts, published over one Redis channel
 * and served to local listeners by the in-process fan-out when it arrives.
 */
import { createInProcessRevocations, type Revocation, type SessionRevocations } from '../auth/session-revocations';
import { openChannel } from './channel';
import type { RedisConnection } from './connection';

const CHANNEL = 'quire:session-revocations';

export async function createRedisRevocations(redis: RedisConnection): Promise<SessionRevocations> {
  const local = createInProcessRevocations();
  const revocations = await openChannel<Revocation>(redis, CHANNEL, (revocation) => local.publish(revocation));
  return {
    publish: (revocation) => revocations.publish(revocation),
    subscribe: (listener) => local.subscribe(listener),
  };
}
