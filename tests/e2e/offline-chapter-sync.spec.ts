/**
 * Offline chapter edits leave the device by themselves: the author types in a chapter offline,
 * reloads while still offline, moves on to a new chapter, and reconnects. The co-author, who has
 * the first chapter open, receives the text without the author reopening it, and until then the
 * header badge keeps counting the waiting chapter, reload or not.
 */
import { expect } from '@playwright/test';
import { DEMO, signedIn, test } from './fixtures';
import { chapterText, createManuscript, cuttableCollab, invite, openShared, shellCached, typeAtEnd } from './editor-helpers';

test('offline chapter edits sync in the background on reconnect and are counted across a reload', async ({ browser }, testInfo) => {
  const author = await signedIn(browser, DEMO.author);
  const coAuthor = await signedIn(browser, DEMO.reader);
  const authorNet = await cuttableCollab(author.page);
  const title = `Away ${Date.now()}`;
  const headerBadge = author.page.locator('.sync-badge');

  await createManuscript(author.page, title);
  await typeAtEnd(author.page, 'Opening line.');
  await invite(author.page, 'reader', 'editor');
  await openShared(coAuthor.page, title);
  await expect(chapterText(coAuthor.page)).toHaveText('Opening line.');
  await shellCached(author.page);

  // In the chapter: go offline, type, reload while still offline.
  await authorNet.goOffline();
  await typeAtEnd(author.page, ' Written on the train.');
  await expect(author.page.getByTestId('chapter-sync')).toHaveText('Waiting to sync');
  // The word count is stored, as the chapter list shows (a database write the header counts apart from the chapter text).
  await expect(author.page.getByTestId('chapter-words')).toHaveText('6 words');
  await expect(author.page.getByRole('navigation', { name: 'Chapters' }).locator('.chapter-words')).toHaveText('· 6');
  await author.page.reload();
  await expect(chapterText(author.page)).toContainText('Written on the train.');
  await expect(headerBadge).toHaveText(/Offline · [1-9]\d* changes? waiting/);
  await expect(author.page.getByTestId('chapter-sync')).toHaveText('Waiting to sync');
  await headerBadge.screenshot({ path: testInfo.outputPath('badge-offline-after-reload.png') });
  await author.page.screenshot({ path: testInfo.outputPath('chapter-offline-after-reload.png') });

  // Add a chapter (it opens), then reconnect without ever reopening the first chapter.
  await author.page.getByRole('button', { name: 'Add chapter' }).click();
  await expect(author.page.getByRole('navigation', { name: 'Chapters' }).getByRole('link')).toHaveCount(2);
  await expect(author.page.getByRole('heading', { name: 'Chapter 2' })).toBeVisible();
  await authorNet.goOnline();

  // Arriving at all proves the background upload: nobody reopens the chapter. How soon is the
  // machine's business (a busy CI core once took over 2 s), so this is not a latency check.
  await expect(chapterText(coAuthor.page)).toContainText('Written on the train.');
  await expect(headerBadge).toHaveText('Synced', { timeout: 15_000 });

  // Acknowledged means gone for good: a reload does not bring the count back.
  await author.page.reload();
  await expect(chapterText(author.page)).toBeVisible();
  await expect(headerBadge).toHaveText('Synced');

  for (const side of [author, coAuthor]) await side.context.close();
});
