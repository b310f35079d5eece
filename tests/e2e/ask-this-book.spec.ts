/**
 * "Ask this book": the demo reader asks a question of a book they own (a seeded book, picked by
 * id) and opens an answer at its place, with the matched words marked in the page; rates an
 * answer; then, with the book downloaded and the network gone, asks again and is answered from
 * the index built in the browser. The admin sees the question on /admin/rag-monitoring.
 */
import { expect, type Page } from '@playwright/test';
import { appOrigin, DEMO, expectAccessible, signIn, test } from './fixtures';

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

  test('a reader asks a question and opens a passage at its place', async ({ page }) => {
    await signIn(page, DEMO.reader);
    await page.goto(`/books/${BOOK_ID}`);
    await expect(page.locator('section.reader-chapter').first()).toBeVisible();
    // Start elsewhere in the book, so opening the answer is a move.
    await page.getByRole('button', { name: 'Contents' }).click();
    await page.getByRole('dialog', { name: 'Contents' }).getByRole('treeitem').last().click();
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
  });

  test('the admin sees the question, its answers and the feedback on /admin/rag-monitoring', async ({ page }) => {
    await signIn(page, DEMO.admin);
    // The admin may read every book, so may ask it too: a question of this test's own.
    const question = `Who judged the marmalade? ${Date.now()}`;
    const asked = await page.request.post(`/api/books/${BOOK_ID}/ask`, { headers: { origin: appOrigin() }, data: { question } });
    expect(asked.status()).toBe(200);
    const { queryId, answers } = (await asked.json()) as { queryId: string; answers: { passageId: string }[] };
    const rated = await page.request.put(`/api/ask/queries/${queryId}/feedback`, {
      headers: { origin: appOrigin() },
      data: { passageId: answers[0]!.passageId, helpful: true },
    });
    expect(rated.status()).toBe(200);
    await page.goto('/admin/rag-monitoring');
    await expect(page.getByRole('heading', { level: 1, name: 'Ask this book' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Latest questions' }).getByRole('row').filter({ hasText: question })).toContainText('1 helpful, 0 not');
    await expect(page.getByRole('table', { name: 'The index per book' }).getByRole('row').filter({ hasText: BOOK_TITLE })).toContainText('Fresh');
    await page.screenshot({ path: test.info().outputPath('rag-monitoring-desktop.png'), fullPage: true });
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('h1')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('rag-monitoring-phone.png') });
  });

  test('offline, a downloaded book answers from the index built in the browser', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.reader);
    await page.goto('/books');
    await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
    await page.getByRole('button', { name: `Download ${BOOK_TITLE}` }).click();
    await expect(page.getByRole('button', { name: `Remove download of ${BOOK_TITLE}` })).toBeVisible({ timeout: 30_000 });

    await context.route('**/api/sync/**', (route) => route.abort());
    await context.setOffline(true);
    const cold = await context.newPage();
    await cold.setViewportSize({ width: 390, height: 844 });
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
