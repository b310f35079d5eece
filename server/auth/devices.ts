/** The signed-in devices of one account (/settings/account), and ending one of them. */
import type { DeviceSession } from '../../sync/api/auth';
import type { AppContext } from '../context';
import { notFound } from '../http/errors';
import { invalidateSession } from './sessions';

export async function listDevices(ctx: AppContext, userId: string, currentId: string | null): Promise<DeviceSession[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'userAgent', 'ip', 'createdAt', 'lastSeenAt'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', ctx.now())
    .where('replacedAt', 'is', null) // a rotated token's last seconds are the same device
    .orderBy('lastSeenAt', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, current: r.id === currentId }));
}

/** Ends one of the account's own sessions; someone else's id is simply not found. */
export async function endDevice(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  if (!(await invalidateSession(ctx, sessionId, { ownerId: userId }))) throw notFound('That session has already ended.');
}
