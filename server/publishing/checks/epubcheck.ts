/**
 * The epubcheck check (decision 041): the edition's EPUB export, made exactly as /export makes it,
 * run through epubcheck — last in the checks job, since a JVM takes seconds. `passed`, `failed`
 * with epubcheck's first errors, or `not_run` saying plainly that epubcheck is not installed or
 * turned off on this server — never "passed" for a check that did not run.
 */
import type { CanonicalBook } from '../../../sync/book-format';
import type { AppContext } from '../../context';
import { buildEpub } from '../../exports/epub/build-epub';
import { describeEpubcheck, runEpubcheck } from '../../exports/epubcheck';
import { editionSource } from '../../exports/sources';
import type { CheckOutcome } from './types';

export const EPUBCHECK_OFF = 'Not checked: epubcheck is turned off on this server (QUIRE_EPUBCHECK=0).';

/** The verdict, and whether the run itself crashed (the queue then retries the job). */
export async function epubcheckEdition(ctx: AppContext, book: CanonicalBook): Promise<{ outcome: CheckOutcome; crashed: string | null }> {
  if (!ctx.config.epubcheck) return { outcome: { status: 'not_run', message: EPUBCHECK_OFF, findings: [] }, crashed: null };
  const epub = buildEpub(await editionSource(ctx, book), { modified: new Date(ctx.now()) });
  const result = await runEpubcheck(epub);
  const status = result.status === 'passed' ? 'passed' : result.status === 'failed' ? 'failed' : 'not_run';
  // Where each error is (a file and line in the EPUB), the first 20: the rest repeat the pattern.
  const findings = result.status === 'failed' ? result.errors.slice(0, 20).map((e) => ({ where: e.where || 'EPUB', reason: `${e.id} ${e.message}` })) : [];
  return { outcome: { status, message: describeEpubcheck(result), findings }, crashed: result.status === 'crashed' ? result.message : null };
}
