/**
 * The imprint and its people: the demo publisher (Lantern House's owner) adds a staff member who
 * then cannot change the payout account; invites an author who accepts from the bell; edits the
 * storefront, and a visitor reaches it from one of its books' store pages. The staff member and
 * the author are fresh accounts of this journey; the storefront and payout are only this
 * journey's to change (every-route.ts saves the storefront only when it has never been saved).
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, adminPage, appOrigin, expectAccessible, freshAccount, signIn, test } from './fixtures';
import { PHONE, sidewaysOverflow } from './every-route';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function lanternHouse(page: Page): Promise<string> {
  const res = await page.request.get('/api/publisher/imprints');
  expect(res.status()).toBe(200);
  const { imprints } = (await res.json()) as { imprints: { id: string; name: string }[] };
  return imprints.find((i) => i.name === 'Lantern House')!.id;
}

/** A fresh account in its own browser context, signed in: its username. */
async function person(browser: Browser, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = await adminPage(browser);
  await freshAccount(page, admin, name);
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { username: string } };
  return { page, admin, username: me.user.username, close: () => Promise.all([context.close(), admin.context().close()]) };
}

test('the owner adds a staff member, who sees the masked payout account but cannot change it', async ({ page, browser }) => {
  const staff = await person(browser, 'Sam Staff');
  // A publisher account first: they apply, an admin approves.
  const applied = await staff.page.request.post('/api/account/role-requests', {
    headers: { origin: appOrigin() },
    data: { role: 'publisher', imprintName: `Sam's Press ${staff.username}`, message: 'I work at Lantern House.' },
  });
  expect(applied.status()).toBe(201);
  const { request } = (await applied.json()) as { request: { id: string } };
  expect((await staff.admin.request.post(`/api/admin/role-requests/${request.id}/approve`, { headers: { origin: appOrigin() }, data: {} })).status()).toBe(200);

  await signIn(page, DEMO.publisher);
  await page.goto('/publisher/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Imprint settings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Publisher' }).getByRole('link', { name: 'Settings' })).toHaveClass(/active/);

  // A mistyped IBAN is caught at its field; the right one is saved and shown masked.
  const payout = page.getByRole('heading', { name: 'Payout' }).locator('..');
  if (await payout.getByRole('button', { name: 'Change payout account' }).isVisible())
    await payout.getByRole('button', { name: 'Change payout account' }).click();
  await payout.getByLabel('Account holder').fill('Lantern House Ltd');
  await payout.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await payout.getByRole('button', { name: 'Save payout account' }).click();
  await expect(payout.getByText('The check digits do not match')).toBeVisible();
  await payout.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await payout.getByRole('button', { name: 'Save payout account' }).click();
  await expect(payout.getByTestId('payout-summary')).toContainText('•••• 3000');
  await expect(page.getByText('DE89 3704')).toHaveCount(0);

  // Add the staff member by username.
  const members = page.getByRole('heading', { name: 'Members' }).locator('..');
  await members.getByLabel('Username or e-mail').fill(staff.username);
  await members.getByLabel('Role', { exact: true }).selectOption('staff');
  await members.getByRole('button', { name: 'Add member' }).click();
  await expect(
    members
      .getByRole('listitem')
      .filter({ hasText: `@${staff.username}` })
      .getByRole('combobox'),
  ).toHaveValue('staff');
  await page.screenshot({ path: test.info().outputPath('publisher-settings-desktop.png') });

  // The staff member sees the imprint, the masked account, and no way to change it.
  const imprintId = await lanternHouse(staff.page);
  await staff.page.goto(`/publisher/settings?imprint=${imprintId}`);
  const theirPayout = staff.page.getByRole('heading', { name: 'Payout' }).locator('..');
  await expect(theirPayout.getByTestId('payout-summary')).toContainText('•••• 3000');
  await expect(theirPayout.getByText(/Only the imprint.s owners can change where it is paid/)).toBeVisible();
  await expect(staff.page.getByRole('button', { name: 'Change payout account' })).toHaveCount(0);
  await expect(staff.page.getByRole('button', { name: 'Save details' })).toHaveCount(0);
  const refused = await staff.page.request.put(`/api/publisher/imprints/${imprintId}/payout`, {
    headers: { origin: appOrigin() },
    data: { kind: 'iban', holder: 'Sam Staff', iban: 'GB82WEST12345698765432' },
  });
  expect(refused.status()).toBe(403);
  await staff.close();
});

