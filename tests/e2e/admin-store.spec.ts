/**
 * The admin's store tools and order pages: featuring a book puts it on /store, unlisting one takes
 * it out of the store, the audit log names a book and links to it, a discount on a wishlisted book notifies the reader, and an order is
 * refunded from its page. Each journey uses demo books no other journey relies on, puts back what
 * it changes in the shared store, and looks at /store from a fresh browser context (the service
 * worker keeps store pages a context has seen).
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '../../sync/replication/protocol-version';
import { DEMO, adminPage, expectAccessible, freshAccount, signIn, appOrigin, test } from './fixtures';

async function visitor(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('an admin features a book and it shows on /store', async ({ browser }) => {
  const admin = await adminPage(browser);
  await admin.goto('/admin/store');
  await expect(admin.getByRole('heading', { level: 1, name: 'Store' })).toBeVisible();
  const featured = admin.getByRole('list', { name: 'Featured books' });
  await expect(featured).toBeVisible();
  await expectAccessible(admin);

  await admin.getByLabel('Feature a book').fill('clockmaker');
  await admin.getByRole('button', { name: 'Add The Clockmaker’s Apprentice' }).click();
  await expect(featured.getByRole('listitem').last()).toContainText('The Clockmaker’s Apprentice');

  const page = await visitor(browser);
  await page.goto('/store');
  const shelf = page.getByRole('region', { name: 'Featured' });
  await expect(shelf.getByRole('article', { name: /The Clockmaker’s Apprentice/ })).toBeVisible();

  // Moved up one place, then taken off again: the shelf is as it was.
  await admin.getByRole('button', { name: 'Move The Clockmaker’s Apprentice up' }).click();
  await expect(featured.getByRole('listitem').last()).not.toContainText('The Clockmaker’s Apprentice');
  await admin.getByRole('button', { name: 'Remove The Clockmaker’s Apprentice from Featured books' }).click();
  await expect(featured).not.toContainText('The Clockmaker’s Apprentice');
  await page.context().close();
  await admin.context().close();
});

test('an admin unlists a book and it vanishes from the store; listed again, it is back', async ({ browser }) => {
  const before = await visitor(browser);
  await before.goto('/store?q=ashdown');
  await expect(before.getByRole('article', { name: /The Ghost of Ashdown Hall/ })).toBeVisible();
  await before.context().close();

  const admin = await adminPage(browser);
  await admin.goto('/admin/store/books');
  await admin.getByLabel('Search titles').fill('ashdown');
  await expect(admin.getByRole('row')).toHaveCount(2); // header + the book
  await expectAccessible(admin);
  await admin.getByRole('button', { name: 'Unlist The Ghost of Ashdown Hall' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Unlist' }).click();
  await expect(admin.getByText('“The Ghost of Ashdown Hall” is unlisted.')).toBeVisible();
  await expect(admin.getByRole('row', { name: /The Ghost of Ashdown Hall/ })).toContainText('Unlisted');

  const after = await visitor(browser);
  await after.goto('/store?q=ashdown');
  await expect(after.getByRole('heading', { name: 'No books match' })).toBeVisible();
  await after.goto('/book/demo-the-ghost-of-ashdown-hall');
  await expect(after.getByText('This book is not in the store.')).toBeVisible();
  await after.context().close();

  await admin.getByRole('button', { name: 'List again: The Ghost of Ashdown Hall' }).click();
  await expect(admin.getByRole('row', { name: /The Ghost of Ashdown Hall/ })).toContainText('Listed');
  await admin.context().close();
});

test('the audit log names a book by its title and links to it', async ({ browser }) => {
  const admin = await adminPage(browser);
  const book = 'demo-small-weathers';
  // The price saved again as it is: an audited action that changes nothing other journeys see.
  const found = await admin.request.get('/api/admin/store/books?q=small%20weathers');
  const { items } = (await found.json()) as {
    items: { id: string; priceCents: number; discount: { priceCents: number; startsAt: number; endsAt: number } | null }[];
  };
  const row = items.find((b) => b.id === book)!;
  const saved = await admin.request.put(`/api/admin/store/books/${book}/price`, {
    headers: { origin: appOrigin() },
    data: {
      priceCents: row.priceCents,
      discountPriceCents: row.discount?.priceCents ?? null,
      discountStartsAt: row.discount?.startsAt ?? null,
      discountEndsAt: row.discount?.endsAt ?? null,
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await admin.goto(`/admin/audit?target=${book}`);
  const named = admin.getByRole('link', { name: /^Book “Small Weathers”$/i }).first();
  await expect(named).toHaveAttribute('title', `book ${book}`);
  await expect(admin.getByRole('table', { name: 'Audit log' })).not.toContainText(`book ${book}`);
  await expectAccessible(admin);
  await named.click();
  await expect(admin).toHaveURL(/\/admin\/store\/books\?q=/);
  await expect(admin.getByRole('row', { name: /Small Weathers/i })).toBeVisible();
  await admin.context().close();
});

test('a discount on a wishlisted book notifies the reader', async ({ page, browser }) => {
  const admin = await adminPage(browser);
  await freshAccount(page, admin, 'Wes Wisher');
  await page.goto('/book/demo-the-mapmakers-war');
  await page.getByRole('button', { name: 'Add to wishlist: The Mapmaker’s War' }).click();
  await expect(page.getByRole('button', { name: 'In wishlist: The Mapmaker’s War' })).toBeVisible();
  // The wish is on the device at once; the server learns it when the device pushes.
  const origin = appOrigin();
  await expect
    .poll(async () => {
      const res = await page.request.post('/api/sync/wishlist/pull', {
        headers: { origin, [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
        data: { checkpoint: null, limit: 100 },
      });
      return ((await res.json()) as { documents: { bookId: string }[] }).documents.map((d) => d.bookId);
    })
    .toContain('demo-the-mapmakers-war');

  await admin.goto('/admin/store/books?q=mapmaker');
  await admin.getByRole('button', { name: 'Edit price: The Mapmaker’s War' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Price of “The Mapmaker’s War”' });
  await dialog.getByLabel('Discount', { exact: true }).check();
  const sale = dialog.getByLabel('Discount price (USD)');
  await sale.fill('12.99');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(sale).toHaveAccessibleDescription('The discount price must be lower than the price.');
  await sale.fill('5.99');
  await dialog.getByRole('button', { name: 'Save price' }).click();
  await expect(admin.getByText('Price of “The Mapmaker’s War” saved. Readers who wishlisted it are being told.')).toBeVisible();
  await expect(admin.getByRole('row', { name: /The Mapmaker’s War/ })).toContainText('$5.99');
  await admin.context().close();

  // The notice is replicated: the open page hears it without a reload.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Price drop: “The Mapmaker’s War” is now $5.99');
  await page.getByRole('link', { name: /Price drop: “The Mapmaker’s War”/ }).click();
  await expect(page.locator('.store-book-price')).toContainText('$5.99');
  await expect(page.locator('.store-book-price del')).toContainText('$11.99');
});

test('an admin finds an order and refunds it from its page', async ({ page, browser }) => {
  await signIn(page, DEMO.publisher);
  const origin = appOrigin();
  const started = await page.request.post('/api/checkout', { headers: { origin }, data: { bookIds: ['demo-a-year-of-walking'] } });
  expect(started.status()).toBe(201);
  const { orderId, url } = (await started.json()) as { orderId: string; url: string };
  const paid = await page.request.post(`/api/payments/test/${url.split('/').pop()}/pay`, { headers: { origin }, data: { cardNumber: '4242424242424242' } });
  expect(paid.status()).toBe(200);
  const { order } = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { order: { number: string } };

  const admin = await adminPage(browser);
  await admin.goto('/admin/orders');
  await admin.getByLabel('Search orders').fill(order.number);
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expectAccessible(admin);
  await admin.getByRole('link', { name: order.number }).click();
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();
  const history = admin.getByRole('list', { name: `History of order ${order.number}` });
  await expect(history).toContainText('Paid $14.99');
  await expect(admin.getByText('publisher@quire.test').first()).toBeVisible();
  await expectAccessible(admin);

  await admin.getByRole('button', { name: 'Refund the whole order' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Refund $14.99' }).click();
  await expect(admin.getByText(`Refund of $14.99 sent for order ${order.number}.`)).toBeVisible();
  await expect(admin.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(history).toContainText('Refund asked for by @admin: A Year of Walking ($14.99)');
  await expect(history).toContainText('Refunded $14.99: A Year of Walking');
  await expect(admin.getByRole('button', { name: 'Refund the whole order' })).toHaveCount(0);
  await admin.context().close();
});
