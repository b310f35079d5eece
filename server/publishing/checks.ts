/**
 * Where the automatic checks of a submission attach (issue 13: the edition's EPUB export under
 * epubcheck, ISBN checksum and uniqueness, cover size and ratio, required fields, empty or tiny
 * chapters, broken internal links, images over size). They are to run as a job queued here, in
 * the submission's transaction — so a submission that does not commit queues nothing — and to
 * store their results against the edition for the author's and the reviewer's pages.
 *
 * epubcheck runs so (epubcheck-check.ts); the other checks are still to come, and no page claims
 * a check passed that did not run.
 */
import type { AppContext } from '../context';
import type { DB } from '../db/connection';
import { queueEpubcheck } from './epubcheck-check';

export async function afterSubmission(ctx: AppContext, trx: DB, editionId: string): Promise<void> {
  await queueEpubcheck(ctx, trx, editionId);
}
