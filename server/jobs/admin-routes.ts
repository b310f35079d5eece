/**
 * /api/admin/queue-status and the two commands on one job, retry and cancel: admins only
 * ('jobs:manage'), each command audited in the transaction that makes it. A job in the wrong
 * state for the command answers 409 saying which state it is in.
 */
import { Hono, type Context } from 'hono';
import * as api from '../../sync/api/admin-jobs';
import { recordAudit } from '../audit/record';
import type { AppContext, AppEnv } from '../context';
import { on } from '../http/endpoint';
import { conflict, notFound } from '../http/errors';
import { requirePermission } from '../http/guard';
import { jobRow, queueStatus } from './status';

const STATE_WORDS: Record<api.JobRow['state'], string> = {
  queued: 'waiting to run',
  running: 'running',
  done: 'done',
  dead: 'failed',
  cancelled: 'cancelled',
};

export function adminJobRoutes(ctx: AppContext) {
  const router = new Hono<AppEnv>();
  const at = '/api/admin';

  function jobCommand(command: 'retry' | 'cancel') {
    return async (c: Context<AppEnv>, { params }: { params: Record<string, string> }) => {
      const user = requirePermission(c, 'jobs:manage');
      const id = /^\d{1,15}$/.test(params.id ?? '') ? Number(params.id) : NaN;
      return ctx.db.transaction().execute(async (trx) => {
        const job = Number.isSafeInteger(id) ? await trx.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
        if (!job) throw notFound('No such job.');
        const changed = command === 'retry' ? await ctx.queue.retry(job.id, { in: trx }) : await ctx.queue.cancel(job.id, { in: trx });
        if (!changed) {
          const rule = command === 'retry' ? 'Only a failed or cancelled job can be retried' : 'Only a job waiting to run can be cancelled';
          throw conflict(`${rule}; job ${job.id} is ${STATE_WORDS[job.state]}.`);
        }
        await recordAudit(trx, ctx.now(), {
          actor: { id: user.id, username: user.username },
          ip: c.get('ip'),
          action: command === 'retry' ? 'job.retried' : 'job.cancelled',
          targetType: 'job',
          targetId: String(job.id),
          detail: { kind: job.kind, from: job.state },
        });
        const after = await trx.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
        return { job: jobRow(after) };
      });
    };
  }

  on(router, at, api.getQueueStatus, async (c) => {
    requirePermission(c, 'jobs:manage');
    return queueStatus(ctx.db, ctx.now());
  });
  on(router, at, api.retryJob, jobCommand('retry'));
  on(router, at, api.cancelJob, jobCommand('cancel'));
  return router;
}
