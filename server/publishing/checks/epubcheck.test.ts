/**
 * The epubcheck check of a submission: pending at once, then the job's verdict on the edition's
 * EPUB — passed where epubcheck is installed, and where it is not, "not installed", never passed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import * as api from '../../../sync/api/publishing';
import type { PublishingMetadataInput } from '../../../sync/publishing/metadata';
import { chapterUpdateFromParagraphs } from '../../collab/lexical-doc';
import { EPUBCHECK_MISSING, epubcheckCommand } from '../../exports/epubcheck';
import { manuscriptDoc, writeManuscript } from '../../exports/test-manuscripts';
import { buildUser } from '../../sync/test-helpers';
import { answerOf, buildTestContext, type TestContext } from '../../test/test-context';
import { testMetadata } from '../test-manuscript';
import { EPUBCHECK_OFF } from './epubcheck';

const metadata: PublishingMetadataInput = { ...testMetadata, subtitle: 'A summer novel' };

let t: TestContext;
afterEach(async () => t.close());

async function submit(epubcheck: boolean) {
  t = await buildTestContext({ epubcheck });
  const cookie = await buildUser(t.ctx, 'owner', ['author']);
  await writeManuscript(t, cookie, manuscriptDoc('m1', 'owner', 'Working title'), [
    { id: 'c1', title: 'Arrival', update: chapterUpdateFromParagraphs(['The orchard ran down to the sea.']) },
  ]);
  expect((await t.request('/api/publishing/m1/metadata', { method: 'PUT', json: metadata, cookie })).status).toBe(200);
  const submitted = await answerOf(await t.request('/api/publishing/m1/commands', { method: 'POST', json: { action: 'submit' }, cookie }), api.getPublication);
  expect(submitted.checks).toContainEqual(expect.objectContaining({ name: 'epubcheck', status: 'pending', checkedAt: null }));
  await t.worker.drain();
  const { checks } = await answerOf(await t.request('/api/publishing/m1', { cookie }), api.getPublication);
  return checks.filter((c) => c.name === 'epubcheck');
}

describe('the epubcheck check at submission', () => {
  it('runs epubcheck on the edition in a job (or says plainly that it is not installed)', async () => {
    const [check] = await submit(true);
    if (epubcheckCommand() === null) {
      console.log('epubcheck is not installed here: the check must say so (CI installs it, see .ci/run)');
      expect(check).toMatchObject({ status: 'not_run', message: expect.stringContaining(EPUBCHECK_MISSING) });
    } else expect(check).toMatchObject({ status: 'passed', message: 'Passed epubcheck with no errors.' });
    expect(check!.checkedAt).not.toBeNull();
  }, 120_000);

  it('says it did not run when turned off, never passed', async () => {
    expect(await submit(false)).toEqual([expect.objectContaining({ status: 'not_run', message: EPUBCHECK_OFF })]);
  });
});
