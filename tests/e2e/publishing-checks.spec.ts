/**
 * The automatic checks of a submission: an author writes a manuscript with one tiny chapter and a
 * link to a place that does not exist, submits it, and reads on /publishing/{id} which
 * checks failed and where; the reviewer sees the same on /admin/store/review/{id}. Both pages are
 * shot on a desktop and a 390 px phone, and pass axe.
 */
import { expect, type Page } from '@playwright/test';
import { chapterText, createManuscript } from './editor-helpers';
import { people } from './every-route';
import { appOrigin, expectAccessible, test } from './fixtures';

const letters = () => Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('h1')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1366, height: 850 });
}

/** The checks' card once every check has its verdict. */
async function checksDone(page: Page) {
  const list = page.locator('ul.edition-checks');
  await expect(list).toHaveAttribute('aria-busy', 'false');
  return list;
}

async function expectFailedChecks(page: Page) {
  const list = await checksDone(page);
  const chapters = list.locator('li[data-check="chapters"]');
  await expect(chapters.locator('.badge')).toHaveText('Failed');
  await expect(chapters).toContainText('1 chapter empty or under 100 words.');
  await expect(chapters).toContainText(/Chapter 1: Tiny: \d+ words, under 100\./);
  const links = list.locator('li[data-check="links"]');
  await expect(links.locator('.badge')).toHaveText('Failed');
  await expect(links).toContainText('link “the map”: It points to #the-map, which is no place in this chapter.');
  await expect(list.locator('li[data-check="fields"] .badge')).toHaveText('Passed');
  await expect(list.locator('li[data-check="isbn"] .badge')).toHaveText('Not run');
  await expect(list.locator('li[data-check="cover"] .badge')).toHaveText('Warning');
  // epubcheck is turned off on the e2e server: it says so, never "passed".
  await expect(list.locator('li[data-check="epubcheck"]')).toContainText('Not checked: epubcheck is turned off');
}

test('an author submits a book with a tiny chapter and a broken link; author and reviewer see the failed checks and where', async ({ browser }) => {
  // A manuscript typed in the editor, a submission, two people's pages on two screen sizes with
  // axe: a long journey, sized like publishing.spec.ts's.
  test.setTimeout(120_000);
  const who = people(browser, appOrigin(), {});
  const author = await who.page('author');
  const title = `Tide ${letters()}`;
  await createManuscript(author, title);
  const id = /\/editor\/([\w-]+)\//.exec(author.url())![1]!;

  await chapterText(author).click();
  await author.keyboard.type('The tide came in at dawn. See the map');
  // A link to a place in the book that nothing in it is called.
  for (let i = 0; i < 'the map'.length; i++) await author.keyboard.press('Shift+ArrowLeft');
  author.once('dialog', (dialog) => void dialog.accept('#the-map'));
  await author.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(chapterText(author).getByRole('link', { name: 'the map' })).toBeVisible();
  await chapterText(author).click();
  await author.keyboard.press('ControlOrMeta+End');
  await author.keyboard.type(' first.');
  await expect(author.getByTestId('chapter-sync')).toHaveText('Synced');

  await author.goto(`/publishing/${id}`);
  await expect(author.getByRole('heading', { level: 1 })).toHaveText(title);
  await author.getByLabel('Description').fill('A coast, a tide table and one missing map, told in a single morning.');
  await author.getByRole('checkbox', { name: 'Fantasy' }).check();
  await author.getByLabel('Price (USD)').fill('0');
  await author.getByRole('button', { name: 'Save details' }).click();
  await expect(author.getByText('Details saved.')).toBeVisible();
  await author.getByRole('button', { name: 'Submit for review' }).click();
  await expect(author.locator('.publishing-badges .badge').first()).toHaveText('Submitted');
  await expectFailedChecks(author);
  await shoot(author, 'publishing-checks-author');

  const admin = await who.page('admin');
  await admin.goto(`/admin/store/review/${id}`);
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectFailedChecks(admin);
  // These failures are the reviewer's to weigh: approval stays open, and nothing says it is blocked.
  await expect(admin.getByText('Blocks approval')).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Approve and publish' })).toBeEnabled();
  await shoot(admin, 'publishing-checks-reviewer');
  await who.close();
});
