/**
 * Buying with the built-in test provider: a visitor finds a book and reads its sample, signs in,
 * puts it in the cart, pays with the test card, reads it, downloads it and keeps reading offline;
 * a declined card leaves the cart as it was; a refund takes the book out of the library.
 * Each test buys as its own account, since a cart is shared by an account's devices.
 */
import { expect } from '@playwright/test';
import { DEMO, adminPage, expectAccessible, signIn, appOrigin, test } from './fixtures';

test('a visitor samples a book, signs in, buys it from the cart, reads it and keeps reading offline', async ({ page, context }) => {
  await page.goto('/store');
  await page.getByRole('combobox', { name: 'Search the store' }).fill('night ferry');
  await page.getByRole('option', { name: /The Night Ferry/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'The Night Ferry' })).toBeVisible();
  await page.getByRole('link', { name: 'Read a sample' }).click();
  await expect(page.getByRole('article', { name: 'Sample of The Night Ferry' })).toContainText('Nick Farrow picked up the wrong briefcase');
  await page.getByRole('link', { name: 'The Night Ferry' }).click();
  await page.getByRole('link', { name: 'Sign in to buy' }).click();
  await page.getByLabel('Email').fill(DEMO.reader);
  await page.getByLabel('Password', { exact: true }).fill('quire-demo-pass');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/book\/demo-the-night-ferry$/);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('link', { name: /In your cart/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Books to buy' });
  await expect(items.getByRole('listitem')).toHaveCount(1);
  await expect(items).toContainText('The Night Ferry');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page.getByText('TEST MODE')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Order Q-/ })).toContainText('$8.99');
  await expectAccessible(page);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: /Thank you/ })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Read now' }).click();
  await expect(page.locator('section.reader-chapter').first()).toContainText('Nick Farrow');

  // The cart emptied itself; the receipt lists the order.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await page.goto('/my-purchases');
  await page
    .getByRole('link', { name: /^Receipt for order Q-/ })
    .first()
    .click();
  await expect(page.getByRole('article', { name: /^Receipt for order Q-/ })).toContainText('The Night Ferry');
  await expectAccessible(page);

  // Downloaded, it opens with no network at all.
  await page.goto('/books');
  await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state);
  await page.getByRole('button', { name: 'Download The Night Ferry' }).click();
  await expect(page.getByText(/Available offline ·/).first()).toBeVisible({ timeout: 30_000 });
  await context.route('**/api/sync/**', (route) => route.abort());
  await context.setOffline(true);
  const cold = await context.newPage();
  await cold.goto('/books/demo-the-night-ferry');
  await expect(cold.locator('section.reader-chapter').first()).toContainText('Nick Farrow');
  await context.setOffline(false);
});

test('a declined card leaves the cart as it was, with the bank’s reason', async ({ page }) => {
  await signIn(page, DEMO.publisher);
  await page.goto('/book/demo-orbit-of-the-quiet-moon');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.goto('/checkout');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText(/declined/i)).toBeVisible();
  await page.getByRole('link', { name: 'Back to your cart' }).click();
  await expect(page.getByRole('list', { name: 'Books to buy' })).toContainText('Orbit of the Quiet Moon');
  await page.goto('/book/demo-orbit-of-the-quiet-moon');
  await expect(page.getByRole('link', { name: 'Buy now' })).toBeVisible();
});

test('a refund takes the book out of the buyer’s library', async ({ page, browser }) => {
  await signIn(page, DEMO.author);
  await page.goto('/book/demo-salt-and-iron');
  await page.getByRole('link', { name: 'Buy now' }).click();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Thank you/ })).toBeVisible();
  const orderId = new URL(page.url()).searchParams.get('order')!;
  await page.goto('/books');
  await expect(page.getByRole('heading', { level: 2, name: 'Salt and Iron' })).toBeVisible();

  const admin = await adminPage(browser);
  const origin = appOrigin();
  const refund = await admin.request.post(`/api/admin/orders/${orderId}/refund`, { headers: { origin }, data: {} });
  expect(refund.status()).toBe(200);
  await admin.context().close();

  // The open library hears of it (a replicated notice) and drops the book.
  await expect(page.getByRole('heading', { level: 2, name: 'Salt and Iron' })).toHaveCount(0);
  await page.goto('/my-purchases');
  await expect(page.getByText('Refunded').first()).toBeVisible();
});
