/**
 * Reading lists: written offline (network and sync stream both cut), kept across an offline
 * reload, replicated to a second device of the same account; keyboard reordering; others see
 * public lists read-only and never private ones.
 */
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, expectAccessible, signIn, test } from './fixtures';

async function newSignedInPage(context: BrowserContext, email: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Create a list through the UI and return its URL. */
async function createList(page: Page, name: string, visibility: 'Private' | 'Unlisted (link only)' | 'Public' = 'Private') {
  await page.goto('/lists/create');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Who can see it').selectOption({ label: visibility });
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url();
}

async function addBooks(page: Page, count: number): Promise<string[]> {
  await page.getByRole('button', { name: 'Add books' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add books' });
  const adds = dialog.getByRole('button', { name: /^Add / });
  await expect(adds.first()).toBeVisible();
  const available = await adds.count();
  for (let i = 0; i < count; i++) {
    await adds.first().click();
    await expect(adds).toHaveCount(available - i - 1);
  }
  await dialog.getByRole('button', { name: 'Done' }).click();
  const titles = page.getByRole('list', { name: 'Books in this list' }).getByRole('heading', { level: 3 });
  await expect(titles).toHaveCount(count);
  return titles.allTextContents();
}

test('a list created offline survives an offline reload and reaches another device', async ({ page, context, browser }) => {
  await signIn(page, DEMO.reader);
  await page.goto('/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Reading lists' })).toBeVisible();
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);

  // The second device, signed in and watching its lists before the first goes offline.
  const otherContext = await browser.newContext();
  const other = await newSignedInPage(otherContext, DEMO.reader);
  await other.goto('/lists');
  await expect(other.getByRole('heading', { level: 1, name: 'Reading lists' })).toBeVisible();

  // Offline, honestly: no network, no sync requests (the context's route sees the page's and the
  // service worker's alike; a second, page-level route raced it to the same request), and a
  // reload so the sync stream opened while online is gone too.
  await context.setOffline(true);
  const abort = (route: { abort(): Promise<void> }) => route.abort();
  await context.route('**/api/sync/**', abort);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Reading lists' })).toBeVisible();

  const name = `Offline picks ${Date.now().toString(36)}`;
  await page.getByRole('link', { name: 'New list' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create list' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goto('/lists');
  await expect(page.getByRole('list', { name: 'My lists' }).getByRole('heading', { name })).toBeVisible();
  await expect(other.getByRole('heading', { name })).toHaveCount(0);

  await context.unroute('**/api/sync/**', abort);
  await context.setOffline(false);
  await expect(other.getByRole('list', { name: 'My lists' }).getByRole('heading', { name })).toBeVisible({ timeout: 5_000 });
  await otherContext.close();
});

test('reorders books by keyboard and announces the move', async ({ page }) => {
  await signIn(page, DEMO.reader);
  await createList(page, `Keyboard order ${Date.now().toString(36)}`);
  const titles = await addBooks(page, 3);
  const books = page.getByRole('list', { name: 'Books in this list' }).getByRole('heading', { level: 3 });

  const handle = page.getByRole('button', { name: new RegExp(`^Reorder ${titles[0]}`) });
  await handle.focus();
  await page.keyboard.press('ArrowDown');
  await expect(books).toHaveText([titles[1]!, titles[0]!, titles[2]!]);
  await expect(page.getByText(`${titles[0]} moved to position 2 of 3.`)).toBeAttached();
  // Focus follows the book, so a second press keeps moving it.
  await page.keyboard.press('ArrowDown');
  await expect(books).toHaveText([titles[1]!, titles[2]!, titles[0]!]);

  await page.getByRole('button', { name: `Move up: ${titles[0]}` }).click();
  await expect(books).toHaveText([titles[1]!, titles[0]!, titles[2]!]);

  // Order and a note survive a reload (they live on the device). The note is written when the
  // field loses focus, and says so once the device's database has it.
  const note = page.getByLabel('Note').first();
  await note.fill('Start here');
  await note.blur();
  await expect(page.getByText('Note saved')).toBeVisible();
  await page.reload();
  await expect(books).toHaveText([titles[1]!, titles[0]!, titles[2]!]);
  await expect(note).toHaveValue('Start here');
  await expectAccessible(page);
  await page.goto('/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Reading lists' })).toBeVisible();
  await expectAccessible(page);
});

