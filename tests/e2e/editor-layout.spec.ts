/**
 * The writing page's layout and the manuscript list's housekeeping. On a 1366×850 laptop the text
 * sits on a wide centred page (at least 600 px) between the chapter list and the comments, both
 * of which fold away and stay folded after a reload; on a 390×844 phone the text starts on the
 * first screen, the formatting toolbar is one row and the chapters open as a drawer that Escape
 * closes. On /editor the owner archives, unarchives and deletes (after a confirmation) a
 * manuscript made here; a co-author sees no such buttons.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signedIn, test } from './fixtures';
import { chapterText, createManuscript, invite, typeAtEnd } from './editor-helpers';

const LAPTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };

const PROSE =
  'The lighthouse keeper counted ships every night, and every night the sea returned a different number. He wrote them in a ledger bound in oilcloth, one column for the ships he saw and one for the ships he only heard.';

const chaptersButton = (page: Page) => page.getByRole('button', { name: 'Chapters', exact: true });
const commentsButton = (page: Page) => page.getByRole('button', { name: /^Comments/ });
const chapterList = (page: Page) => page.getByRole('navigation', { name: 'Chapters' });
const commentsPanel = (page: Page) => page.getByRole('complementary', { name: /Comments/ });

/** The text column's width and how far its centre is from the window's. */
async function column(page: Page) {
  const box = (await chapterText(page).boundingBox())!;
  const middle = await page.evaluate(() => document.documentElement.clientWidth / 2);
  return { width: box.width, offCentre: Math.abs(box.x + box.width / 2 - middle) };
}

async function expectWideAndCentred(page: Page) {
  const { width, offCentre } = await column(page);
  expect(width).toBeGreaterThanOrEqual(600);
  expect(offCentre).toBeLessThanOrEqual(4);
}

