/**
 * Notices about an imprint's people (added to the team, invited as an author, an invitation
 * answered) go out as jobs after the change commits: a slow mail server never holds up the
 * settings page, and a failed notice is retried without undoing the change.
 */
import type { AppContext } from '../context';
import type { JobWorker } from '../jobs/worker';
import { notifyUser, type NoticeInput } from '../notifications/notify';

const IMPRINT_NOTICE_JOB = 'imprint.notice';

interface NoticeJob {
  userId: string;
  notice: Omit<NoticeInput, 'event'>;
}

export async function queueImprintNotice(ctx: AppContext, userId: string, notice: NoticeJob['notice']): Promise<void> {
  await ctx.queue.enqueue(IMPRINT_NOTICE_JOB, { userId, notice } satisfies NoticeJob);
}

export function registerImprintJobs(worker: JobWorker, ctx: AppContext) {
  worker.register(IMPRINT_NOTICE_JOB, async (payload: Partial<NoticeJob>) => {
    if (typeof payload?.userId !== 'string' || !payload.notice) return;
    await notifyUser(ctx, payload.userId, { event: 'imprints', ...payload.notice });
  });
}
