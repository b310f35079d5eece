/**
 * "Ask this book": the demo reader asks a question of a book they own (a seeded book, picked by
 * id) and opens an answer at its place, with the matched words marked in the page; rates an
 * answer; then, with the book downloaded and the network gone, asks again and is answered from
 * the index built in the browser. The admin sees the question on /admin/rag-monitoring.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, signedIn } from './fixtures';

const BOOK_ID = 'demo-murder-at-the-marmalade-fete';
const BOOK_TITLE = 'Murder at the Marmalade Fête';
const FIRST_CHAPTER = 'murder-at-the-marmalade-fete-1';
const QUESTION = 'What happened to jar number seven?';

const chapterShown = (page: Page) => page.locator('section.reader-chapter').first().getAttribute('data-chapter-id');

async function ask(page: Page, question: string) {
  await page.getByRole('button', { name: 'Ask', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Ask this book' });
  await drawer.getByLabel('Your question').fill(question);
  await drawer.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(drawer.getByRole('status')).toContainText('passage');
  return drawer;
}

test.describe('ask this book', () => {
  test.use({ viewport: { width: 1100, height: 800 } });

  test('a reader asks a question and opens a passage at its place', async ({ page, browser }) => {
    await signIn(page, DEMO.reader);
    await page.goto(`/books/${BOOK_ID}`);
    await expect(page.locator('section.reader-chapter').first()).toBeVisible();
    // Start elsewhere in the book, so opening the answer is a move.
    await page.getByRole('button', { name: 'Contents' }).click();
    await page.getByRole('dialog', { name: 'Contents' }).getByRole('button').last().click();
    await expect.poll(() => chapterShown(page)).not.toBe(FIRST_CHAPTER);

    const drawer = await ask(page, QUESTION);
    const first = drawer.getByRole('listitem').first();
    await expect(first.getByRole('link')).toContainText('The Judging Tent');
    await expect(
      first
        .locator('mark')
        .filter({ hasText: /^seven$/ })
        .first(),
    ).toBeVisible();
    await first.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect(first.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('ask-desktop.png') });

    await first.getByRole('link').click();
    await expect(drawer).toBeHidden();
    await expect.poll(() => chapterShown(page)).toBe(FIRST_CHAPTER);
    await expect(page.locator('mark.quire-hl-ask-word', { hasText: 'seven' }).first()).toBeInViewport();
    await expect(page.locator('mark.quire-hl-ask-passage').first()).toBeVisible();

    // The admin sees the question, its answers and the feedback.
    const admin = await signedIn(browser, DEMO.admin);
    await admin.page.goto('/admin/rag-monitoring');
    await expect(admin.page.getByRole('heading', { level: 1, name: 'Ask this book' })).toBeVisible();
    const log = admin.page.getByRole('table', { name: 'Latest questions' });
    await expect(log.getByRole('row').filter({ hasText: QUESTION }).first()).toContainText('👍 1');
    await expect(admin.page.getByRole('table', { name: 'The index per book' }).getByRole('row').filter({ hasText: BOOK_TITLE })).toContainText('Fresh');
    await admin.page.screenshot({ path: test.info().outputPath('rag-monitoring-desktop.png'), fullPage: true });
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await expect(admin.page.locator('h1')).toBeVisible();
    await admin.page.screenshot({ path: test.info().outputPath('rag-monitoring-phone.png'), fullPage: true });
    await expectAccessible(admin.page);
    await admin.context.close();
  });

  test('offline, a downloaded book answers from the index built in the browser', async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, DEMO.reader);
    await page.goto('/books');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.getByRole('button', { name: `Download ${BOOK_TITLE}` }).click();
    await expect(page.getByRole('button', { name: `Remove download of ${BOOK_TITLE}` })).toBeVisible({ timeout: 30_000 });

    await context.route('**/api/sync/**', (route) => route.abort());
    await context.setOffline(true);
    const cold = await context.newPage();
    await cold.goto(`/books/${BOOK_ID}`);
    await expect(cold.locator('section.reader-chapter').first()).toBeVisible();
    const drawer = await ask(cold, QUESTION);
    await expect(drawer.getByRole('status')).toContainText('(offline)');
    const first = drawer.getByRole('listitem').first();
    await expect(first.getByRole('link')).toContainText('The Judging Tent');
    await expect(
      first
        .locator('mark')
        .filter({ hasText: /^seven$/ })
        .first(),
    ).toBeVisible();
    // Feedback needs the server's logged query: offline answers have none to rate.
    await expect(first.getByRole('button', { name: 'Helpful', exact: true })).toHaveCount(0);
    await cold.screenshot({ path: test.info().outputPath('ask-offline-phone.png') });
    await expectAccessible(cold);
    await first.getByRole('link').click();
    await expect.poll(() => chapterShown(cold)).toBe(FIRST_CHAPTER);
    await expect(cold.locator('mark.quire-hl-ask-word', { hasText: 'seven' }).first()).toBeInViewport();
    await context.setOffline(false);
  });
});
