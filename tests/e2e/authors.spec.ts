/**
 * Authors: a reader finds an author in /authors (search as you type, the query in the URL, the
 * no-result state), opens the author page, follows (kept after a reload and on a second device),
 * is told when the author publishes a new book and finds it on home under "New from authors you
 * follow", then unfollows. The reader signs up fresh, so no other journey sees these follows.
 * Author pages seen once open offline (the service worker keeps them).
 */
import { expect, type Page } from '@playwright/test';
import { adminPage, expectAccessible, mailedLink, uniqueEmail, appOrigin, test } from './fixtures';

const PASSWORD = 'a long and unusual passphrase 7';
const ADA = '/author/demo-author';

/** A reader no other journey touches: signed up, confirmed through the outbox, signed in (through the API: the forms have journeys of their own). */
async function freshReader(page: Page, admin: Page): Promise<string> {
  const email = uniqueEmail('follower');
  const origin = appOrigin();
  const signedUp = await page.request.post('/api/auth/sign-up', {
    headers: { origin },
    data: { email, username: `f${Date.now().toString(36)}${test.info().parallelIndex}`, displayName: 'Fern Follower', password: PASSWORD },
  });
  expect(signedUp.status()).toBe(202);
  await page.goto(await mailedLink(admin, email, /confirm/i));
  await expect(page.getByText('Your e-mail is confirmed. Sign in to continue.')).toBeVisible();
  await signInByApi(page, email);
  return email;
}

/** Signs in the page's browser context (the page must be on a Quire page, for the origin). */
async function signInByApi(page: Page, email: string) {
  const origin = appOrigin();
  const signedIn = await page.request.post('/api/auth/sign-in', { headers: { origin }, data: { email, password: PASSWORD } });
  expect(signedIn.status()).toBe(200);
}

/** The follow toggle once the local database is open (it is disabled until then). */
async function followButton(page: Page) {
  const button = page.getByRole('button', { name: /^(Follow|Following)$/ });
  await expect(button).toBeEnabled();
  return button;
}

test('a reader finds an author, follows, hears of a new book, sees it on home, unfollows', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The admin reads the confirmation mail, and later publishes a book for Ada (a dev tool).
  const admin = await adminPage(browser);
  const email = await freshReader(page, admin);

  // The directory: search as you type, the query in the URL, a clear no-result state.
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Authors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Authors' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Authors' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);
  const search = page.getByRole('searchbox', { name: 'Search authors by name' });
  await search.fill('zzqx');
  await expect(page.getByRole('heading', { name: 'No authors match “zzqx”' })).toBeVisible();
  await expect(page).toHaveURL(/\/authors\?q=zzqx$/);
  await search.fill('ada au');
  await expect(page).toHaveURL(/\/authors\?q=ada(\+|%20)au$/);
  const results = page.getByRole('list', { name: 'Authors' });
  await expect(results.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /author/ })).toHaveText('1 author');
  await results.getByRole('link', { name: 'Ada Author' }).click();

  // The author page: bio, books, the newsletter sign-up (tests/e2e/newsletter.spec.ts uses it).
  await expect(page).toHaveURL(new RegExp(`${ADA}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Author' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'About' })).toContainText('writes about writing');
  await expect(page.getByRole('region', { name: 'Books' }).getByRole('article', { name: /The Patient Draft/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Newsletter' })).toContainText("Get Ada Author's news by e-mail.");
  await expect(page.getByRole('region', { name: 'Newsletter' }).getByRole('button', { name: 'Subscribe' })).toBeEnabled();

  // Follow; it holds after a reload and shows on another device of the same account.
  const follow = await followButton(page);
  await expect(follow).toHaveAttribute('aria-pressed', 'false');
  await follow.click();
  await expect(page.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page);
  await page.reload();
  await expect(await followButton(page)).toHaveAttribute('aria-pressed', 'true');
  const otherDevice = await (await browser.newContext()).newPage();
  await otherDevice.goto('/auth');
  await signInByApi(otherDevice, email);
  await otherDevice.goto(ADA);
  await expect(otherDevice.getByRole('button', { name: 'Following', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await otherDevice.context().close();

  // Ada publishes a new book: her follower is notified and finds it on home.
  const title = `Notes from the Night Ferry ${Date.now().toString(36)}`;
  const published = await admin.request.post('/api/dev/books', {
    headers: { origin: appOrigin() },
    data: { authorId: 'demo-author', title },
  });
  expect(published.status()).toBe(201);
  await admin.context().close();
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('link', { name: new RegExp(`New from Ada Author: “${title}”`) })).toBeVisible();
  await page.goto('/');
  const shelf = page.getByRole('region', { name: 'New from authors you follow' });
  await expect(shelf.getByRole('article', { name: new RegExp(title) })).toBeVisible();
  await expectAccessible(page);

  // Unfollow: it holds after a reload, and the shelf is gone.
  await page.goto(ADA);
  await (await followButton(page)).click();
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(await followButton(page)).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => ((await (await page.request.get('/api/authors/following/new-books')).json()) as { books: unknown[] }).books.length).toBe(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: 'Featured' })).toBeVisible();
  await expect(shelf).toHaveCount(0);

  // "Message" opens the conversation with the author.
  await page.goto(ADA);
  await page.getByRole('link', { name: 'Message', exact: true }).click();
  await expect(page).toHaveURL(/\/messages\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Ada Author' })).toBeVisible();
  await expect(page.getByText('Say hello to Ada Author.')).toBeVisible();
});

test('author pages seen before open offline, marked as possibly out of date', async ({ page, context }) => {
  await page.goto('/authors');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.reload(); // now through the service worker, which keeps what it serves
  await expect(page.getByRole('list', { name: 'Authors' }).getByRole('link', { name: 'Élodie Garnier' })).toBeVisible();
  await page.goto('/author/demo-author-elodie-garnier');
  await expect(page.getByRole('heading', { level: 1, name: 'Élodie Garnier' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/authors');
  await expect(page.getByRole('list', { name: 'Authors' }).getByRole('link', { name: 'Élodie Garnier' })).toBeVisible();
  await expect(page.getByText('this is the directory as you last saw it')).toBeVisible();
  await page.goto('/author/demo-author-elodie-garnier');
  await expect(page.getByRole('region', { name: 'Books' }).getByRole('article', { name: /La Maison des abeilles/ })).toBeVisible();
  await expect(page.getByText("You're offline: this page may be out of date.")).toBeVisible();
  await context.setOffline(false);
});

test('a visitor is asked to sign in to follow, and an unknown author is not found', async ({ page }) => {
  await page.goto(ADA);
  await expect(page.getByRole('heading', { level: 1, name: 'Ada Author' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to follow' })).toHaveAttribute('href', `/auth?next=${encodeURIComponent(ADA)}`);
  await expect(page.getByRole('button', { name: 'Follow', exact: true })).toHaveCount(0);
  await page.goto('/author/no-such-author');
  await expect(page.getByRole('heading', { level: 1, name: 'No such author' })).toBeVisible();
  await expectAccessible(page);
});
