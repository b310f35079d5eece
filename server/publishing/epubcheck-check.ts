/**
 * The automatic epubcheck check of a submission (issue 13): the edition's EPUB export, made
 * exactly as /export makes it, run through epubcheck in a job (never in the request: a JVM takes
 * seconds). Its row in edition_checks is `pending` from the submission on, then `passed`,
 * `failed` with epubcheck's first errors, or `not_run` saying plainly that epubcheck is not
 * installed on this server — never "passed" for a check that did not run.
 */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import type { JobWorker } from '../jobs/worker';
import { buildEpub } from '../exports/epub/build-epub';
import { describeEpubcheck, runEpubcheck } from '../exports/epubcheck';
import { editionSource } from '../exports/sources';
import type { EditionContent } from './edition';

const EPUBCHECK_JOB = 'publishing.epubcheck';
const EPUBCHECK_CHECK = 'epubcheck';

/** In the submission's transaction: the check is pending, and its job exists only if the submission commits. */
export async function queueEpubcheck(ctx: AppContext, trx: DB, editionId: string): Promise<void> {
  await trx
    .insertInto('editionChecks')
    .values({ editionId, name: EPUBCHECK_CHECK, status: 'pending', message: 'Waiting for epubcheck.', checkedAt: null })
    .onConflict((oc) => oc.columns(['editionId', 'name']).doUpdateSet({ status: 'pending', message: 'Waiting for epubcheck.', checkedAt: null }))
    .execute();
  await ctx.queue.enqueue(EPUBCHECK_JOB, { editionId }, { in: trx });
}

export const EPUBCHECK_OFF = 'Not checked: epubcheck is turned off on this server (QUIRE_EPUBCHECK=0).';

async function runEditionEpubcheck(ctx: AppContext, editionId: string): Promise<void> {
  const row = await ctx.db.selectFrom('publicationEditions').select('book').where('id', '=', editionId).executeTakeFirst();
  if (!row) return; // the publication was deleted meanwhile
  const done = (status: 'passed' | 'failed' | 'not_run', message: string) =>
    ctx.db
      .updateTable('editionChecks')
      .set({ status, message, checkedAt: ctx.now() })
      .where('editionId', '=', editionId)
      .where('name', '=', EPUBCHECK_CHECK)
      .execute();
  if (!ctx.config.epubcheck) {
    await done('not_run', EPUBCHECK_OFF);
    return;
  }
  const { book } = JSON.parse(row.book) as EditionContent;
  const epub = buildEpub(await editionSource(ctx, book), { modified: new Date(ctx.now()) });
  const result = await runEpubcheck(epub);
  // A run that could not happen (a crash) is retried by the queue; the row says why meanwhile.
  const status = result.status === 'passed' ? 'passed' : result.status === 'failed' ? 'failed' : 'not_run';
  await done(status, describeEpubcheck(result));
  if (result.status === 'crashed') throw new Error(`epubcheck could not run: ${result.message}`);
}

export function registerEpubcheckJob(worker: JobWorker, ctx: AppContext): void {
  worker.register(EPUBCHECK_JOB, async (payload: { editionId?: unknown }) => {
    if (typeof payload.editionId === 'string') await runEditionEpubcheck(ctx, payload.editionId);
  });
}

/** The checks of an edition, for the author's and the reviewer's pages. */
export function editionChecks(db: DB, editionId: string) {
  return db.selectFrom('editionChecks').select(['name', 'status', 'message', 'checkedAt']).where('editionId', '=', editionId).orderBy('name').execute();
}
