/**
 * The automatic checks through the API, against a real SQLite file: every check pending at
 * submission (approval held meanwhile), then each verdict with where its problems are; a
 * resubmission runs them again, and a failed blocking check (the ISBN) stops approval with its reason.
 */
import { $createLinkNode } from '@lexical/link';
import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as api from '../../../sync/api/publishing';
import { $createImageNode } from '../../../sync/collab/image-node';
import { CHECK_NAMES } from '../../../sync/publishing/checks';
import type { PublishingMetadataInput } from '../../../sync/publishing/metadata';
import { chapterUpdateFrom, chapterUpdateFromParagraphs } from '../../collab/lexical-doc';
import { manuscriptDoc, storeImage, writeManuscript } from '../../exports/test-manuscripts';
import { buildUser } from '../../sync/test-helpers';
import { answerOf, buildTestContext, errorOf, type TestContext } from '../../test/test-context';

const metadata: PublishingMetadataInput = {
  title: 'The Salt Orchard',
  description: 'A family, an orchard by the sea, and one long summer of secrets.',
  genres: ['FB'],
  language: 'en',
  priceCents: 499,
  currency: 'USD',
  ageRating: 'all',
};

let t: TestContext;
const cookies: Record<string, string> = {};

beforeEach(async () => {
  t = await buildTestContext();
  cookies.owner = await buildUser(t.ctx, 'owner', ['author']);
  cookies.admin = await buildUser(t.ctx, 'admin', ['admin']);
  const image = await storeImage(t, 'owner', 'mapimageaaaaaaaaaaaaaaaa');
  const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
  const first = chapterUpdateFrom(() => {
    $getRoot().append(
      $createParagraphNode().append($createTextNode(`${long} See `), $createLinkNode('#the-map').append($createTextNode('the map')), $createTextNode('.')),
      $createImageNode({ src: image, alt: 'A map of the orchard' }),
    );
  });
  await writeManuscript(t, cookies.owner, manuscriptDoc('m1', 'owner', 'Working title'), [
    { id: 'c1', title: 'Arrival', update: first },
    { id: 'c2', title: 'Coda', update: chapterUpdateFromParagraphs(['The end.']) },
  ]);
  expect((await t.request('/api/publishing/m1/metadata', { method: 'PUT', json: metadata, cookie: cookies.owner })).status).toBe(200);
});
afterEach(async () => t.close());

const command = (who: string, action: string, comment = '') =>
  t.request('/api/publishing/m1/commands', { method: 'POST', json: { action, comment }, cookie: cookies[who] });
const detail = async (who: string) => answerOf(await t.request('/api/publishing/m1', { cookie: cookies[who] }), api.getPublication);
const byName = (checks: api.EditionCheck[]) => Object.fromEntries(checks.map((c) => [c.name, c]));