test('the owner invites an author, who accepts from the notification', async ({ page, browser }) => {
  const author = await person(browser, 'Avery Author');
  await signIn(page, DEMO.publisher);
  await page.goto('/publisher/authors');
  await expect(page.getByRole('heading', { level: 1, name: 'Authors' })).toBeVisible();
  await page.getByLabel("Author's username").fill(`@${author.username}`);
  await page.getByRole('button', { name: 'Invite author' }).click();
  const entry = page.getByRole('listitem').filter({ hasText: `@${author.username}` });
  await expect(entry).toContainText('Invited');

  // The author opens the bell: the notice, and the invitation with Accept.
  await author.page.goto('/');
  await author.page.getByRole('button', { name: /Notifications/ }).click();
  const panel = author.page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('region', { name: 'Publisher invitations' })).toContainText('Lantern House invites you to be one of their authors.');
  await expectAccessible(author.page);
  await panel.getByRole('button', { name: "Accept Lantern House's invitation" }).click();
  await expect(panel.getByText("You're now one of Lantern House's authors.")).toBeVisible();

  await page.reload();
  await expect(entry).toContainText('Active');
  await author.close();
});

test('the owner edits the storefront; a visitor finds it from a book page', async ({ page, browser }) => {
  await signIn(page, DEMO.publisher);
  const imprintId = await lanternHouse(page);
  // An image in the publisher's files for the logo.
  const logoName = `lantern-logo-${Date.now().toString(36)}.png`;
  const uploaded = await page.request.post(`/api/files?name=${logoName}`, {
    headers: { origin: appOrigin(), 'content-type': 'application/octet-stream' },
    data: PNG_1x1,
  });
  expect(uploaded.status()).toBe(201);
  const settings = (await (await page.request.get(`/api/publisher/imprints/${imprintId}/storefront`)).json()) as {
    publishedBooks: { id: string; title: string }[];
  };
  const book = settings.publishedBooks[0]!;
  const words = `Small books, well made (${Date.now().toString(36)}).`;

  await page.goto('/publisher/publisher-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
  await page.getByLabel('Logo').selectOption({ label: logoName });
  await page.getByLabel('Description').fill(words);
  const featured = page.getByRole('list', { name: 'Featured, in order' });
  if (await featured.isVisible()) {
    // Start from none: this journey chooses what is featured.
    while ((await featured.getByRole('button', { name: /from the featured books/ }).count()) > 0)
      await featured
        .getByRole('button', { name: /from the featured books/ })
        .first()
        .click();
  }
  await page.getByLabel('Feature a book').selectOption(book.id);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText(words)).toBeVisible();
  await expect(preview.getByRole('region', { name: 'Featured books' }).getByRole('link', { name: book.title })).toBeVisible();
  await page.getByRole('button', { name: 'Save storefront' }).click();
  await expect(page.getByText('Storefront saved.')).toBeVisible();
  await expect(page.getByRole('link', { name: /^\/store\/publisher\// })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('publisher-store-desktop.png') });

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/book/${book.id}`);
  await visitor.getByRole('link', { name: 'Lantern House' }).click();
  await expect(visitor).toHaveURL(/\/store\/publisher\/lantern-house/);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Lantern House' })).toBeVisible();
  await expect(visitor.getByText(words)).toBeVisible();
  await expect(visitor.getByRole('img', { name: 'Lantern House logo' })).toBeVisible();
  await expect(visitor.getByRole('region', { name: 'Featured books' }).getByRole('link', { name: book.title })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.screenshot({ path: test.info().outputPath('public-store-desktop.png') });
  await visitor.setViewportSize(PHONE);
  expect(await sidewaysOverflow(visitor)).toEqual([]);
  await visitor.screenshot({ path: test.info().outputPath('public-store-phone.png') });
  await visitorContext.close();
});

for (const [path, ready] of [
  ['/publisher', 'Books by state'],
  ['/publisher/settings', 'Members'],
  ['/publisher/authors', 'Invite an author'],
  ['/publisher/publisher-store', 'Preview'],
] as const) {
  test(`on a phone ${path} fits the screen`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, DEMO.publisher);
    await page.goto(path);
    await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .skeleton')).toHaveCount(0);
    expect(await sidewaysOverflow(page), path).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath('phone.png') });
    await context.close();
  });
}
