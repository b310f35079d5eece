/**
 * Messages between two people in two browser contexts: live delivery through the sync stream,
 * and a message written offline that waits as "Pending" and is delivered on reconnect.
 * The approval notification (notifyUser → replicated notification → bell) is covered by
 * account-journey.spec.ts ("Notifications, 1 unread").
 */
import { expect, type Page } from '@playwright/test';
import { adminPage, DEMO, expectAccessible, freshAccount, signedIn, test } from './fixtures';

/** Open (or start) the conversation with `username` through "New message": type, then pick it. */
async function openConversation(page: Page, username: string, name: string) {
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New message' }).click();
  await page.getByRole('combobox', { name: 'To' }).fill(username);
  await page.getByRole('option', { name: new RegExp(`@${username}$`) }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

function bubble(page: Page, text: string) {
  return page
    .getByRole('list', { name: /^Messages with/ })
    .getByRole('listitem')
    .filter({ hasText: text });
}

test('a message reaches the other person live, and opening it clears the unread mark', async ({ browser }) => {
  const a = await signedIn(browser, DEMO.reader);
  const b = await signedIn(browser, DEMO.author);
  await b.page.goto('/messages');
  await expect(b.page.getByRole('status').filter({ hasText: 'Synced' })).toBeVisible();

  await openConversation(a.page, 'author', 'Ada Author');
  await expectAccessible(a.page);
  const text = `Hello Ada, live ${Date.now()}`;
  await a.page.getByRole('textbox', { name: 'Message' }).fill(text);
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(bubble(a.page, text)).toBeVisible();

  // No reload on B's side: the stream wakes B's device, which pulls the message.
  await expect(b.page.getByRole('link', { name: /Rosa Reader/ }).filter({ hasText: text })).toBeVisible({ timeout: 2_000 });
  await expect(b.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /Messages \d+ unread/ })).toBeVisible();
  await expectAccessible(b.page);

  await b.page.getByRole('link', { name: /Rosa Reader/ }).click();
  await expect(bubble(b.page, text)).toBeVisible();
  // Opening the thread clears B's unread mark for it (the server test covers that only B may).
  await expect(b.page.getByRole('link', { name: /Rosa Reader/ }).filter({ hasText: text })).not.toContainText('unread');

  await a.context.close();
  await b.context.close();
});

test('a message written offline is pending, then delivered on reconnect', async ({ browser }) => {
  // Another pair than the live test's: journeys run in parallel, and a newer message in the same
  // conversation would change what the other test sees in its list.
  const a = await signedIn(browser, DEMO.publisher);
  const b = await signedIn(browser, DEMO.admin);
  await openConversation(a.page, 'admin', 'Alex Admin');
  await expect(a.page.getByRole('status').filter({ hasText: 'Synced' })).toBeVisible();

  // setOffline does not cut an open stream, so the sync requests are cut as well.
  await a.context.setOffline(true);
  await a.page.route('**/api/sync/**', (r) => r.abort());
  const text = `Written offline ${Date.now()}`;
  await a.page.getByRole('textbox', { name: 'Message' }).fill(text);
  await a.page.getByRole('button', { name: 'Send' }).click();
  await expect(bubble(a.page, text)).toContainText('Pending');

  await b.page.goto('/messages');
  await expect(b.page.getByRole('status').filter({ hasText: 'Synced' })).toBeVisible();
  await expect(b.page.getByText(text)).toHaveCount(0);

  await a.page.unroute('**/api/sync/**');
  await a.context.setOffline(false);
  await expect(bubble(a.page, text)).not.toContainText('Pending');
  await expect(b.page.getByRole('link', { name: /Pia Publisher/ }).filter({ hasText: text })).toBeVisible();

  await a.context.close();
  await b.context.close();
});

test('New message finds a person by part of their name; the keyboard picks them', async ({ browser }) => {
  const a = await signedIn(browser, DEMO.reader);
  const page = a.page;
  await page.goto('/messages');
  await page.getByRole('button', { name: 'New message' }).click();
  const to = page.getByRole('combobox', { name: 'To' });
  await expect(to).toBeFocused();
  await expect(page.getByText('Type part of a name or username.')).toBeVisible();
  await expectAccessible(page);

  await to.fill('zzqx-nobody');
  await expect(page.getByRole('status').filter({ hasText: 'No one matches “zzqx-nobody”.' })).toBeVisible();

  await to.fill('ada au');
  const people = page.getByRole('listbox', { name: 'People' });
  await expect(people.getByRole('option', { name: /Ada Author\s*@author/ })).toBeVisible();
  await expect(to).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('new-message-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('new-message-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Escape closes the list; ArrowDown opens it again on the first person; Enter picks them.
  await to.press('Escape');
  await expect(people).toBeHidden();
  await to.press('ArrowDown');
  await expect(people.getByRole('option', { name: /Ada Author/ })).toHaveAttribute('aria-selected', 'true');
  await expect(to).toHaveAttribute('aria-activedescendant', /.+/);
  await to.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Ada Author' })).toBeVisible();

  const text = `Found by name ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(bubble(page, text)).toBeVisible();
  await expect(bubble(page, text)).not.toContainText('Pending');
  await a.context.close();
});

test("a profile's Message button opens the conversation with that person", async ({ browser }) => {
  const a = await signedIn(browser, DEMO.reader);
  const page = a.page;
  await page.goto('/user/author');
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Author' })).toBeVisible();
  // An author: the author page's Follow button, here too.
  await expect(page.getByRole('button', { name: /^(Follow|Following)$/ })).toHaveAttribute('aria-pressed', /true|false/);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('profile-desktop.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('profile-phone.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(/\/messages\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ada Author' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // A reader (no books in the store) gets Message only; one's own profile offers neither.
  await page.goto('/user/publisher');
  await expect(page.getByRole('link', { name: 'Message', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Follow|Following)$/ })).toHaveCount(0);
  await page.goto('/user/reader');
  await expect(page.getByText('This is your profile.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveCount(0);
  await a.context.close();

  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  await anonymous.goto('/user/author');
  await expect(anonymous.getByRole('link', { name: 'Sign in to message or follow' })).toHaveAttribute('href', '/auth?next=%2Fuser%2Fauthor');
  await visitor.close();
});

test('New message finds any word of a name, accents or not', async ({ browser }) => {
  const admin = await adminPage(browser);
  const someone = await browser.newContext();
  // A name no other journey uses, whose later words carry accents.
  const tag = Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
  const name = `Zoe Zélie-Ülker${tag}`;
  await freshAccount(await someone.newPage(), admin, name);

  const a = await signedIn(browser, DEMO.reader);
  await a.page.goto('/messages');
  await a.page.getByRole('button', { name: 'New message' }).click();
  const to = a.page.getByRole('combobox', { name: 'To' });
  const people = a.page.getByRole('listbox', { name: 'People' });
  for (const typed of [`ulker${tag}`, `ÜLKER${tag.slice(0, 3)}`, `zelie ulker${tag}`]) {
    await to.fill(typed);
    await expect(people.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  }
  await to.fill(`zoe zoe ulker${tag}`);
  await expect(a.page.getByRole('status').filter({ hasText: `No one matches “zoe zoe ulker${tag}”.` })).toBeVisible();
  await someone.close();
  await a.context.close();
  await admin.context().close();
});