test('on a laptop the text is a wide centred page whose side panels fold away and stay so', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.author, { viewport: LAPTOP });
  const title = `Layout ${Date.now()}`;
  await createManuscript(page, title);
  await typeAtEnd(page, PROSE);
  await page.getByRole('button', { name: 'Add chapter' }).click();
  await expect(chapterList(page).getByRole('link')).toHaveCount(2);
  await chapterList(page)
    .getByRole('link', { name: /Chapter 1/ })
    .click();
  await expect(chapterText(page)).toContainText('counted ships');

  // Both panels open: the page between them is wide and centred.
  await expect(chaptersButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(commentsButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(chapterList(page)).toBeVisible();
  await expect(commentsPanel(page)).toBeVisible();
  await expectWideAndCentred(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('writing-laptop.png') });

  // Fold both away: the page stays centred, and stays so after a reload.
  await chaptersButton(page).click();
  await expect(chaptersButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(chapterList(page)).toBeHidden();
  await commentsButton(page).click();
  await expect(commentsButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(commentsPanel(page)).toBeHidden();
  await expectWideAndCentred(page);
  await page.reload();
  await expect(chapterText(page)).toContainText('counted ships');
  await expect(chaptersButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(commentsButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(chapterList(page)).toBeHidden();
  await expect(commentsPanel(page)).toBeHidden();
  await expectWideAndCentred(page);
  await page.screenshot({ path: test.info().outputPath('writing-laptop-folded.png') });

  // Open them again, one at a time; that too is kept.
  await chaptersButton(page).click();
  await expect(chapterList(page)).toBeVisible();
  await expectWideAndCentred(page);
  await commentsButton(page).click();
  await expect(commentsPanel(page)).toBeVisible();
  await page.reload();
  await expect(chapterList(page)).toBeVisible();
  await expect(commentsPanel(page)).toBeVisible();
  await expectWideAndCentred(page);
});

test('on a phone the text starts on the first screen and the chapters are a drawer', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.author, { viewport: PHONE });
  await createManuscript(page, `Pocket ${Date.now()}`);
  await typeAtEnd(page, PROSE);
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  // As the page opens: the text's top is well within the first screen, below a few controls.
  await page.reload();
  await expect(chapterText(page)).toContainText('counted ships');
  const top = (await chapterText(page).boundingBox())!.y;
  expect(top).toBeLessThan(PHONE.height - 200);
  await expect(chapterList(page)).toBeHidden();
  // The formatting toolbar is one row that scrolls sideways to its last button.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
  const tops = await toolbar.getByRole('button').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
  expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
  const last = toolbar.getByRole('button').last();
  await last.scrollIntoViewIfNeeded();
  await expect(last).toBeInViewport({ ratio: 1 });
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('writing-phone.png') });

  // The drawer: focus starts on the open chapter; Escape closes it and gives focus back.
  await chaptersButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Chapters' });
  await expect(drawer).toBeVisible();
  await expect(chaptersButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(drawer.getByRole('link', { name: /Chapter 1/ })).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('writing-phone-drawer.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(chaptersButton(page)).toBeFocused();
  await expect(chaptersButton(page)).toHaveAttribute('aria-expanded', 'false');

  // Adding a chapter from the drawer opens it and closes the drawer; so does choosing one.
  await chaptersButton(page).click();
  await drawer.getByRole('button', { name: 'Add chapter' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Chapter 2', level: 2 })).toBeVisible();
  await chaptersButton(page).click();
  await drawer.getByRole('link', { name: /Chapter 1/ }).click();
  await expect(drawer).toBeHidden();
  await expect(chapterText(page)).toContainText('counted ships');

  // The comments follow the text; "Comments" jumps to them.
  await page.getByRole('link', { name: /^Comments/ }).click();
  await expect(commentsPanel(page)).toBeInViewport();
});

test('the owner archives, unarchives and deletes a manuscript; a co-author cannot', async ({ browser }) => {
  const { page } = await signedIn(browser, DEMO.author, { viewport: LAPTOP });
  const title = `Tidy ${Date.now()}`;
  await createManuscript(page, title);
  await invite(page, 'reader', 'editor');

  await page.goto('/editor');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: new RegExp(title) }) });
  await expect(row).toBeVisible();
  await expectAccessible(page);

  // Archive: out of the list, into "Archived".
  await row.getByRole('button', { name: `Archive “${title}”` }).click();
  await expect(row).toBeHidden();
  await page.getByRole('button', { name: /^Archived \(\d+\)$/ }).click();
  await expect(page.getByRole('heading', { name: 'Archived manuscripts' })).toBeVisible();
  await expect(row).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('manuscripts-archived.png') });

  // A co-author sees it archived too, without the owner's buttons.
  const reader = await signedIn(browser, DEMO.reader, { viewport: PHONE });
  await reader.page.goto('/editor');
  await reader.page.getByRole('button', { name: /^Archived \(\d+\)$/ }).click({ timeout: 15_000 });
  const shared = reader.page.getByRole('listitem').filter({ has: reader.page.getByRole('link', { name: new RegExp(title) }) });
  await expect(shared).toBeVisible();
  await expect(shared.getByRole('button')).toHaveCount(0);
  await reader.page.screenshot({ path: test.info().outputPath('manuscripts-phone.png'), fullPage: true });
  await reader.page.context().close();

  // Unarchive: back with the others, and the list shows them.
  await row.getByRole('button', { name: `Unarchive “${title}”` }).click();
  await expect(page.getByRole('heading', { name: 'Manuscripts', level: 2, exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: `Archive “${title}”` })).toBeVisible();

  // Delete asks first, naming the manuscript; Cancel keeps it.
  await row.getByRole('button', { name: `Delete “${title}”` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete manuscript?' });
  await expect(dialog).toContainText(`“${title}”`);
  await expect(dialog).toContainText('@reader');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('manuscripts-delete.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: `Delete “${title}”` }).click();
  await dialog.getByRole('button', { name: 'Delete manuscript' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Deleted “${title}”` })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Manuscripts', level: 2, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
});