test('a public list is read-only to another reader; a private one is not found', async ({ page, browser }) => {
  await signIn(page, DEMO.author);
  const stamp = Date.now().toString(36);
  const publicUrl = await createList(page, `Shared shelf ${stamp}`, 'Public');
  await addBooks(page, 1);
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible();
  const privateUrl = await createList(page, `Secret shelf ${stamp}`);

  const readerContext = await browser.newContext();
  const reader = await newSignedInPage(readerContext, DEMO.reader);
  // The owner's device pushes in the background: the header badge says when the server has it all.
  await expect(page.locator('.sync-badge')).toHaveText('Synced');
  await reader.goto(publicUrl);
  await expect(reader.getByRole('heading', { level: 1, name: `Shared shelf ${stamp}` })).toBeVisible();
  await expect(reader.getByText('Read-only')).toBeVisible();
  await expect(reader.getByRole('list', { name: 'Books in this list' }).getByRole('listitem')).toHaveCount(1);
  await expect(reader.getByRole('button', { name: 'Add books' })).toHaveCount(0);
  await expect(reader.getByLabel('Note')).toHaveCount(0);
  await expectAccessible(reader);

  // The author's profile lists the public list, never the private one.
  await reader.getByRole('link', { name: 'Ada Author' }).click();
  await expect(reader.getByRole('heading', { level: 1, name: 'Ada Author' })).toBeVisible();
  const profileLists = reader.getByRole('list', { name: 'Public lists' });
  await expect(profileLists.getByRole('heading', { name: `Shared shelf ${stamp}` })).toBeVisible();
  await expect(profileLists.getByRole('heading', { name: `Secret shelf ${stamp}` })).toHaveCount(0);
  await expectAccessible(reader);

  await reader.goto(privateUrl);
  await expect(reader.getByRole('heading', { level: 1, name: 'List not found' })).toBeVisible();
  await expect(reader.getByText(`Secret shelf ${stamp}`)).toHaveCount(0);
  await readerContext.close();
});

test("a list's book cards open the book's store page; the card's own controls still work", async ({ page, browser }) => {
  await signIn(page, DEMO.author);
  const stamp = Date.now().toString(36);
  const url = await createList(page, `Card links ${stamp}`, 'Public');
  const titles = await addBooks(page, 2);
  const items = page.getByRole('list', { name: 'Books in this list' }).getByRole('listitem');
  const books = page.getByRole('list', { name: 'Books in this list' }).getByRole('heading', { level: 3 });

  // The controls sit above the stretched link: a click on them is theirs, not the link's.
  await page.getByRole('button', { name: `Move down: ${titles[0]}` }).click();
  await expect(books).toHaveText([titles[1]!, titles[0]!]);
  await page.getByLabel('Note').first().fill('Clicked, not followed');
  await expect(page).toHaveURL(url);
  await page.screenshot({ path: test.info().outputPath('list-cards-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('list-cards-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A click anywhere else on the card (here its cover) opens the book.
  // (Clicked as a point of the card: the link's overlay, not the cover, is what is hit there.)
  const card = (await items.first().boundingBox())!;
  const cover = (await items.first().locator('.list-item-cover').boundingBox())!;
  await items.first().click({ position: { x: cover.x - card.x + cover.width / 2, y: cover.y - card.y + cover.height / 2 } });
  await expect(page).toHaveURL(/\/book\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();

  await expect(page.locator('.sync-badge')).toHaveText('Synced');
  const readerContext = await browser.newContext();
  const reader = await newSignedInPage(readerContext, DEMO.reader);
  await reader.goto(url);
  await expect(reader.getByText('Read-only')).toBeVisible();
  await reader.getByRole('link', { name: titles[0] }).click();
  await expect(reader).toHaveURL(/\/book\/[^/]+$/);
  await expect(reader.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
  await readerContext.close();
});
