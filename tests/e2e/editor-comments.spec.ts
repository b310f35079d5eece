/**
 * Comment threads, with each person in their own browser context: the owner invites a commenter
 * (and a viewer); the commenter selects words and comments (without being able to type into the
 * chapter); the owner sees the thread live and replies; the viewer reads without writing. Then,
 * each from a thread of its own: a reply written offline arrives once back online; the owner
 * edits the commented words away (the thread detaches) and resolves it, and its author deletes it.
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signedIn, test } from './fixtures';
import { chapterText, invite } from './editor-helpers';

/** Wide enough for the comments column beside the text. */
const WIDE = { width: 1400, height: 900 };

const LINE = 'The lighthouse keeper counted ships every night.';

const threads = (page: Page) => page.getByTestId('comment-thread');
const thread = (page: Page) => threads(page).filter({ hasText: 'counted ships' });

async function createManuscript(page: Page, title: string) {
  await page.goto('/editor');
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Create manuscript' }).click();
  await expect(page).toHaveURL(/\/editor\/[\w-]+\/[\w-]+$/);
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  await chapterText(page).click();
  await page.keyboard.type(LINE);
}

async function openShared(page: Page, title: string) {
  await page.goto('/editor');
  await page.getByRole('link', { name: new RegExp(title) }).click({ timeout: 15_000 });
  await expect(page.getByTestId('chapter-sync')).toHaveText('Synced');
  await expect(chapterText(page)).toHaveText(LINE);
}

/** Select `phrase` in the chapter as a person dragging over it would. */
async function select(page: Page, phrase: string) {
  await page.evaluate((words) => {
    const root = document.querySelector('[data-testid="chapter-text"]')!;
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = n.textContent!.indexOf(words);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + words.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      return;
    }
    throw new Error(`"${words}" is not in the chapter`);
  }, phrase);
}

/** How many comment ranges the editor paints (CSS Custom Highlight API). */
const painted = (page: Page) => page.evaluate(() => (CSS.highlights.get('quire-comment')?.size ?? 0) + (CSS.highlights.get('quire-comment-active')?.size ?? 0));

/** The commenter's first thread on LINE, as both see it: the owner's and the commenter's pages, on a manuscript of their own. */
async function startThread(browser: Browser, { viewer = false } = {}) {
  const owner = await signedIn(browser, DEMO.author, { viewport: WIDE });
  const commenter = await signedIn(browser, DEMO.reader, { viewport: WIDE });
  const viewing = viewer ? await signedIn(browser, DEMO.publisher, { viewport: WIDE }) : null;
  const title = `Comments ${Date.now().toString(36)}${test.info().parallelIndex}`;
  await createManuscript(owner.page, title);
  await invite(owner.page, 'reader', 'commenter');
  if (viewing) await invite(owner.page, 'publisher', 'viewer');
  await expect(owner.page.getByRole('complementary', { name: /Comments/ })).toContainText('No comments on this chapter yet.');
  // The viewer opens the chapter now too (in parallel) and follows it live.
  await Promise.all([openShared(commenter.page, title), viewing && openShared(viewing.page, title)]);

  // The commenter reads the chapter but cannot change it.
  await expect(chapterText(commenter.page)).not.toBeEditable();
  await chapterText(commenter.page).click();
  await commenter.page.keyboard.type('vandal');
  await expect(chapterText(commenter.page)).toHaveText(LINE);

  // Select words and comment on them.
  const commentButton = commenter.page.getByRole('button', { name: 'Comment', exact: true });
  await expect(commentButton).toBeDisabled();
  await select(commenter.page, 'counted ships');
  await commentButton.click();
  await commenter.page.getByLabel('Comment', { exact: true }).fill('Which ships? Name one.');
  await commenter.page.getByRole('button', { name: 'Add comment' }).click();
  await expect(thread(commenter.page)).toContainText('Which ships? Name one.');
  await expect(thread(commenter.page)).toContainText('@reader');
  await expect.poll(() => painted(commenter.page)).toBe(1);
  // The owner sees it live.
  await expect(thread(owner.page)).toContainText('Which ships? Name one.');
  return { owner, commenter, viewer: viewing };
}