describe('the automatic checks of a submission', () => {
  it('run as one job, show where each problem is to author and reviewer alike, and hold approval until done', async () => {
    const submitted = await answerOf(await command('owner', 'submit'), api.getPublication);
    expect(submitted.checks.map((c) => [c.name, c.status])).toEqual(CHECK_NAMES.map((n) => [n, 'pending']));
    expect(submitted.approvalBlocker).toBe('The automatic checks are still running.');
    const early = await command('admin', 'approve');
    expect(early.status).toBe(409);
    expect((await errorOf(early)).message).toBe('The automatic checks are still running.');

    await t.worker.drain();
    const asAuthor = await detail('owner');
    const checks = byName(asAuthor.checks);
    expect(checks.fields).toMatchObject({ status: 'passed', blocksApproval: false });
    expect(checks.isbn).toMatchObject({ status: 'not_run', message: expect.stringContaining('No ISBN given') });
    expect(checks.cover).toMatchObject({ status: 'warning', message: expect.stringContaining('No cover') });
    expect(checks.chapters).toMatchObject({
      status: 'failed',
      blocksApproval: false,
      findings: [{ where: 'Chapter 2 “Coda”', reason: 'Tiny: 2 words, under 100.' }],
    });
    expect(checks.links).toMatchObject({
      status: 'failed',
      findings: [{ where: 'Chapter 1 “Arrival”, link “the map”', reason: 'It points to #the-map, which is no place in this chapter.' }],
    });
    expect(checks.images).toMatchObject({ status: 'passed', message: '1 image, each at most 5.0 MB.' });
    expect(checks.epubcheck).toMatchObject({ status: 'not_run' });
    expect(asAuthor.checks.every((c) => c.checkedAt !== null)).toBe(true);
    // The reviewer sees the same; failures that only need a reviewer's judgement do not hold approval.
    const asReviewer = await detail('admin');
    expect(asReviewer.checks).toEqual(asAuthor.checks);
    expect(asReviewer.approvalBlocker).toBeNull();
  });

  it('run again on a resubmission, and an invalid ISBN blocks approval with its reason', async () => {
    await command('owner', 'submit');
    await t.worker.drain();
    await command('admin', 'request_changes', 'Add your ISBN.');
    // The ISBN field of the details form is another branch's: written here as it will store it.
    const row = await t.ctx.db.selectFrom('publications').select('metadata').where('id', '=', 'm1').executeTakeFirstOrThrow();
    const withIsbn = JSON.stringify({ ...JSON.parse(row.metadata!), isbn: '978-0-306-40615-8' });
    await t.ctx.db.updateTable('publications').set({ metadata: withIsbn }).where('id', '=', 'm1').execute();
    const resubmitted = await answerOf(await command('owner', 'submit'), api.getPublication);
    expect(resubmitted.pendingEdition?.number).toBe(2);
    expect(byName(resubmitted.checks).isbn!.status).toBe('pending');

    await t.worker.drain();
    const after = await detail('admin');
    expect(byName(after.checks).isbn).toMatchObject({
      status: 'failed',
      blocksApproval: true,
      findings: [{ where: 'ISBN 978-0-306-40615-8', reason: expect.stringContaining('wrong check digit') }],
    });
    expect(after.approvalBlocker).toBe('Approval is blocked by failed checks: ISBN. Ask the author for changes.');
    const refused = await command('admin', 'approve');
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(after.approvalBlocker);
  });

  it("pass the book's own ISBN, and fail one in another imprint's pool", async () => {
    await command('owner', 'submit');
    await t.worker.drain();
    expect((await command('admin', 'approve')).status).toBe(200);
    const { bookId } = await detail('owner');
    await t.ctx.db.updateTable('books').set({ isbn: '9780306406157' }).where('id', '=', bookId!).execute();
    const row = await t.ctx.db.selectFrom('publications').select('metadata').where('id', '=', 'm1').executeTakeFirstOrThrow();
    await t.ctx.db
      .updateTable('publications')
      .set({ metadata: JSON.stringify({ ...JSON.parse(row.metadata!), isbn: '9780306406157' }) })
      .where('id', '=', 'm1')
      .execute();
    await command('owner', 'submit');
    await t.worker.drain();
    // The book's own listing carries it: that is no clash.
    expect(byName((await detail('admin')).checks).isbn).toMatchObject({ status: 'passed' });

    await t.ctx.db.insertInto('imprints').values({ id: 'imp2', name: 'Harbour Press', ownerId: null, createdAt: 1 }).execute();
    await t.ctx.db.insertInto('imprintIsbns').values({ isbn: '9780306406157', imprintId: 'imp2', bookId: null, assignedAt: null, addedAt: 1 }).execute();
    await command('admin', 'request_changes', 'Check the ISBN.');
    await command('owner', 'submit');
    await t.worker.drain();
    const after = await detail('admin');
    expect(byName(after.checks).isbn).toMatchObject({
      status: 'failed',
      findings: [{ where: 'ISBN 9780306406157', reason: 'It belongs to the ISBN pool of Harbour Press, not to this book’s publisher.' }],
    });
    expect(after.approvalBlocker).toContain('ISBN');
  });
});
