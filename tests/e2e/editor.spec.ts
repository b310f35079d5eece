/**
 * Writing journeys, run as STYLE.md asks: once with one editor, once with two side by side
 * (the author and a reader invited as co-author, each in their own browser context) asserting
 * both show the same text, and an offline variant where one side loses its network AND its
 * collaboration socket while both keep typing.
 */
import { expect } from '@playwright/test';
import { DEMO, expectAccessible, signIn, signedIn, test } from './fixtures';
import { chapterText, createManuscript, cuttableCollab, invite, openShared, typeAtEnd } from './editor-helpers';

test.describe('editor', () => {
  test('one editor: create a manuscript and chapters, format and type, text survives a reload', async ({ page }) => {
    await signIn(page, DEMO.author);
    await page.goto('/editor');
    await expect(page.getByRole('heading', { name: 'Write', level: 1 })).toBeVisible();
    await expectAccessible(page);

    const title = `Solo ${Date.now()}`;
    await createManuscript(page, title);
    await typeAtEnd(page, 'The first line of a long book.');
    await page.getByRole('button', { name: 'Heading 1' }).click();
    await expect(chapterText(page).locator('h1')).toHaveText('The first line of a long book.');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Second paragraph here.');
    await expect(page.getByTestId('chapter-words')).toHaveText('10 words', { timeout: 5_000 });

    await page.getByRole('button', { name: 'Add chapter' }).click();
    await expect(page.getByRole('navigation', { name: 'Chapters' }).getByRole('link')).toHaveCount(2);
    await page.getByRole('button', { name: 'Rename Chapter 2' }).click();
    await page.getByLabel('Chapter title').fill('The middle');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Move The middle up' }).click();
    await expect(page.getByRole('navigation', { name: 'Chapters' }).getByRole('link').first()).toContainText('The middle');

    // Delete with undo.
    await page.getByRole('button', { name: 'Delete The middle' }).click();
    await expect(page.getByRole('navigation', { name: 'Chapters' }).getByRole('link')).toHaveCount(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('navigation', { name: 'Chapters' }).getByRole('link', { name: /The middle/ })).toBeVisible();

    await page.getByRole('link', { name: /Chapter 1/ }).click();
    await page.reload();
    await expect(chapterText(page)).toContainText('Second paragraph here.');
    await expect(page.getByTestId('manuscript-words')).toContainText('10 words');
    await expectAccessible(page);

    // The list of manuscripts says how far each has come and when it was last touched.
    await page.goto('/editor');
    await expect(page.getByRole('link', { name: new RegExp(title) })).toContainText(/10 words · edited/);
  });

  test('two editors side by side: live text and presence, offline edits merge, viewers read only', async ({ browser }) => {
    const author = await signedIn(browser, DEMO.author);
    const reader = await signedIn(browser, DEMO.reader);
    const viewer = await signedIn(browser, DEMO.publisher);
    const readerNet = await cuttableCollab(reader.page);
    const title = `Duet ${Date.now()}`;

    await createManuscript(author.page, title);
    await typeAtEnd(author.page, 'Opening line.');
    await invite(author.page, 'reader', 'editor');
    await invite(author.page, 'publisher', 'viewer');

    await openShared(reader.page, title);
    await expect(chapterText(reader.page)).toHaveText('Opening line.');
    // Presence: each side shows both people.
    for (const side of [author.page, reader.page]) {
      await expect(side.getByTestId('presence').locator('li')).toHaveCount(2);
      await expect(side.getByTestId('presence')).toHaveAttribute('aria-label', /author/);
      await expect(side.getByTestId('presence')).toHaveAttribute('aria-label', /reader/);
    }

    // Live: what one types appears in the other within a second.
    await typeAtEnd(author.page, ' Written by Ada.');
    await expect(chapterText(reader.page)).toContainText('Written by Ada.', { timeout: 1_000 });
    await typeAtEnd(reader.page, ' Rosa adds this.');
    await expect(chapterText(author.page)).toContainText('Rosa adds this.', { timeout: 1_000 });
    await expect(chapterText(author.page)).toHaveText(await chapterText(reader.page).innerText());

    // Offline: the reader loses network and socket; both keep typing.
    await readerNet.goOffline();
    await expect(reader.page.getByTestId('chapter-sync')).toHaveText(/Offline|Waiting/);
    await typeAtEnd(author.page, ' Online edit.');
    await typeAtEnd(reader.page, ' Offline edit.');
    await expect(reader.page.getByTestId('chapter-sync')).toHaveText('Waiting to sync');
    await expect(chapterText(reader.page)).not.toContainText('Online edit.');

    await readerNet.goOnline();
    for (const side of [author.page, reader.page]) {
      await expect(chapterText(side)).toContainText('Online edit.', { timeout: 15_000 });
      await expect(chapterText(side)).toContainText('Offline edit.', { timeout: 15_000 });
    }
    await expect(reader.page.getByTestId('chapter-sync')).toHaveText('Synced');
    await expect(chapterText(author.page)).toHaveText(await chapterText(reader.page).innerText());

    // A viewer reads the same text but cannot change it.
    await openShared(viewer.page, title);
    await expect(chapterText(viewer.page)).toHaveText(await chapterText(author.page).innerText());
    await expect(chapterText(viewer.page)).not.toBeEditable();
    await expect(viewer.page.getByText('Read only')).toBeVisible();
    await expect(viewer.page.getByRole('toolbar', { name: 'Formatting' })).toHaveCount(0);

    for (const side of [author, reader, viewer]) await side.context.close();
  });

  test('/debug/editor shows the node tree of a local document', async ({ page }) => {
    await signIn(page, DEMO.admin);
    await page.goto('/debug/editor');
    await chapterText(page).click();
    await page.keyboard.type('Tree me');
    await expect(page.locator('.ed-tree')).toContainText('Tree me');
    await expect(page.locator('.ed-tree')).toContainText('root');
  });
});