test('a commenter comments on words; the owner sees the thread live and replies; a viewer reads', async ({ browser }) => {
  const { owner, commenter, viewer } = await startThread(browser, { viewer: true });

  // Painted over the words, counted in the chapter list, and not in the text.
  await expect.poll(() => painted(owner.page)).toBe(1);
  await expect(owner.page.getByTestId('chapter-open-comments')).toContainText('1');
  await expect(chapterText(owner.page)).toHaveText(LINE);

  // Clicking the highlighted words brings up their thread; the author can edit its text.
  await expect(thread(owner.page)).not.toHaveClass(/comment-thread-active/);
  const box = await owner.page.evaluate(() => {
    const range = [...CSS.highlights.get('quire-comment')!][0] as Range;
    const r = range.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await owner.page.mouse.click(box.x, box.y);
  await expect(thread(owner.page)).toHaveClass(/comment-thread-active/);
  await expect.poll(() => owner.page.evaluate(() => CSS.highlights.get('quire-comment-active')?.size)).toBe(1);
  await expect(thread(owner.page).getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await thread(commenter.page).getByRole('button', { name: 'Edit thread by reader' }).click();
  await thread(commenter.page).getByRole('textbox', { name: 'Edit comment' }).fill('Which ships? Name two.');
  await thread(commenter.page).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(thread(owner.page)).toContainText('Which ships? Name two.');
  await expect(thread(owner.page)).toContainText('(edited)');

  // The owner replies; the commenter sees it.
  await thread(owner.page).getByRole('textbox', { name: 'Reply' }).fill('The whalers from the north.');
  await thread(owner.page).getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread(commenter.page)).toContainText('The whalers from the north.');

  // The viewer, open since the start, reads every word of it but writes nothing.
  await expect(thread(viewer!.page)).toContainText('The whalers from the north.');
  await expect(thread(viewer!.page).getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
  await expect(viewer!.page.getByRole('button', { name: 'Comment', exact: true })).toHaveCount(0);
  await expect(viewer!.page.getByRole('button', { name: 'Resolve' })).toHaveCount(0);

  await expectAccessible(commenter.page);
  await commenter.page.screenshot({ path: test.info().outputPath('editor-comments.png') });
});

test('a reply written offline is kept on the device and arrives once back online', async ({ browser }) => {
  const { owner, commenter } = await startThread(browser);
  await commenter.context.setOffline(true);
  await commenter.page.evaluate(() => window.dispatchEvent(new Event('offline')));
  await expect(commenter.page.getByText('Offline: comments are kept on this device')).toBeVisible();
  await thread(commenter.page).getByRole('textbox', { name: 'Reply' }).fill('Written at sea, offline.');
  await thread(commenter.page).getByRole('button', { name: 'Reply', exact: true }).click();
  await expect(thread(commenter.page)).toContainText('Written at sea, offline.');
  await owner.page.waitForTimeout(1500);
  await expect(thread(owner.page)).not.toContainText('Written at sea, offline.');
  await commenter.context.setOffline(false);
  await commenter.page.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(thread(owner.page)).toContainText('Written at sea, offline.', { timeout: 20_000 });
});

test('rewritten words detach their thread; the owner resolves it and its author deletes it', async ({ browser }) => {
  const { owner, commenter } = await startThread(browser);

  // The owner rewrites the commented words: the thread detaches, keeping its quote.
  await select(owner.page, 'counted ships');
  await owner.page.keyboard.type('watched boats');
  await expect(chapterText(commenter.page)).toHaveText('The lighthouse keeper watched boats every night.');
  await expect(thread(commenter.page)).toContainText('Detached');
  await expect.poll(() => painted(commenter.page)).toBe(0);

  // The owner resolves it; it leaves both lists, and "Show resolved" brings it back. Each list
  // must say so: an empty list alone is also what a re-render shows before the threads are back.
  await thread(owner.page).getByRole('button', { name: 'Resolve' }).click();
  for (const page of [owner.page, commenter.page]) {
    await expect(page.getByText('Every thread here is resolved.')).toBeVisible();
    await expect(page.getByLabel('Show resolved (1)')).toBeVisible();
    await expect(threads(page)).toHaveCount(0);
  }
  await commenter.page.getByLabel('Show resolved (1)').check();
  await expect(thread(commenter.page)).toContainText('Resolved by @author');
  await expect(thread(commenter.page).getByRole('button', { name: 'Reopen' })).toBeVisible();

  // Its author deletes it.
  await thread(commenter.page).getByRole('button', { name: 'Delete thread by reader' }).click();
  await commenter.page.getByRole('group', { name: 'Delete this thread?' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(threads(commenter.page)).toHaveCount(0);
  await expect(owner.page.getByText('Every thread here is resolved.')).toHaveCount(0);
  await expect(owner.page.getByText('No comments on this chapter yet.')).toBeVisible();
});
