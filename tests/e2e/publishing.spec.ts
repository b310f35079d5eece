/**
 * From a manuscript to the store: the author fills in the book's details (a field error first)
 * and submits; an admin asks for changes; the author reads the feedback, fixes and resubmits; the
 * admin approves; the book is found in /store search. The manuscript is the author's own, made for
 * this journey, and its title is a word nobody else uses, so the search finds this book alone.
 */
import { expect, type Page } from '@playwright/test';
import { RouteData, people } from './every-route';
import { appOrigin, expectAccessible, test } from './fixtures';

const letters = () => Array.from({ length: 7 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

async function badge(page: Page, text: string) {
  await expect(page.locator('.publishing-badges .badge').first()).toHaveText(text);
}

test('an author submits a manuscript, an admin requests changes, then approves it into the store', async ({ browser }) => {
  // Three people, a manuscript typed in the editor, two reviews and a store search: a long journey.
  test.setTimeout(120_000);
  const who = people(browser, appOrigin(), {});
  const data = new RouteData((account) => who.page(account), appOrigin());
  const { id } = await data.manuscript();
  const word = `Lumen${letters()}`;
  const title = `The ${word} Keeper`;

  // The author: the manuscript is listed as a draft; its details, with one mistake first.
  const author = await who.page('author');
  await author.goto('/publishing');
  await expect(author.getByRole('heading', { level: 1, name: 'Publishing' })).toBeVisible();
  await author.locator(`a[href="/publishing/${id}"]`).click();
  await expect(author.getByRole('heading', { level: 1 })).toHaveText('The Lantern Keeper');
  await badge(author, 'Draft');
  await expect(author.getByRole('button', { name: 'Submit for review' })).toBeDisabled();

  await author.getByLabel('Title', { exact: true }).fill(title);
  await author.getByLabel('Description').fill('Too short.');
  await author.getByRole('button', { name: 'Save details' }).click();
  await expect(author.getByText('Describe the book in at least 20 characters: readers see this first.')).toBeVisible();
  await expect(author.getByText('Pick at least one genre.')).toBeVisible();
  await expect(author.getByText('Enter a price (0 makes the book free).')).toBeVisible();

  await author.getByLabel('Description').fill('A lighthouse keeper, a storm that will not end, and a promise kept for forty years.');
  await author.getByRole('checkbox', { name: 'Fantasy' }).check();
  await author.getByLabel('Keywords').fill('lighthouse, storm, sea');
  await author.getByLabel('Price (USD)').fill('0');
  await author.getByRole('button', { name: 'Save details' }).click();
  await expect(author.getByText('Details saved.')).toBeVisible();
  await expect(author.getByRole('heading', { level: 1 })).toHaveText(title);
  await expectAccessible(author);
  await author.getByRole('button', { name: 'Submit for review' }).click();
  await badge(author, 'Submitted');
  await expect(author.getByText(/Edition 1 is with the reviewers/)).toBeVisible();

  // The admin: the book waits in the queue; changes need a reason.
  const admin = await who.page('admin');
  await admin.goto('/admin/store/review');
  await expect(admin.getByRole('heading', { level: 1, name: 'Review queue' })).toBeVisible();
  await admin.getByRole('link', { name: title }).click();
  await expect(admin.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(admin.getByRole('link', { name: 'Read edition 1 in the reader' })).toBeVisible();
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Request changes' }).click();
  await expect(admin.getByText('Tell the author why.')).toBeVisible();
  await admin.getByLabel('Comment for the author').fill('Please add a subtitle for the store.');
  await admin.getByRole('button', { name: 'Request changes' }).click();
  await badge(admin, 'Changes requested');

  // The author reads the feedback, fixes the details and submits again.
  await author.reload();
  await badge(author, 'Changes requested');
  await expect(author.getByText('Please add a subtitle for the store.')).toBeVisible();
  await author.getByLabel('Subtitle').fill('A novel of the northern coast');
  await author.getByRole('button', { name: 'Save details' }).click();
  await expect(author.getByText('Details saved.').first()).toBeVisible();
  await author.getByLabel('Note for the reviewer (optional)').fill('Subtitle added.');
  await author.getByRole('button', { name: 'Submit for review' }).click();
  await badge(author, 'Submitted');

  // The admin reads edition 2 in the reader, then approves it.
  await admin.goto(`/admin/store/review/${id}`);
  await expect(admin.getByText('Subtitle added.')).toBeVisible();
  await admin.getByRole('link', { name: 'Read edition 2 in the reader' }).click();
  await expect(admin.locator('section.reader-chapter').first()).toContainText('The lamp at Gull Point');
  await admin.goBack();
  await admin.getByRole('button', { name: 'Approve and publish' }).click();
  await badge(admin, 'Published');

  await author.reload();
  await badge(author, 'Published');
  await expect(author.getByText(/Edition 2 is in the store/)).toBeVisible();
  // Once published, the author sees the book's sales and readers, none yet.
  const figures = author.locator('section.card', { has: author.getByRole('heading', { name: 'Sales and reads' }) });
  await expect(figures).toContainText('No sales yet');
  await expect(figures).toContainText('No readers yet');
  await author.screenshot({ path: test.info().outputPath('publication-published.png'), fullPage: true });

  // Anyone finds it in the store (a fresh context: no store answers kept by a service worker).
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/store');
  const box = visitor.getByRole('combobox', { name: 'Search the store' });
  await box.fill(word.toLowerCase());
  await box.press('Enter');
  await expect(visitor).toHaveURL(new RegExp(`/store\\?q=${word.toLowerCase()}$`));
  await expect(visitor.getByRole('status').filter({ hasText: '1 book' })).toBeVisible();
  await expect(visitor.getByRole('article', { name: new RegExp(title) })).toBeVisible();
  await visitor.context().close();
  await who.close();
});

test('a reader has no publishing page', async ({ browser }) => {
  const who = people(browser, appOrigin(), {});
  const reader = await who.page('reader');
  await reader.goto('/publishing');
  await expect(reader.getByText("You don't have access")).toBeVisible();
  await who.close();
});
