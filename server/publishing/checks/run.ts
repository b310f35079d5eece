/**
 * The automatic checks of a submission, as one job (decision 045). At submission every check's
 * row is `pending` and the job is queued, both in the submission's transaction (a submission that
 * does not commit queues nothing). The job runs the pure checks, writing each verdict as it comes,
 * then epubcheck, the slow one. A check that throws is written as not run, with the reason — never
 * left pending (that would hold approval) and never passed. A resubmission is a new edition, so
 * its checks run afresh.
 */
import { CHECK_NAMES, type CheckName } from '../../../sync/publishing/checks';
import type { AppContext } from '../../context';
import type { DB } from '../../db/connection';
import { LANES, type JobWorker } from '../../jobs/worker';
import { epubcheckEdition } from './epubcheck';
import { gatherCheckInput } from './gather';
import { PURE_CHECKS } from './registry';
import type { CheckOutcome, Finding } from './types';

export const CHECKS_JOB = 'publishing.checks';
/** The job's name before the other checks joined epubcheck: jobs queued then still run everything. */
const OLD_EPUBCHECK_JOB = 'publishing.epubcheck';

/** In the submission's transaction: every check pending, and the job that runs them. */
export async function queueEditionChecks(ctx: AppContext, trx: DB, editionId: string): Promise<void> {
  const pending = { status: 'pending' as const, message: 'Waiting to run.', findings: '[]', checkedAt: null };
  await trx
    .insertInto('editionChecks')
    .values(CHECK_NAMES.map((name) => ({ editionId, name, ...pending })))
    .onConflict((oc) => oc.columns(['editionId', 'name']).doUpdateSet(pending))
    .execute();
  await ctx.queue.enqueue(CHECKS_JOB, { editionId }, { in: trx });
}

function record(ctx: AppContext, editionId: string, name: CheckName, outcome: CheckOutcome) {
  return ctx.db
    .updateTable('editionChecks')
    .set({ status: outcome.status, message: outcome.message, findings: JSON.stringify(outcome.findings), checkedAt: ctx.now() })
    .where('editionId', '=', editionId)
    .where('name', '=', name)
    .execute();
}

const notRun = (error: unknown): CheckOutcome => ({
  status: 'not_run',
  message: `Not checked: the check could not run (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}).`,
  findings: [],
});

async function runEditionChecks(ctx: AppContext, editionId: string): Promise<void> {
  let input;
  try {
    input = await gatherCheckInput(ctx, editionId);
  } catch (error) {
    for (const name of CHECK_NAMES) await record(ctx, editionId, name, notRun(error));
    return;
  }
  if (!input) return; // the publication was deleted meanwhile
  for (const [name, check] of Object.entries(PURE_CHECKS) as [keyof typeof PURE_CHECKS, (typeof PURE_CHECKS)[keyof typeof PURE_CHECKS]][]) {
    let outcome: CheckOutcome;
    try {
      outcome = check(input);
    } catch (error) {
      outcome = notRun(error);
    }
    await record(ctx, editionId, name, outcome);
  }
  let epubcheck;
  try {
    epubcheck = await epubcheckEdition(ctx, input.book);
  } catch (error) {
    epubcheck = { outcome: notRun(error), crashed: null };
  }
  await record(ctx, editionId, 'epubcheck', epubcheck.outcome);
  // A run that could not happen (a crash) is retried by the queue; the row says why meanwhile.
  if (epubcheck.crashed) throw new Error(`epubcheck could not run: ${epubcheck.crashed}`);
}

export function registerEditionChecksJob(worker: JobWorker, ctx: AppContext): void {
  const handler = async (payload: { editionId?: unknown }) => {
    if (typeof payload.editionId === 'string') await runEditionChecks(ctx, payload.editionId);
  };
  worker.register(CHECKS_JOB, handler, { lane: LANES.books });
  worker.register(OLD_EPUBCHECK_JOB, handler, { lane: LANES.books });
}

/** The checks of an edition, in the order the pages list them, for the author's and the reviewer's pages. */
export async function editionChecks(db: DB, editionId: string) {
  const rows = await db.selectFrom('editionChecks').select(['name', 'status', 'message', 'findings', 'checkedAt']).where('editionId', '=', editionId).execute();
  const order = (name: string) => (CHECK_NAMES as string[]).indexOf(name) >>> 0; // unknown names last
  return rows
    .sort((a, b) => order(a.name) - order(b.name) || a.name.localeCompare(b.name))
    .map((r) => ({ ...r, findings: JSON.parse(r.findings) as Finding[] }));
}
