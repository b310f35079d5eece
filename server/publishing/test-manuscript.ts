/** For publishing route tests: a manuscript `m1` of `owner` with one written chapter, its details, and publishing it. */
import { expect } from 'vitest';
import * as api from '../../sync/api/publishing';
import { chapterDocName } from '../../sync/collab/close-codes';
import type { PublishingMetadataInput } from '../../sync/publishing/metadata';
import { chapterUpdateFromParagraphs } from '../collab/lexical-doc';
import { CollabStore } from '../collab/store';
import { push } from '../sync/test-helpers';
import { answerOf, type TestContext } from '../test/test-context';

export const testMetadata: PublishingMetadataInput = {
  title: 'The Salt Orchard',
  subtitle: '',
  description: 'A family, an orchard by the sea, and one long summer of secrets.',
  genres: ['FB'],
  keywords: ['orchard'],
  language: 'en',
  priceCents: 499,
  currency: 'USD',
  ageRating: 'all',
};

export async function writeManuscript(t: TestContext, cookie: string, id: string, ownerId: string): Promise<void> {
  const manuscript = { id, ownerId, ownerName: ownerId, title: 'Working title', members: [], memberIds: [], createdAt: 1, updatedAt: 1 };
  await push(t, cookie, [{ assumedMasterState: null, newDocumentState: { ...manuscript, _deleted: false } }], 'manuscripts');
  const chapterId = `${id}-c1`;
  const chapter = { id: chapterId, manuscriptId: id, ownerId, memberIds: [], editorIds: [], title: 'Arrival', position: 0, wordCount: 3 };
  const pushed = await push(
    t,
    cookie,
    [{ assumedMasterState: null, newDocumentState: { ...chapter, createdAt: 1, updatedAt: 1, _deleted: false } }],
    'manuscript-chapters',
  );
  expect(pushed.rejected).toEqual([]);
  await new CollabStore(t.ctx.db, t.ctx.now).append(chapterDocName(chapterId), 1, chapterUpdateFromParagraphs(['The orchard ran down to the sea.']));
}

/** Saves the details (as given), submits, runs the checks and approves as `adminCookie`: the published detail. */
export async function publishManuscript(t: TestContext, cookie: string, adminCookie: string, id: string, metadata: unknown = testMetadata) {
  const saved = await t.request(`/api/publishing/${id}/metadata`, { method: 'PUT', json: metadata, cookie });
  expect(saved.status, await saved.clone().text()).toBe(200);
  expect((await t.request(`/api/publishing/${id}/commands`, { method: 'POST', json: { action: 'submit' }, cookie })).status).toBe(200);
  await t.worker.drain();
  const approved = await t.request(`/api/publishing/${id}/commands`, { method: 'POST', json: { action: 'approve' }, cookie: adminCookie });
  expect(approved.status, await approved.clone().text()).toBe(200);
  const detail = await answerOf(approved, api.getPublication);
  expect(detail.state).toBe('published');
  return detail;
}
